import { dropItem } from '@domain/boards/breakpoints'
import { type DetailEntry, messageFor } from '@domain/errors/catalogue'
import { issueDetail } from '@domain/errors/issues'
import { buildDefaults, buildFormSchema } from '@domain/fields/form'
import { SYSTEM_FIELDS } from '@domain/fields/system'
import type { FieldDefinition } from '@domain/fields/types'
import { checkQueryText, namedValues, rqlDetail } from '@domain/rql'
import { settingsContextOf } from '@domain/widgets/context'
import { getWidgetType, isWidgetType } from '@domain/widgets/registry'
import type { ContextProcess, SettingsContext, WidgetKind } from '@domain/widgets/types'
import type { Db, Tx } from '../db/client'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { InvalidInput, notFound } from '../http/errors'
import {
  boardIdsOf,
  deleteWidget,
  findWidget,
  insertWidget,
  listWidgets,
  lockBoard,
  lockWidget,
  updateBoard,
  updateWidget,
  type WidgetWithBoards,
  withBoardIds,
} from '../repositories/boards-repository'
import { compileQuery } from '../rql'
import { requireNodeRight } from './access'
import { type NodeConfig, nodeConfig } from './node-config'
import { configNames } from './query-names'
import { auditIn } from './statuses'

/*
 * Widgets (PRODUCT.md §7): an administrator's object — a type from the registry, a title, settings
 * checked against the type's settings fields (whose options are the node's fields) and a task
 * query checked by the query language. Users see them through the boards they may view.
 */

export const presentWidget = (w: WidgetWithBoards) => ({
  id: w.id,
  type: w.type,
  title: w.title,
  settings: w.settings,
  query: w.query,
  board_ids: w.boardIds,
  created_at: w.createdAt.toISOString(),
  updated_at: w.updatedAt.toISOString(),
})
export type WidgetOut = ReturnType<typeof presentWidget>

/**
 * The node's fields as the settings form's options: every field (and the task key), the date-like
 * ones; and its processes with their statuses in progress order (a kanban's), from its configuration.
 */
export const settingsContext = (
  customs: readonly FieldDefinition[],
  config?: Pick<NodeConfig, 'flows' | 'statuses'>,
): SettingsContext => settingsContextOf([...SYSTEM_FIELDS, ...customs], processesOf(config))

