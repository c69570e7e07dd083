/*
 * The schedule's horizontal arrows (spec §4): each scrolls by one column's width (at least 256
 * px); the left one is disabled at the start, the right one at the end. Pure, from the scroll
 * container's measurements.
 */

export interface ScrollBox {
  scrollLeft: number
  clientWidth: number
  scrollWidth: number
}

/** Sub-pixel scroll positions (zoomed pages) count as the end. */
const SLACK = 1

export function arrowState(box: ScrollBox): { left: boolean; right: boolean } {
  const max = Math.max(0, box.scrollWidth - box.clientWidth)
  return { left: box.scrollLeft > SLACK, right: box.scrollLeft < max - SLACK }
}

/**
 * Where one press scrolls to: a column's width left or right, to the nearest column boundary (a
 * column half in view comes fully in), never past either end.
 */
export function scrollTarget(box: ScrollBox, columnWidth: number, direction: -1 | 1): number {
  const max = Math.max(0, box.scrollWidth - box.clientWidth)
  if (columnWidth <= 0) return box.scrollLeft
  const at = box.scrollLeft / columnWidth
  const column =
    direction > 0 ? Math.floor(at + SLACK / columnWidth) + 1 : Math.ceil(at - SLACK / columnWidth) - 1
  return Math.min(max, Math.max(0, column * columnWidth))
}
