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

/** A widget's answers (when each was asked, ms): the newest whole one and the partial ones after it. */
export type AnswerLog = readonly (readonly [number, WidgetResult])[]

/**
 * An answer added to a widget's log, kept in the order the answers were ASKED (not received): a
 * partial answer asked before a whole one is older than it, and one asked after goes over it, so
 * whichever order they come back in, the later request wins. Whatever came before the newest whole
 * answer is dropped (it shows nothing the whole one does not). The same answer twice is kept once.
 */
export function logAnswer(log: AnswerLog, at: number, result: WidgetResult): AnswerLog {
  if (log.some(([, r]) => r === result)) return log
  const sorted = [...log, [at, result] as const].sort((a, b) => a[0] - b[0])
  let whole = -1
  sorted.forEach(([, r], i) => {
    if (!partial(r)) whole = i
  })
  return whole > 0 ? sorted.slice(whole) : sorted
}

/** The answers of a widget (when each was asked, ms) folded in time order: what it shows. */
export function foldResults(answers: AnswerLog): WidgetResult | undefined {
  const sorted = [...answers].sort((a, b) => a[0] - b[0])
  let out: WidgetResult | undefined
  for (const [, r] of sorted) out = out ? mergeResult(out, r) : r
  return out
}
