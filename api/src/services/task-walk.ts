import { recentOrNew } from '../lib/recent'
import type { CarriedTotal, CompiledQuery } from '../rql'
import type { TaskJson } from './task-json'

/*
 * A page of a query that searches text (`~` outside a negation: compiled.searches) in the order of
 * the latest change (the default, or `order by updated_at`) — ADR 025. No index gives a contains'
 * matches in that order: the trigram index (tasks_custom_fields_trgm) finds them all, and
 * PostgreSQL reads every match to sort them. For a rare text that is a handful of rows; for a word
 * in one task in fifteen it is 6,500 rows at 100,000 tasks and 65,000 at a million (0.6 s, 1–3 s a
 * page under load). Walking the node's tasks newest first (tasks_updated_idx) and keeping the
 * matches finds that page after ~800 rows. PostgreSQL cannot choose between the two itself: its
 * estimate of a contains is a guess (the document's prefilter times a default for the value's
 * test: ~100 rows for 65,000), and any wrong choice toward the walk would read the whole node.
 *
 * So the page is first looked for among the first `rows` tasks in the order (rql/window.ts): a
 * whole page found there (per_page + 1 rows past the offset) is the page — the same rows, in the
 * same order, the same next cursor — and anything less is read again the usual way. How many rows
 * to look through is bounded by what the usual way would read, learned per node and query text:
 *
 * - a query first asked: PROBE rows per row needed (a page when one task in PROBE matches);
 *   never more than MAX_ROWS;
 * - a query whose total is known (its last answer's, counted to the cap: what the usual way reads):
 *   as many rows as that total, so a walk that finds nothing costs at most what the usual way does
 *   — or none at all when the total is below a probe's rows (the usual way is cheap then);
 * - a query whose walk found no page lately (RETRY_MS): the usual way at once, unless it may now
 *   look further (a probe found nothing, then the total came: a word in 1% of a million tasks).
 *
 * Only a hint is kept (never a row or a total answered): a stale one costs time, never a wrong
 * answer.
 */

/** Rows looked through per row needed when nothing is known: a page when ≥ 1 task in 40 matches. */
export const PROBE = 40
/** Past this many rows needed (offset + per_page + 1) a page is read the usual way. */
export const MAX_NEED = 1_000
/** Never more rows looked through than this (a total is counted to 10,000: about as far). */
export const MAX_ROWS = 10_000
/** How long a walk that found no page sends its query the usual way. */
const RETRY_MS = 60_000
/** Queries remembered per node, and nodes; past them the least recently asked go. */
const PER_NODE = 256
const NODES = 1_000

/** What is known of a query's matches in a node (a hint: never an answer). */
export interface WalkHint {
  /** The last total answered (a lower bound past the cap). */
  total?: number
  /** When a walk last found no page, and how many rows it looked through. */
  missed?: { at: number; rows: number }
}

const nodes = new Map<string, Map<string, WalkHint>>()

function hintOf(nodeId: string, text: string): WalkHint {
  const kept = recentOrNew(nodes, nodeId, () => new Map<string, WalkHint>(), NODES)
  return recentOrNew(kept, text, () => ({}), PER_NODE)
}

/** Whether a query's pages may be walked for: it searches text, in the order of the latest change. */
export const walksForPages = (compiled: CompiledQuery) =>
  compiled.searches && compiled.orderBy.length === 2 && compiled.orderBy[0]!.name === 'updated_at'

/** How many of the first tasks in the order to look through for `need` rows; 0: the usual way. */
export function walkRows(hint: WalkHint, need: number, now: number): number {
  if (need > MAX_NEED) return 0
  const probe = Math.min(need * PROBE, MAX_ROWS)
  const rows = hint.total === undefined ? probe : hint.total < probe ? 0 : Math.min(hint.total, MAX_ROWS)
  const missed = hint.missed
  return missed && now - missed.at < RETRY_MS && rows <= missed.rows ? 0 : rows
}

/**
 * The rows of a page of a query that walksForPages — `read(rows)` reads the page among the first
 * `rows` tasks of its order only, `read()` the usual way — and the hint's update from its answer's
 * total (`learn`, once the total is known).
 */
export function walkedPage(
  nodeId: string,
  text: string,
  page: { limit: number; offset: number },
  read: (rows?: number) => Promise<TaskJson[]>,
): { rows: Promise<TaskJson[]>; learn(total: CarriedTotal): void } {
  const hint = hintOf(nodeId, text)
  const rows = (async () => {
    const now = Date.now()
    const n = walkRows(hint, page.limit + page.offset, now)
    if (n > 0) {
      const found = await read(n)
      if (found.length === page.limit) {
        hint.missed = undefined
        return found
      }
      hint.missed = { at: now, rows: n }
    }
    return read()
  })()
  return {
    rows,
    learn: (total) => {
      hint.total = total.total
    },
  }
}
