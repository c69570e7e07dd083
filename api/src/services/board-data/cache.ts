import { createHash } from 'node:crypto'
import type { WidgetRow } from '../../repositories/board-data-repository'
import type { DataContext } from './types'

/*
 * A widget's computed data, kept per node and key (ADR 023). Boards are asked again and again for
 * the same thing — every viewer's board every 10 s, on window focus and on every live push — and
 * most of those asks find nothing changed; a kept answer costs nothing to give again.
 *
 * The key is everything a widget's data depends on besides the node's rows: the viewer (their id,
 * which me() reads, and their rights and teams as the access check read them: a viewer whose rights
 * changed asks under a new key), the node's configuration version (statuses and their colours,
 * processes, fields: bumped by triggers, migration 0006), the widget's row as read on this call
 * (type, settings, query, updated_at), its parameters after parsing (page, filters, month, day,
 * viewport… with today's defaults filled in) and today's UTC day (today(), a calendar's today).
 * A query that says now() is never kept: it changes by the millisecond.
 *
 * What the key cannot see is dropped: a node's task writes (its events, at commit in the writing
 * process, and the database's notice 't:<node>' for every other writer — the same signals that drop
 * task totals, task-counts.ts), a change to the node's row, rights bound to a team or a team
 * ('n:<node>', migration 0007 and teams.ts), any user's row, binding, membership or rights ('u:…':
 * names show in rows and filters; all nodes are dropped, such writes are rare). While this process
 * cannot hear the notices nothing is kept or used. A dropped node's in-flight computations are
 * never found again: they belong to the map that was dropped.
 *
 * TTL_MS is the safety net for a notice lost in a way the listener did not notice: 60 s, six times
 * the board's 10 s refresh, so an idle board's refreshes are answered from here, while what a lost
 * notice could cost stays bounded at a minute.
 */

const TTL_MS = 60_000
/** A computation still running after this long is not waited for again: the next ask computes anew. */
const IN_FLIGHT_MS = 30_000
/** Results kept per node; past it the least recently used go first. */
const PER_NODE = 512
/** Nodes with results kept; past it the least recently used node's go. */
const NODES = 1_000
/** All kept results together (their JSON's length, about their size in memory); past it the oldest go. */
const MAX_CHARS = 64 * 1024 * 1024

