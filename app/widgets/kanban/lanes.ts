import type { KanbanCard, KanbanColumn, KanbanData } from '@domain/widgets/kinds/kanban'

/*
 * Swimlanes (issue 26): rows across all the columns, one per value of the swimlane's field among
 * the cards shown (the web app's server has put each card's value as text: a select option's
 * title, a person's name). A select's lanes keep its options' order, others go by title; the lane
 * of cards without a value is last. Computed from the cards shown, so a column's refetch (`only`)
 * or a card moved meanwhile needs nothing merged besides the columns. A lane's total is its
 * columns' (`column.lanes`, counted by the upstream in the columns' one statement), not the cards
 * shown: a cell whose cards are cut says "N of M".
 */

export interface Lane {
  /** The cards' `lane` ('' : no value). */
  key: string
  /** The value as text ('' for the no-value lane: the page says so in its language). */
  title: string
  /** Cards of the lane shown, over all the columns. */
  count: number
  /** Tasks of the lane over all the columns (the upstream's counts; the cards shown without them). */
  total: number
}

/** A lane-column's cards shown and its tasks (the upstream's count; the shown ones when it has none). */
export function cellCount(column: KanbanColumn, lane: Lane, swimlanes: boolean) {
  const shown = inLane(column, lane, swimlanes).length
  const counted = swimlanes ? column.lanes?.[lane.key] : column.total
  return { shown, total: Math.max(counted ?? shown, shown) }
}

/** A select option's place for a lane key: the stored value, or a multiple select's first one. */
function optionRank(key: string, options: { value: unknown }[]): number {
  let first: unknown = key
  if (key.startsWith('[')) {
    try {
      first = (JSON.parse(key) as unknown[])[0]
    } catch {
      // Not a list after all: the key itself.
    }
  }
  const i = options.findIndex((o) => String(o.value) === String(first))
  return i < 0 ? options.length : i
}

export function lanesOf(swimlane: KanbanData['swimlane'], columns: KanbanColumn[]): Lane[] {
  if (!swimlane) {
    const count = columns.reduce((n, c) => n + c.tasks.length, 0)
    return [{ key: '', title: '', count, total: columns.reduce((n, c) => n + c.total, 0) }]
  }
  const found = new Map<string, Lane>()
  for (const task of columns.flatMap((c) => c.tasks)) {
    const lane = found.get(task.lane) ?? { key: task.lane, title: laneTitle(task), count: 0, total: 0 }
    lane.count++
    found.set(task.lane, lane)
  }
  const options = Array.isArray(swimlane.settings?.options)
    ? (swimlane.settings.options as { value: unknown; title?: unknown }[])
    : []
  // A lane whose cards are all cut still has tasks: a row, if it can be named (the no-value lane,
  // a select's option; a person not among the cards shown has no name here, so no row).
  for (const key of columns.flatMap((c) => Object.keys(c.lanes ?? {}))) {
    if (found.has(key)) continue
    const option = options.find((o) => String(o.value) === key)
    if (key === '' || option)
      found.set(key, { key, title: option ? String(option.title) : '', count: 0, total: 0 })
  }
  for (const lane of found.values())
    lane.total = columns.reduce((n, c) => n + cellCount(c, lane, true).total, 0)
  return [...found.values()].sort((a, b) => {
    if (a.key === '' || b.key === '') return a.key === '' ? 1 : -1
    const byOption = optionRank(a.key, options) - optionRank(b.key, options)
    return byOption || a.title.localeCompare(b.title, undefined, { sensitivity: 'base' })
  })
}

/** A card's lane as text (the server's presentation; a raw value only if none was made). */
function laneTitle(task: KanbanCard): string {
  const v = task.lane_value
  return typeof v === 'string' || typeof v === 'number' ? String(v) : task.lane
}

/** A column's cards of one lane (all of them on a board without swimlanes). */
export const inLane = (column: KanbanColumn, lane: Lane, swimlanes: boolean) =>
  swimlanes ? column.tasks.filter((t) => t.lane === lane.key) : column.tasks
