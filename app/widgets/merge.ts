import { type KanbanData, mergeKanban } from '@domain/widgets/kinds/kanban'
import type { WidgetResult } from './types'

/*
 * A widget's newer answer put over what it showed: whole answers replace, a kanban's answer of some
 * columns (`only`: a move's or a live change's refetch) replaces those columns alone. The same two
 * results always give the same object, so a widget's `data` keeps its identity across renders.
 */

const cache = new WeakMap<WidgetResult, WeakMap<WidgetResult, WidgetResult>>()

const partial = (r: WidgetResult) =>
  r.type === 'kanban' && r.data !== undefined && Array.isArray((r.data as KanbanData).only)

export function mergeResult(prev: WidgetResult, next: WidgetResult): WidgetResult {
  if (!partial(next) || prev.type !== next.type || prev.data === undefined) return next
  const seen = cache.get(prev)?.get(next)
  if (seen) return seen
  const merged: WidgetResult = {
    type: next.type,
    data: mergeKanban(prev.data as KanbanData, next.data as KanbanData),
  }
  const inner = cache.get(prev) ?? new WeakMap()
  inner.set(next, merged)
  cache.set(prev, inner)
  return merged
}

/** The answers of a widget (when each was asked, ms) folded in time order: what it shows. */
export function foldResults(answers: [number, WidgetResult][]): WidgetResult | undefined {
  const sorted = [...answers].sort((a, b) => a[0] - b[0])
  let out: WidgetResult | undefined
  for (const [, r] of sorted) out = out ? mergeResult(out, r) : r
  return out
}
