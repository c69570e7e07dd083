/*
 * The card's attachments list (spec §2 forms, §4, §9): newest first, the latest 3 until expanded
 * with show more (show less collapses it again), hidden when there are none.
 */

export const ATTACHMENTS_COLLAPSED = 3

/** Newest first by created_at; equal times keep the order they came in. */
export function newestFirst<T extends { created_at: string }>(list: readonly T[]): T[] {
  return list
    .map((item, i) => ({ item, i, at: Date.parse(item.created_at) || 0 }))
    .sort((a, b) => b.at - a.at || a.i - b.i)
    .map((x) => x.item)
}

/**
 * What the list shows: `shown` (3 newest, or all when expanded), how many more there are, and
 * whether a show more / show less control is needed at all.
 */
export function attachmentsView<T extends { created_at: string }>(list: readonly T[], expanded: boolean) {
  const sorted = newestFirst(list)
  const collapsible = sorted.length > ATTACHMENTS_COLLAPSED
  const shown = expanded || !collapsible ? sorted : sorted.slice(0, ATTACHMENTS_COLLAPSED)
  return { shown, hidden: sorted.length - shown.length, collapsible, empty: sorted.length === 0 }
}

/** Image thumbnails for these extensions (spec §9). */
const IMAGE = /\.(image|jpe?g|svg|png)$/i
export const isImageName = (name: string) => IMAGE.test(name)

/** A size in bytes for people: 512 B, 1.5 KB, 3.2 MB. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`
  const units = ['KB', 'MB', 'GB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`
}