function processesOf(config: Pick<NodeConfig, 'flows' | 'statuses'> | undefined): ContextProcess[] {
  if (!config) return []
  return [...config.flows.values()]
    .map((f) => ({
      id: f.process.id,
      name: f.process.name,
      statuses: f.workflow.status_ids.flatMap((id) => {
        const s = config.statuses.get(id)
        return s ? [{ id: s.id, name: s.name }] : []
      }),
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The given settings over the type's defaults (objects merge; anything else replaces). */
function overDefaults(defaults: unknown, given: unknown): unknown {
  if (!isObject(defaults) || !isObject(given)) return given === undefined ? defaults : given
  const out: Record<string, unknown> = { ...defaults }
  for (const [k, v] of Object.entries(given)) out[k] = overDefaults(defaults[k], v)
  return out
}

/**
 * A widget's settings checked by its type's settings fields (missing ones take their defaults).
 * Answers the settings as stored, or the problems at `where` + their path under `settings`.
 */
export function checkSettings(
  kind: WidgetKind,
  ctx: SettingsContext,
  settings: unknown,
  where: (string | number)[],
): { value: Record<string, unknown>; problems: DetailEntry[] } {
  const defs = kind.settingsFields(ctx)
  const defaults = (buildDefaults(defs).settings ?? {}) as Record<string, unknown>
  const result = buildFormSchema(defs).safeParse({ settings: overDefaults(defaults, settings ?? {}) })
  if (result.success) {
    const value = (result.data.settings ?? {}) as Record<string, unknown>
    const across = kind.checkSettings?.(value, ctx) ?? []
    return {
      value: across.length ? {} : value,
      problems: across.map((p) => ({
        type: p.type,
        msg: messageFor(p.type, p.ctx),
        loc: [...where, 'settings', ...p.path],
        ...(p.ctx ? { ctx: p.ctx } : {}),
      })),
    }
  }
  return {
    value: {},
    problems: result.error.issues.map((i) => issueDetail(i, [...where, ...i.path])),
  }
}

/** The query's problems (parse, check and compile), each at `loc` with its position. */
export function checkWidgetQuery(
  text: string,
  customs: FieldDefinition[],
  userId: string,
  loc: (string | number)[],
  /** Statuses and processes by name, as a board reads them (board-data/query.ts); else ids only. */
  config?: Pick<NodeConfig, 'statuses' | 'flows'>,
): DetailEntry[] {
  if (!text.trim()) return []
  const checked = checkQueryText(text, customs)
  if (!checked.ok) return checked.errors.map((e) => rqlDetail(e, loc))
  const names = config && configNames(config, namedValues(checked.value))
  const compiled = compileQuery(checked.value, { customs, run: { now: new Date(), userId }, names })
  return compiled.ok ? [] : compiled.errors.map((e) => rqlDetail(e, loc))
}

const unknownType = (loc: (string | number)[]): DetailEntry => ({
  type: 'widgets.unknown_type',
  msg: messageFor('widgets.unknown_type'),
  loc,
})

/** Type, settings and query of a widget as the node's fields and query language see them. */
export async function validWidget(
  db: Db | Tx,
  nodeId: string,
  userId: string,
  w: { type: string; settings?: unknown; query?: string },
): Promise<{ settings: Record<string, unknown>; query: string }> {
  if (!isWidgetType(w.type)) throw new InvalidInput([unknownType(['body', 'type'])])
  const config = await nodeConfig(db, nodeId)
  const customs = config.customs
  const settings = checkSettings(getWidgetType(w.type), settingsContext(customs, config), w.settings, [
    'body',
  ])
  const query = (w.query ?? '').trim()
  const problems = [
    ...settings.problems,
    ...checkWidgetQuery(query, customs, userId, ['body', 'query'], config),
  ]
  if (problems.length) throw new InvalidInput(problems)
  return { settings: settings.value, query }
}

const widgetNotFound = (loc: (string | number)[] = ['params', 'widgetId']) =>
  notFound('widgets.widget_not_found', loc)

export async function listNodeWidgets(
  db: Db,
  c: Caller,
  nodeId: string,
  q: Pagination & { search?: string; type?: string },
) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  const { rows, total } = await listWidgets(db, nodeId, q)
  return { rows: rows.map(presentWidget), total }
}

export async function getNodeWidget(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  const row = await findWidget(db, nodeId, id)
  if (!row) throw widgetNotFound()
  return presentWidget((await withBoardIds(db, nodeId, [row]))[0]!)
}

export interface WidgetInput {
  type: string
  title: string
  settings?: Record<string, unknown>
  query?: string
}

export async function createWidget(db: Db, c: Caller, nodeId: string, input: WidgetInput) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  const valid = await validWidget(db, nodeId, c.auth.user.id, input)
  return db.transaction(async (tx) => {
    const row = await insertWidget(tx, nodeId, { type: input.type, title: input.title, ...valid })
    await auditIn(tx, c, nodeId, 'widgets.widget_created', row.id, { type: row.type, title: row.title })
    return presentWidget({ ...row, boardIds: [] })
  })
}

export async function editWidget(
  db: Db,
  c: Caller,
  nodeId: string,
  id: string,
  input: Partial<Omit<WidgetInput, 'type'>>,
) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    const row = await lockWidget(tx, nodeId, id)
    if (!row) throw widgetNotFound()
    const set: Parameters<typeof updateWidget>[3] = {}
    if (input.title !== undefined) set.title = input.title
    if (input.settings !== undefined || input.query !== undefined) {
      const valid = await validWidget(tx, nodeId, c.auth.user.id, {
        type: row.type,
        settings: input.settings ?? row.settings,
        query: input.query ?? row.query,
      })
      if (input.settings !== undefined) set.settings = valid.settings
      if (input.query !== undefined) set.query = valid.query
    }
    const updated = await updateWidget(tx, nodeId, id, set)
    await auditIn(tx, c, nodeId, 'widgets.widget_edited', id, input)
    return presentWidget((await withBoardIds(tx, nodeId, [updated]))[0]!)
  })
}

/**
 * Deletes a widget: it leaves every board it sat on, and their layouts lose its item. Its boards
 * are held before the widget, in the order bind-board takes them (board, then widgets), so the two
 * never wait on each other.
 */
export async function removeWidget(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    const boardIds = [...((await boardIdsOf(tx, nodeId, [id])).get(id) ?? [])].sort()
    const held = []
    for (const boardId of boardIds) {
      const board = await lockBoard(tx, nodeId, boardId)
      if (board) held.push(board)
    }
    const row = await lockWidget(tx, nodeId, id)
    if (!row) throw widgetNotFound()
    for (const board of held)
      await updateBoard(tx, nodeId, board.id, {
        layout: board.layout.filter((it) => it.i !== id),
        layouts: dropItem(board.layouts, id),
      })
    await deleteWidget(tx, nodeId, id)
    await auditIn(tx, c, nodeId, 'widgets.widget_deleted', id, { title: row.title })
    return { id }
  })
}
