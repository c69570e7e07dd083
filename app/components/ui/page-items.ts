/** One slot of a pagination bar: a page number, or the gap between two runs of pages. */
export type PageItem = number | 'ellipsis'

/** Spec §9: at most 7 page buttons, an ellipsis where pages are left out. */
export const MAX_PAGE_ITEMS = 7

/**
 * The slots for page `current` of `total`: every page when they fit; otherwise the first and the last
 * page always, the current page with its neighbours, and an ellipsis for each gap. An ellipsis takes a
 * slot and never stands for a single page (that page is shown instead), so the bar does not jump in
 * width as the current page moves. `current` is clamped into 1..total; no pages, no slots.
 */
export function pageItems(current: number, total: number, max: number = MAX_PAGE_ITEMS): PageItem[] {
  const last = Math.max(0, Math.floor(total))
  if (last === 0) return []
  if (last <= max) return range(1, last)
  const slots = Math.max(max, 5)
  const page = Math.min(Math.max(1, Math.floor(current) || 1), last)
  // A window around the current page between the first and the last, with an ellipsis on each side.
  const window = slots - 4
  const start = page - Math.floor((window - 1) / 2)
  const end = start + window - 1
  // Near an end an ellipsis would hide fewer than two pages: show them, and one ellipsis on the far side.
  if (start < 4) return [...range(1, slots - 2), 'ellipsis', last]
  if (end > last - 3) return [1, 'ellipsis', ...range(last - slots + 3, last)]
  return [1, 'ellipsis', ...range(start, end), 'ellipsis', last]
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i)
}

/** Pages needed for `total` items, `perPage` a page (at least one page, so an empty list still has page 1). */
export function pageCount(total: number, perPage: number): number {
  if (!(perPage > 0)) return 1
  return Math.max(1, Math.ceil(Math.max(0, total) / perPage))
}