const USES_NOW = /\bnow\s*\(/i

interface Kept<T> {
  /** When the computation answered; null while it runs (every ask meanwhile shares it). */
  at: number | null
  started: number
  result: Promise<T>
  chars: number
}

interface NodeResults {
  entries: Map<string, Kept<unknown>>
  chars: number
}

const nodes = new Map<string, NodeResults>()
let chars = 0
let listeners = 0
const counts = { hits: 0, misses: 0 }

const viewerKeys = new WeakMap<DataContext, string>()

/** The viewer's part of a key, once per board call. */
function viewerKey(ctx: DataContext): string {
  let key = viewerKeys.get(ctx)
  if (key === undefined) {
    const { userId, rights, team_ids, config } = ctx.who
    key = JSON.stringify([userId, config.version, ctx.now.toISOString().slice(0, 10), rights, team_ids])
    viewerKeys.set(ctx, key)
  }
  return key
}

/** The key of a widget's data for this viewer and these (parsed) parameters. */
export function widgetKey(ctx: DataContext, widget: WidgetRow, params: unknown): string {
  return createHash('sha1')
    .update(viewerKey(ctx))
    .update('\u0000')
    .update(JSON.stringify([widget, params]))
    .digest('base64')
}

function dropEntry(node: NodeResults, key: string) {
  const e = node.entries.get(key)
  if (!e) return
  node.entries.delete(key)
  node.chars -= e.chars
  chars -= e.chars
}

function dropNode(nodeId: string) {
  const node = nodes.get(nodeId)
  if (!node) return
  nodes.delete(nodeId)
  chars -= node.chars
}

/** Oldest first, least recently used node first, until the whole is within MAX_CHARS. */
function trim() {
  for (const [nodeId, node] of nodes) {
    if (chars <= MAX_CHARS) return
    for (const key of node.entries.keys()) {
      if (chars <= MAX_CHARS) break
      dropEntry(node, key)
    }
    if (node.entries.size === 0) nodes.delete(nodeId)
  }
}

/**
 * The widget's data: kept while fresh, else computed (once for concurrent asks). `keep` says
 * whether an answer may be kept (an error entry is not: a failure is tried again on the next ask).
 */
export function cachedWidget<T>(
  ctx: DataContext,
  widget: WidgetRow,
  params: unknown,
  compute: () => Promise<T>,
  keep: (result: T) => boolean,
): Promise<T> {
  if (listeners === 0 || USES_NOW.test(widget.query)) {
    counts.misses++
    return compute()
  }
  const now = Date.now()
  let node = nodes.get(ctx.nodeId)
  if (node) {
    nodes.delete(ctx.nodeId)
    nodes.set(ctx.nodeId, node)
  } else {
    node = { entries: new Map(), chars: 0 }
    nodes.set(ctx.nodeId, node)
    if (nodes.size > NODES) dropNode(nodes.keys().next().value!)
  }
  const key = widgetKey(ctx, widget, params)
  const hit = node.entries.get(key)
  if (hit && (hit.at === null ? now - hit.started < IN_FLIGHT_MS : now - hit.at < TTL_MS)) {
    counts.hits++
    node.entries.delete(key)
    node.entries.set(key, hit)
    return hit.result as Promise<T>
  }
  counts.misses++
  dropEntry(node, key)
  const result = compute()
  const entry: Kept<unknown> = { at: null, started: now, result, chars: 0 }
  node.entries.set(key, entry)
  if (node.entries.size > PER_NODE) dropEntry(node, node.entries.keys().next().value!)
  const kept = node
  result.then(
    (value) => {
      if (kept.entries.get(key) !== entry) return
      if (!keep(value)) {
        dropEntry(kept, key)
        return
      }
      entry.at = Date.now()
      // Measured after the answer has gone out (not on its way), and only while its node is still
      // the one kept: a dropped node's sizes no longer count.
      setImmediate(() => {
        if (nodes.get(ctx.nodeId) !== kept || kept.entries.get(key) !== entry) return
        entry.chars = JSON.stringify(value)?.length ?? 0
        kept.chars += entry.chars
        chars += entry.chars
        if (chars > MAX_CHARS) trim()
      })
    },
    () => {
      if (kept.entries.get(key) === entry) dropEntry(kept, key)
    },
  )
  return result
}

/** The node's task rows (or its row, its teams, its team rights) changed: its widgets compute afresh. */
export function forgetWidgetData(nodeId: string): void {
  dropNode(nodeId)
}

/** Anything may have changed (a user's name, binding or rights; notices lost): everything computes afresh. */
export function forgetAllWidgetData(): void {
  nodes.clear()
  chars = 0
}

/**
 * A notice on nodus_changes that is not about tasks (those go through task-counts.ts):
 * 'n:<node>' drops the node's results, 'u:<user>' everyone's, 's:<session>' nothing.
 */
export function widgetDataNotice(payload: string): void {
  if (payload.startsWith('n:')) forgetWidgetData(payload.slice(2))
  else if (!payload.startsWith('s:')) forgetAllWidgetData()
}

/** A process's listener hears the notices (again), or stopped: either way nothing kept before counts. */
export function widgetDataListening(on: boolean): void {
  listeners = Math.max(0, listeners + (on ? 1 : -1))
  forgetAllWidgetData()
}

/** What the cache did so far and holds now (tests and the bench read it; nothing decides by it). */
export function widgetDataStats(nodeId?: string) {
  return {
    hits: counts.hits,
    misses: counts.misses,
    nodes: nodes.size,
    kept: nodeId === undefined ? undefined : (nodes.get(nodeId)?.entries.size ?? 0),
    chars,
  }
}
