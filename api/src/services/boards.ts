import {
  keepBound,
  type LayoutsPatch,
  NARROW_BREAKPOINTS,
  type NarrowBreakpoint,
  resolveLayouts,
} from '@domain/boards/breakpoints'
import { type LayoutItem, placeBelow } from '@domain/boards/grid'
import { hasRight, type RightsMap } from '@domain/rights/rights'
import { getWidgetType, isWidgetType } from '@domain/widgets/registry'
import type { Db, Tx } from '../db/client'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { badInput, forbidden, notFound } from '../http/errors'
import {
  type BoardRow,
  type BoardSettings,
  bindWidgets,
  clearDefault,
  deleteBoard,
  existingWidgets,
  findBoard,
  findDefaultBoard,
  findHomeChoice,
  insertBoard,
  listBoards,
  lockBoard,
  setHomeChoice,
  unbindWidgets,
  updateBoard,
  type WidgetRow,
  widgetsOnBoards,
  withBoardIds,
} from '../repositories/boards-repository'
import { requireNodeRight } from './access'
import { auditIn } from './statuses'
import { presentWidget, type WidgetOut } from './widgets'

/*
 * Boards (PRODUCT.md §7): a named grid of widgets, one of them the node's default. A user sees a
 * board with board_view on it (attributes: board ids; none: every board) — an administrator sees
 * every board, since they make them. The layout holds exactly one item per bound widget.
 */

/** Widgets in reading order of the grid: by row, then column; any the layout misses last. */
function inGridOrder(layout: readonly LayoutItem[], widgets: WidgetOut[]): WidgetOut[] {
  const at = new Map(layout.map((it) => [it.i, it.y * 1000 + it.x]))
  return widgets
    .map((w, n) => ({ w, key: at.get(w.id) ?? Number.MAX_SAFE_INTEGER, n }))
    .sort((a, b) => a.key - b.key || a.n - b.n)
    .map((x) => x.w)
}

/** The narrower breakpoints' layouts, the board's own or derived, and which are its own. */
function narrowLayouts(b: BoardRow) {
  const { md, sm, xs } = resolveLayouts(b.layout, b.layouts)
  return {
    layouts: { md, sm, xs },
    layouts_own: NARROW_BREAKPOINTS.filter((bp) => b.layouts?.[bp] !== undefined),
  }
}

export const presentBoard = (b: BoardRow, widgets: WidgetOut[]) => ({
  id: b.id,
  name: b.name,
  layout: b.layout,
  ...narrowLayouts(b),
  settings: b.settings,
  is_default: b.isDefault,
  widgets: inGridOrder(b.layout, widgets),
  created_at: b.createdAt.toISOString(),
  updated_at: b.updatedAt.toISOString(),
})
export type BoardOut = ReturnType<typeof presentBoard>

/** The board ids the rights let one view: null = every board. */
export function viewableBoardIds(rights: RightsMap): string[] | null {
  if (hasRight(rights, 'is_admin')) return null
  const attrs = rights.board_view
  if (attrs === undefined) return []
  return attrs
}

export const mayViewBoard = (rights: RightsMap, boardId: string) =>
  hasRight(rights, 'is_admin') || hasRight(rights, 'board_view', boardId)

const boardNotFound = (loc: (string | number)[] = ['params', 'boardId']) =>
  notFound('boards.board_not_found', loc)

/** The size a widget of this type starts at (an unknown stored type: the table's). */
const sizeOf = (w: WidgetRow) => getWidgetType(isWidgetType(w.type) ? w.type : 'table').defaultSize

/**
 * The layout kept: items of bound widgets only, one each, then every bound widget it does not
 * place, below the rest at its type's default size (spec §5).
 */
export function settleLayout(layout: readonly LayoutItem[], bound: readonly WidgetRow[]): LayoutItem[] {
  const ids = new Set(bound.map((w) => w.id))
  const seen = new Set<string>()
  const out: LayoutItem[] = []
  for (const item of layout) {
    if (!ids.has(item.i) || seen.has(item.i)) continue
    seen.add(item.i)
    out.push(item)
  }
  for (const w of bound) if (!seen.has(w.id)) out.push(placeBelow(out, w.id, sizeOf(w)))
  return out
}

