import type { Db } from '../db/client'
import type { WidgetRow } from '../repositories/board-data-repository'
import type { CompiledQuery } from '../rql'
import { widgetQuery } from '../services/board-data/query'
import { WidgetFailure } from '../services/board-data/types'
import { inScope } from '../services/task-access'
import { membership, type TaskChange } from './membership'
import type { LiveStream } from './stream'

/*
 * Which viewed widgets a batch of task changes touches (PRODUCT.md §7 "Live"): a widget is pushed
 * to a stream when the changed task matched its query before or after the change and the stream's
 * viewer may see the task (task_view on its process). Each widget's query is evaluated once per
 * change whatever the number of streams showing it — once per viewer only when the query says
 * me(). A change on a node where no stream shows a widget costs no query at all.
 */

/** More changed tasks than this in one batch (a bulk edit): every viewed widget of the node is pushed. */
export const MAX_EVALUATED = 20

const USES_ME = /\bme\s*\(/i

interface Group {
  widget: WidgetRow
  streams: LiveStream[]
  query: CompiledQuery | null
}

/** The viewed widgets grouped by what their query compiles to for their viewers. */
function groupsOf(streams: LiveStream[]): Group[] {
  const groups = new Map<string, Group>()
  for (const s of streams)
    for (const widget of s.watched.widgets) {
      const key = USES_ME.test(widget.query) ? `${widget.id}:${s.userId}` : widget.id
      let g = groups.get(key)
      if (!g) {
        g = { widget, streams: [], query: compiled(s, widget) }
        groups.set(key, g)
      }
      g.streams.push(s)
    }
  return [...groups.values()].filter((g) => g.query !== null)
}

/** The widget's stored query for this viewer; null when it no longer compiles (it shows an error). */
function compiled(s: LiveStream, widget: WidgetRow): CompiledQuery | null {
  try {
    const ctx = { db: undefined as never, nodeId: s.nodeId, who: s.who, scope: s.scope, now: new Date() }
    return widgetQuery(ctx, widget.query).compiled
  } catch (err) {
    if (err instanceof WidgetFailure) return null
    throw err
  }
}

/** Adds every widget each stream shows (a bulk edit, a changed status or field, changed rights). */
export function pushAll(streams: LiveStream[], out: Map<LiveStream, Set<string>>) {
  for (const s of streams) {
    const set = out.get(s) ?? new Set()
    for (const w of s.watched.widgets) set.add(w.id)
    if (set.size) out.set(s, set)
  }
}

/**
 * Tasks deleted (the undo of an import): the row is gone, so whether it matched a query can no
 * longer be asked; every widget is pushed to the streams whose viewer could see one of them.
 */
export function pushDeleted(
  streams: LiveStream[],
  processIds: Set<string>,
  out: Map<LiveStream, Set<string>>,
) {
  pushAll(
    streams.filter((s) => [...processIds].some((p) => inScope(s.scope, p))),
    out,
  )
}

/** Per stream, per kanban widget: the columns (status ids) the evaluated changes touched. */
export type TouchedColumns = Map<LiveStream, Map<string, Set<string>>>

/** A change's statuses: the one it had before the batch (a move) and the one it has now. */
function statusesOf(change: TaskChange, now: string | null): string[] {
  const before = change.old.get('status')
  return [...new Set([now, typeof before === 'string' ? before : null])].filter(
    (x): x is string => typeof x === 'string',
  )
}

/**
 * Adds, per stream of the node, the widget ids the changes touch; for a kanban, also the columns
 * they touched (`columns`), so the viewer refetches those columns alone. A bulk batch (pushAll)
 * names no columns: the whole widget is read again.
 */
export async function affectedWidgets(
  db: Db,
  nodeId: string,
  changes: TaskChange[],
  streams: LiveStream[],
  out: Map<LiveStream, Set<string>>,
  columns: TouchedColumns = new Map(),
): Promise<void> {
  const viewing = streams.filter((s) => s.watched.widgets.length > 0)
  if (viewing.length === 0 || changes.length === 0) return
  if (changes.length > MAX_EVALUATED) return pushAll(viewing, out)
  const groups = groupsOf(viewing)
  if (groups.length === 0) return
  const queries = groups.map((g) => g.query!)
  for (const change of changes) {
    const m = await membership(db, nodeId, change, queries)
    if (!m.processId) continue
    groups.forEach((g, i) => {
      if (!m.before[i] && !m.after[i]) return
      const touched = g.widget.type === 'kanban' ? statusesOf(change, m.statusId) : []
      for (const s of g.streams) {
        if (!inScope(s.scope, m.processId!)) continue
        const set = out.get(s) ?? new Set()
        set.add(g.widget.id)
        out.set(s, set)
        if (touched.length === 0) continue
        const byWidget = columns.get(s) ?? new Map<string, Set<string>>()
        columns.set(s, byWidget)
        const cols = byWidget.get(g.widget.id) ?? new Set<string>()
        for (const id of touched) cols.add(id)
        byWidget.set(g.widget.id, cols)
      }
    })
  }
}
