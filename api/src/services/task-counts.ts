import { TASK_EVENT_TYPES } from '@domain/events'
import type { EventBus } from '../events/bus'
import { forgetWidgetData } from './board-data/cache'

/*
 * The exact total of a task query (meta.total) costs more than the page it comes with once a node
 * is large: the page stops after per_page + 1 rows in index order, the count reads every match.
 * Boards ask the same queries again and again (every viewer of a widget, every auto-reload), so a
 * total is kept for a couple of seconds per node and query. The events of every task write make
 * each process forget the node's totals (forgetTotalsOn; in the writing process at its commit,
 * before the write answers: ADR 015); a write made outside the upstream (a script) arrives as the
 * database's notice 't:<node>' (migration 0008, app.ts) a moment after its commit, and STALE_MS
 * bounds what a lost notice could cost. A calendar widget's month (its count per day,
 * services/board-data/calendar.ts) is such a total too, kept the same way.
 *
 * A task query's page is never kept here. A widget's whole data is (board-data/cache.ts, ADR 023:
 * boards ask the same thing every 10 s per viewer and on every live push, and an idle board should
 * cost nothing), and it is dropped by the very same signals: forgetTaskReads below.
 */

const TTL_MS = 2_000
/**
 * Past TTL_MS a kept total is still answered while it is counted again (once, in the background)
 * — up to this age, past which the ask waits for the fresh count. A node of a million tasks counts
 * a query's total in tens of ms: every page asked in that moment waited for it, every TTL_MS
 * (the filtered list's p99 at 1M, issue 15). A write still makes the next ask wait: the node's
 * totals are forgotten, not stale.
 */
const STALE_MS = 10_000
/** A count still running after this long is not waited for again: the next ask counts anew. */
const IN_FLIGHT_MS = 30_000
/** Totals kept per node; past it the oldest go first. */
const PER_NODE = 256
/** Nodes with totals kept; past it the least recently used node's go. */
const NODES = 1_000

interface Kept {
  /** When the count answered; null while it runs (every ask meanwhile shares it, up to IN_FLIGHT_MS). */
  at: number | null
  started: number
  total: Promise<unknown>
  /** The count running to replace a total past TTL_MS (answered meanwhile). */
  refresh?: Promise<unknown>
}

const nodes = new Map<string, Map<string, Kept>>()

/** The node's kept totals, made the most recently used node. */
function totalsOf(nodeId: string): Map<string, Kept> {
  let kept = nodes.get(nodeId)
  if (kept) {
    nodes.delete(nodeId)
    nodes.set(nodeId, kept)
  } else {
    kept = new Map()
    nodes.set(nodeId, kept)
    if (nodes.size > NODES) nodes.delete(nodes.keys().next().value!)
  }
  return kept
}

/**
 * The kept total for this node and query key, as cachedTotal would answer it without counting
 * afresh (fresh, being counted, or stale and then counted again in the background by `count`);
 * undefined when cachedTotal would wait for a new count — the caller may then count it its own way
 * (POST /tasks/rql: in the page's own statement) and keep it with keepTotal.
 */
export function keptTotal<T = number>(
  nodeId: string,
  key: string,
  count: () => Promise<T>,
): Promise<T> | undefined {
  return answerKept(totalsOf(nodeId), key, count, Date.now())
}

function answerKept<T>(kept: Map<string, Kept>, key: string, count: () => Promise<T>, now: number) {
  const hit = kept.get(key)
  const fresh = hit && (hit.at === null ? now - hit.started < IN_FLIGHT_MS : now - hit.at < TTL_MS)
  if (hit && fresh) return hit.total as Promise<T>
  if (hit && hit.at !== null && now - hit.at < STALE_MS) {
    if (!hit.refresh) {
      const refresh = count()
      hit.refresh = refresh
      refresh.then(
        () => {
          hit.total = refresh
          hit.at = Date.now()
          hit.refresh = undefined
        },
        () => {
          hit.refresh = undefined
        },
      )
    }
    return hit.total as Promise<T>
  }
  return undefined
}

/** The total for this node and query key: kept while fresh, else counted (once for concurrent asks). */
export function cachedTotal<T = number>(nodeId: string, key: string, count: () => Promise<T>): Promise<T> {
  const now = Date.now()
  const kept = totalsOf(nodeId)
  const answered = answerKept(kept, key, count, now)
  if (answered) return answered
  const total = count()
  const entry: Kept = { at: null, started: now, total }
  keepEntry(kept, key, entry)
  // Fresh for TTL_MS from when the count answers, not from when it began: a count slower than
  // TTL_MS (exact totals over a million tasks, several at once) would otherwise be stale on
  // arrival and counted again by every call. A write meanwhile still forgets it (forgetTotals
  // drops the node's entries, this one included). A failed count is not kept.
  total.then(
    () => {
      entry.at = Date.now()
    },
    () => {
      if (kept.get(key) === entry) kept.delete(key)
    },
  )
  return total
}

function keepEntry(kept: Map<string, Kept>, key: string, entry: Kept) {
  kept.delete(key)
  kept.set(key, entry)
  if (kept.size > PER_NODE) kept.delete(kept.keys().next().value!)
}

/**
 * Where a total counted elsewhere is to be kept (POST /tasks/rql counts it in its page's statement,
 * or knows it from a page that is not full): taken before that statement runs, so that a task
 * write answered meanwhile (forgetTaskReads drops the node's totals) makes the answer not kept —
 * it may predate the write.
 */
export function totalSlot(nodeId: string, key: string): { keep(total: unknown): void } {
  const kept = totalsOf(nodeId)
  return {
    keep: (total) => {
      if (nodes.get(nodeId) !== kept) return
      const now = Date.now()
      keepEntry(kept, key, { at: now, started: now, total: Promise.resolve(total) })
    },
  }
}

/** Tasks of the node changed: its totals are counted afresh and its widgets' data computed afresh. */
export function forgetTaskReads(nodeId: string): void {
  nodes.delete(nodeId)
  forgetWidgetData(nodeId)
}

/**
 * A change of a node's task rows (its events) makes what was read from them read afresh, in every
 * process. Subscribed by type, so it runs before the live streams' '*' (a pushed board asks anew
 * and finds nothing kept).
 */
export function forgetTaskReadsOn(events: EventBus) {
  for (const type of TASK_EVENT_TYPES)
    if (type !== 'comment.added')
      events.subscribe(type, (e) => {
        if (e.node_id) forgetTaskReads(e.node_id)
      })
}