/** A board with its bound widgets, as the API shows it. */
export async function boardOut(db: Db | Tx, nodeId: string, board: BoardRow): Promise<BoardOut> {
  const bound = (await widgetsOnBoards(db, nodeId, [board.id])).get(board.id) ?? []
  return presentBoard(board, (await withBoardIds(db, nodeId, bound)).map(presentWidget))
}

export async function listNodeBoards(db: Db, c: Caller, nodeId: string, q: Pagination & { search?: string }) {
  const access = await requireNodeRight(db, c.auth, nodeId)
  const { rows, total } = await listBoards(db, nodeId, { ...q, ids: viewableBoardIds(access.rights) })
  const bound = await widgetsOnBoards(
    db,
    nodeId,
    rows.map((r) => r.id),
  )
  const withIds = await withBoardIds(db, nodeId, [
    ...new Map([...bound.values()].flat().map((w) => [w.id, w])).values(),
  ])
  const byId = new Map(withIds.map((w) => [w.id, presentWidget(w)]))
  return {
    rows: rows.map((r) =>
      presentBoard(
        r,
        (bound.get(r.id) ?? []).map((w) => byId.get(w.id)!),
      ),
    ),
    total,
  }
}

/** One board the caller may view: unknown or another node's → 404, not viewable → 403. */
export async function getNodeBoard(db: Db, c: Caller, nodeId: string, id: string) {
  const access = await requireNodeRight(db, c.auth, nodeId)
  const row = await findBoard(db, nodeId, id)
  if (!row) throw boardNotFound()
  if (!mayViewBoard(access.rights, id)) throw forbidden()
  return boardOut(db, nodeId, row)
}

export interface BoardInput {
  name: string
  layout?: LayoutItem[]
  layouts?: LayoutsPatch
  is_default?: boolean
  settings?: BoardSettings
}

/** Every item names a bound widget, else 422 at the first that does not. */
function requireBoundItems(
  layout: readonly LayoutItem[],
  bound: readonly WidgetRow[],
  at: (string | number)[] = ['body', 'layout'],
) {
  const ids = new Set(bound.map((w) => w.id))
  const i = layout.findIndex((it) => !ids.has(it.i))
  if (i >= 0) throw badInput('boards.layout_unknown_item', [...at, i, 'i'])
}

/** The board's own layouts after an edit: each sent one kept, each null one derived again. */
function editedLayouts(row: BoardRow, sent: LayoutsPatch, bound: readonly WidgetRow[]) {
  const out = { ...row.layouts }
  for (const bp of Object.keys(sent) as NarrowBreakpoint[]) {
    const layout = sent[bp]
    if (layout === undefined) continue
    if (layout === null) {
      delete out[bp]
      continue
    }
    requireBoundItems(layout, bound, ['body', 'layouts', bp])
    out[bp] = layout
  }
  return keepBound(out, new Set(bound.map((w) => w.id)))
}

export async function createBoard(db: Db, c: Caller, nodeId: string, input: BoardInput) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  // A new board has no widgets yet: any item names a widget that is not on it.
  requireBoundItems(input.layout ?? [], [])
  return db.transaction(async (tx) => {
    if (input.is_default) await clearDefault(tx, nodeId)
    const row = await insertBoard(tx, nodeId, {
      name: input.name,
      layout: [],
      settings: input.settings ?? {},
      isDefault: input.is_default ?? false,
    })
    await auditIn(tx, c, nodeId, 'boards.board_created', row.id, { name: row.name })
    return presentBoard(row, [])
  })
}

