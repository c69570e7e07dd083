import type { KanbanCard, KanbanColumn, KanbanData } from '@domain/widgets/kinds/kanban'

/*
 * Swimlanes (issue 26): rows across all the columns, one per value of the swimlane's field among
 * the cards shown (the web app's server has put each card's value as text: a select option's
 * title, a person's name). A select's lanes keep its options' order, others go by title; the lane
 * of cards without a value is last. Computed from the cards shown, so a column's refetch (`only`)
 * or a card moved meanwhile needs nothing merged besides the columns.
 */

export interface Lane {
  /** The cards' `lane` ('' : no value). */
  key: string
  /** The value as text ('' for the no-value lane: the page says so in its language). */
  title: string
  /** Cards of the lane shown, over all the columns. */
  count: number
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
  if (!swimlane) return [{ key: '', title: '', count: columns.reduce((n, c) => n + c.tasks.length, 0) }]
  const found = new Map<string, Lane>()
  for (const task of columns.flatMap((c) => c.tasks)) {
    const lane = found.get(task.lane) ?? { key: task.lane, title: laneTitle(task), count: 0 }
    lane.count++
    found.set(task.lane, lane)
  }
  const options = Array.isArray(swimlane.settings?.options)
    ? (swimlane.settings.options as { value: unknown }[])
    : []
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
