import { messageFor } from '@domain/errors/catalogue'
import { hasRight } from '@domain/rights/rights'
import { widgetParamsOf } from '@domain/widgets/params'
import { getWidgetType, isWidgetType, type WidgetType } from '@domain/widgets/registry'
import type { Db } from '../../db/client'
import type { Caller } from '../../http/caller'
import { forbidden, notFound } from '../../http/errors'
import {
  boardIdsOfWidget,
  boardOfNode,
  type WidgetRow,
  widgetOfNode,
  widgetsOfBoard,
} from '../../repositories/board-data-repository'
import { mayViewBoard } from '../boards'
import { scopeIn, taskCaller } from '../task-access'
import { cachedWidget } from './cache'
import { calendarData } from './calendar'
import { kanbanData } from './kanban'
import { mapData } from './map'
import { scheduleData } from './schedule'
import { tableData } from './table'
import { type DataContext, type DataProvider, WidgetFailure } from './types'
import { batchedUsers } from './users-batch'

/*
 * The board data call (PRODUCT.md §7): every widget of a board computed in parallel for the
 * viewer, each by its type's provider, with its own parameters from the query string
 * (`w.{widgetId}.{param}`, parsed leniently by the type's `params`). A widget that cannot be
 * computed answers its own error entry; the board answers whatever the others do.
 */

/** The data providers by widget type: the domain registry names the types, this says how to compute each. */
const providers: { [T in WidgetType]?: DataProvider<never, unknown> } = {
  table: tableData,
  calendar: calendarData,
  map: mapData,
  schedule: scheduleData,
  kanban: kanbanData,
}

export type WidgetResult =
  | { type: string; data: unknown }
  | { type: string; error: { type: string; msg: string } }

/** Logs what was not the widget's own fault (a database failure), once per widget. */
export type FailureLog = (err: unknown, widget: WidgetRow) => void

/** The widget's parameters as its type reads them (a bad value is the default); undefined for an unknown type. */
function paramsOf(type: string, raw: Record<string, string>): unknown {
  if (!isWidgetType(type)) return undefined
  const kind = getWidgetType(type)
  const parsed = kind.params.safeParse(raw)
  return parsed.success ? parsed.data : kind.params.parse({})
}

/** One widget's data for the viewer, computed now; never rejects: a failure is the widget's error entry. */
async function computeNow(
  ctx: DataContext,
  widget: WidgetRow,
  params: unknown,
  log?: FailureLog,
): Promise<WidgetResult> {
  const type = widget.type
  try {
    const provider = isWidgetType(type) ? providers[type] : undefined
    if (!provider) throw new WidgetFailure('widgets.unknown_type')
    return { type, data: await (provider as DataProvider<unknown, unknown>).compute(ctx, widget, params) }
  } catch (err) {
    if (err instanceof WidgetFailure) return { type, error: { type: err.code, msg: err.msg } }
    log?.(err, widget)
    return { type, error: { type: 'server.error', msg: messageFor('server.error') } }
  }
}

/**
 * One widget's data for the viewer, kept a while per viewer, widget and parameters (cache.ts, ADR
 * 023); never rejects. An error entry is never kept. The answer may be shared: it is only read.
 */
export function computeWidget(
  ctx: DataContext,
  widget: WidgetRow,
  raw: Record<string, string>,
  log?: FailureLog,
): Promise<WidgetResult> {
  const params = paramsOf(widget.type, raw)
  return cachedWidget(
    ctx,
    widget,
    params,
    () => computeNow(ctx, widget, params, log),
    (r) => !('error' in r),
  )
}

async function viewerContext(db: Db, c: Caller, nodeId: string) {
  const who = await taskCaller(db, c, nodeId)
  const ctx: DataContext = {
    db,
    nodeId,
    who,
    scope: scopeIn(who.config, who.rights, 'task_view'),
    now: new Date(),
    users: batchedUsers(db),
  }
  return ctx
}

/** At most this many widget ids in `widgets=` (a board never has more bound). */
const MAX_LISTED = 200
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** `widgets=id,id`: the listed ids that are ids; undefined when absent (every widget). */
export function listedWidgets(raw: string | null): string[] | undefined {
  if (raw === null) return undefined
  return [...new Set(raw.split(',').map((s) => s.trim()))].filter((s) => UUID.test(s)).slice(0, MAX_LISTED)
}

export interface BoardRun {
  /** Widget id → its result, each settling on its own (all at once: one parallel computation). */
  results: [string, Promise<WidgetResult>][]
}

/**
 * Checks the viewer (404 boards.board_not_found for an unknown or another node's board, 403
 * rights.forbidden without board_view on it) and starts every widget's computation.
 */
export async function runBoard(
  db: Db,
  c: Caller,
  nodeId: string,
  boardId: string,
  search: URLSearchParams,
  log?: FailureLog,
): Promise<BoardRun> {
  const only = listedWidgets(search.get('widgets'))
  // One round trip's wait instead of three: the board and its widgets are read while the caller's
  // access is checked, and thrown away unless it passes (node first, then board, then right).
  const [viewer, board, bound] = await Promise.allSettled([
    viewerContext(db, c, nodeId),
    boardOfNode(db, nodeId, boardId),
    only?.length === 0 ? Promise.resolve([]) : widgetsOfBoard(db, nodeId, boardId, only),
  ])
  if (viewer.status === 'rejected') throw viewer.reason
  const ctx = viewer.value
  if (board.status === 'rejected') throw board.reason
  if (!board.value) throw notFound('boards.board_not_found')
  if (!mayViewBoard(ctx.who.rights, boardId)) throw forbidden()
  if (bound.status === 'rejected') throw bound.reason
  const widgets = bound.value
  const params = widgetParamsOf(search)
  return {
    results: widgets.map((w) => [w.id, computeWidget(ctx, w, params.get(w.id) ?? {}, log)]),
  }
}

/** The whole board's data at once: `{ [widgetId]: { type, data } | { type, error } }`. */
export async function boardData(
  db: Db,
  c: Caller,
  nodeId: string,
  boardId: string,
  search: URLSearchParams,
  log?: FailureLog,
): Promise<Record<string, WidgetResult>> {
  const run = await runBoard(db, c, nodeId, boardId, search, log)
  const settled = await Promise.all(run.results.map(async ([id, p]) => [id, await p] as const))
  return Object.fromEntries(settled)
}

/**
 * One widget's data (the admin's preview, or a widget alone): is_admin, or the widget is on a
 * board the viewer may view; 404 widgets.widget_not_found for an unknown or another node's widget.
 */
export async function widgetData(
  db: Db,
  c: Caller,
  nodeId: string,
  widgetId: string,
  search: URLSearchParams,
  log?: FailureLog,
): Promise<WidgetResult> {
  const ctx = await viewerContext(db, c, nodeId)
  const widget = await widgetOfNode(db, nodeId, widgetId)
  if (!widget) throw notFound('widgets.widget_not_found')
  if (!hasRight(ctx.who.rights, 'is_admin')) {
    const boards = await boardIdsOfWidget(db, nodeId, widgetId)
    if (!boards.some((b) => mayViewBoard(ctx.who.rights, b))) throw forbidden()
  }
  return computeWidget(ctx, widget, widgetParamsOf(search).get(widgetId) ?? {}, log)
}