export async function editBoard(db: Db, c: Caller, nodeId: string, id: string, input: Partial<BoardInput>) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    const row = await lockBoard(tx, nodeId, id)
    if (!row) throw boardNotFound()
    const set: Parameters<typeof updateBoard>[3] = {}
    if (input.name !== undefined) set.name = input.name
    if (input.settings !== undefined) set.settings = input.settings
    if (input.layout !== undefined) {
      const bound = (await widgetsOnBoards(tx, nodeId, [id])).get(id) ?? []
      requireBoundItems(input.layout, bound)
      set.layout = settleLayout(input.layout, bound)
    }
    if (input.layouts !== undefined) {
      const bound = (await widgetsOnBoards(tx, nodeId, [id])).get(id) ?? []
      set.layouts = editedLayouts(row, input.layouts, bound)
    }
    if (input.is_default !== undefined && input.is_default !== row.isDefault) {
      if (input.is_default) await clearDefault(tx, nodeId, id)
      set.isDefault = input.is_default
    }
    const updated = await updateBoard(tx, nodeId, id, set)
    await auditIn(tx, c, nodeId, 'boards.board_edited', id, input)
    return boardOut(tx, nodeId, updated)
  })
}

/** Deletes a board; its widgets stay (they may sit on other boards), unbound from it. */
export async function removeBoard(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    const row = await lockBoard(tx, nodeId, id)
    if (!row) throw boardNotFound()
    await deleteBoard(tx, nodeId, id)
    await auditIn(tx, c, nodeId, 'boards.board_deleted', id, { name: row.name })
    return { id }
  })
}

export interface BindBoardInput {
  board_id: string
  widget_ids: string[]
  unbind?: boolean
}

/**
 * Puts widgets on a board (each new one below the rest at its type's default size) or takes them
 * off with `unbind` (their items leave the layout). Both idempotent; answers the board.
 */
export async function bindBoard(db: Db, c: Caller, nodeId: string, input: BindBoardInput) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    const board = await lockBoard(tx, nodeId, input.board_id)
    if (!board) throw boardNotFound(['body', 'board_id'])
    const found = new Set((await existingWidgets(tx, nodeId, input.widget_ids)).map((w) => w.id))
    const missing = input.widget_ids.findIndex((id) => !found.has(id))
    if (missing >= 0) throw notFound('widgets.widget_not_found', ['body', 'widget_ids', missing])
    const ids = [...new Set(input.widget_ids)]
    if (input.unbind) await unbindWidgets(tx, nodeId, board.id, ids)
    else await bindWidgets(tx, nodeId, board.id, ids)
    const bound = (await widgetsOnBoards(tx, nodeId, [board.id])).get(board.id) ?? []
    const updated = await updateBoard(tx, nodeId, board.id, {
      layout: settleLayout(board.layout, bound),
      layouts: keepBound(board.layouts, new Set(bound.map((w) => w.id))),
    })
    await auditIn(tx, c, nodeId, input.unbind ? 'boards.widgets_unbound' : 'boards.widgets_bound', board.id, {
      widget_ids: ids,
    })
    return boardOut(tx, nodeId, updated)
  })
}

/**
 * The caller's home board: the one they chose if they may still view it, else the node's default
 * if they may view that, else none.
 */
export async function getHomeBoard(db: Db, c: Caller, nodeId: string): Promise<BoardOut | null> {
  const access = await requireNodeRight(db, c.auth, nodeId)
  const chosen = await findHomeChoice(db, nodeId, c.auth.user.id)
  if (chosen && mayViewBoard(access.rights, chosen)) {
    const row = await findBoard(db, nodeId, chosen)
    if (row) return boardOut(db, nodeId, row)
  }
  const fallback = await findDefaultBoard(db, nodeId)
  if (fallback && mayViewBoard(access.rights, fallback.id)) return boardOut(db, nodeId, fallback)
  return null
}

/** Sets (or with null clears) the caller's home board: one they may view. Answers the home board. */
export async function setHomeBoard(db: Db, c: Caller, nodeId: string, boardId: string | null) {
  const access = await requireNodeRight(db, c.auth, nodeId)
  await db.transaction(async (tx) => {
    if (boardId !== null) {
      const row = await lockBoard(tx, nodeId, boardId)
      if (!row) throw boardNotFound(['body', 'board_id'])
      if (!mayViewBoard(access.rights, boardId)) throw forbidden()
    }
    await setHomeChoice(tx, nodeId, c.auth.user.id, boardId)
  })
  return getHomeBoard(db, c, nodeId)
}
