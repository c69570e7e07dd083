import type { LayoutItem } from '@domain/boards/grid'
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { boards, boardWidgets, nodes, userHomeBoards, widgets } from '../db/schema'
import { containsAny, offsetOf } from './search'

/*
 * Boards, widgets, which widget sits on which board, and each user's chosen home board
 * (PRODUCT.md §7). Every statement names the node first (PRODUCT.md §9).
 */

export type BoardRow = typeof boards.$inferSelect
export type WidgetRow = typeof widgets.$inferSelect
export type WidgetWithBoards = WidgetRow & { boardIds: string[] }
export type BoardSettings = BoardRow['settings']

type Conn = Db | Tx

/** `ids` null: every board of the node; a list: only those (a board_view with attributes). */
export async function listBoards(
  db: Db,
  nodeId: string,
  q: { search?: string; page: number; per_page: number; ids: string[] | null },
) {
  const where = and(
    eq(boards.nodeId, nodeId),
    containsAny(q.search, boards.name),
    q.ids ? (q.ids.length ? inArray(boards.id, q.ids) : sql`false`) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(boards)
      .where(where)
      .orderBy(sql`lower(${boards.name})`, asc(boards.id))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(boards).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function findBoard(db: Conn, nodeId: string, id: string): Promise<BoardRow | undefined> {
  const [row] = await db
    .select()
    .from(boards)
    .where(and(eq(boards.nodeId, nodeId), eq(boards.id, id)))
    .limit(1)
  return row
}

export async function lockBoard(tx: Tx, nodeId: string, id: string): Promise<BoardRow | undefined> {
  const [row] = await tx
    .select()
    .from(boards)
    .where(and(eq(boards.nodeId, nodeId), eq(boards.id, id)))
    .for('update')
  return row
}

export async function findDefaultBoard(db: Conn, nodeId: string): Promise<BoardRow | undefined> {
  const [row] = await db
    .select()
    .from(boards)
    .where(and(eq(boards.nodeId, nodeId), eq(boards.isDefault, true)))
    .limit(1)
  return row
}

/**
 * Makes room for a new default board: the node's row is held (without blocking what merely
 * refers to it) so two writers cannot both set one, and the old default stops being it.
 */
export async function clearDefault(tx: Tx, nodeId: string, exceptId?: string) {
  await tx.select({ id: nodes.id }).from(nodes).where(eq(nodes.id, nodeId)).for('no key update')
  await tx
    .update(boards)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(boards.nodeId, nodeId),
        eq(boards.isDefault, true),
        exceptId ? ne(boards.id, exceptId) : undefined,
      ),
    )
}

export async function insertBoard(
  tx: Tx,
  nodeId: string,
  v: { name: string; layout: LayoutItem[]; settings: BoardSettings; isDefault: boolean },
) {
  const [row] = await tx
    .insert(boards)
    .values({ nodeId, ...v })
    .returning()
  return row!
}

export async function updateBoard(
  tx: Tx,
  nodeId: string,
  id: string,
  set: Partial<{
    name: string
    layout: LayoutItem[]
    layouts: BoardRow['layouts']
    settings: BoardSettings
    isDefault: boolean
  }>,
) {
  const [row] = await tx
    .update(boards)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(boards.nodeId, nodeId), eq(boards.id, id)))
    .returning()
  return row!
}

/** Deletes a board; its bindings and the home choices naming it go with it (cascade). */
export async function deleteBoard(tx: Tx, nodeId: string, id: string) {
  await tx.delete(boards).where(and(eq(boards.nodeId, nodeId), eq(boards.id, id)))
}

/** The widgets bound to each of the boards, oldest binding first. */
export async function widgetsOnBoards(
  db: Conn,
  nodeId: string,
  boardIds: string[],
): Promise<Map<string, WidgetRow[]>> {
  const out = new Map<string, WidgetRow[]>(boardIds.map((id) => [id, []]))
  if (boardIds.length === 0) return out
  const rows = await db
    .select({ boardId: boardWidgets.boardId, widget: widgets })
    .from(boardWidgets)
    .innerJoin(widgets, and(eq(widgets.nodeId, boardWidgets.nodeId), eq(widgets.id, boardWidgets.widgetId)))
    .where(and(eq(boardWidgets.nodeId, nodeId), inArray(boardWidgets.boardId, boardIds)))
    .orderBy(asc(boardWidgets.createdAt), asc(widgets.id))
  for (const r of rows) out.get(r.boardId)?.push(r.widget)
  return out
}

/** The boards each widget sits on. */
export async function boardIdsOf(
  db: Conn,
  nodeId: string,
  widgetIds: string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(widgetIds.map((id) => [id, []]))
  if (widgetIds.length === 0) return out
  const rows = await db
    .select({ boardId: boardWidgets.boardId, widgetId: boardWidgets.widgetId })
    .from(boardWidgets)
    .where(and(eq(boardWidgets.nodeId, nodeId), inArray(boardWidgets.widgetId, widgetIds)))
    .orderBy(asc(boardWidgets.boardId))
  for (const r of rows) out.get(r.widgetId)?.push(r.boardId)
  return out
}

export async function withBoardIds(db: Conn, nodeId: string, rows: WidgetRow[]): Promise<WidgetWithBoards[]> {
  const ids = await boardIdsOf(
    db,
    nodeId,
    rows.map((r) => r.id),
  )
  return rows.map((r) => ({ ...r, boardIds: ids.get(r.id) ?? [] }))
}

export async function listWidgets(
  db: Db,
  nodeId: string,
  q: { search?: string; type?: string; page: number; per_page: number },
) {
  const where: SQL | undefined = and(
    eq(widgets.nodeId, nodeId),
    containsAny(q.search, widgets.title),
    q.type ? eq(widgets.type, q.type) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(widgets)
      .where(where)
      .orderBy(sql`lower(${widgets.title})`, asc(widgets.id))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(widgets).where(where),
  ])
  return { rows: await withBoardIds(db, nodeId, rows), total: total?.n ?? 0 }
}

export async function findWidget(db: Conn, nodeId: string, id: string): Promise<WidgetRow | undefined> {
  const [row] = await db
    .select()
    .from(widgets)
    .where(and(eq(widgets.nodeId, nodeId), eq(widgets.id, id)))
    .limit(1)
  return row
}

export async function lockWidget(tx: Tx, nodeId: string, id: string): Promise<WidgetRow | undefined> {
  const [row] = await tx
    .select()
    .from(widgets)
    .where(and(eq(widgets.nodeId, nodeId), eq(widgets.id, id)))
    .for('update')
  return row
}

/** Which of the ids are widgets of the node (held FOR SHARE till the end of the transaction). */
export async function existingWidgets(tx: Tx, nodeId: string, ids: string[]): Promise<WidgetRow[]> {
  if (ids.length === 0) return []
  return tx
    .select()
    .from(widgets)
    .where(and(eq(widgets.nodeId, nodeId), inArray(widgets.id, [...new Set(ids)])))
    .for('share')
}

export async function insertWidget(
  tx: Tx,
  nodeId: string,
  v: { type: string; title: string; settings: Record<string, unknown>; query: string },
) {
  const [row] = await tx
    .insert(widgets)
    .values({ nodeId, ...v })
    .returning()
  return row!
}

export async function updateWidget(
  tx: Tx,
  nodeId: string,
  id: string,
  set: Partial<{ title: string; settings: Record<string, unknown>; query: string }>,
) {
  const [row] = await tx
    .update(widgets)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(widgets.nodeId, nodeId), eq(widgets.id, id)))
    .returning()
  return row!
}

export async function deleteWidget(tx: Tx, nodeId: string, id: string) {
  await tx.delete(widgets).where(and(eq(widgets.nodeId, nodeId), eq(widgets.id, id)))
}

export async function bindWidgets(tx: Tx, nodeId: string, boardId: string, widgetIds: string[]) {
  if (widgetIds.length === 0) return
  await tx
    .insert(boardWidgets)
    .values(widgetIds.map((widgetId) => ({ nodeId, boardId, widgetId })))
    .onConflictDoNothing()
}

export async function unbindWidgets(tx: Tx, nodeId: string, boardId: string, widgetIds: string[]) {
  if (widgetIds.length === 0) return
  await tx
    .delete(boardWidgets)
    .where(
      and(
        eq(boardWidgets.nodeId, nodeId),
        eq(boardWidgets.boardId, boardId),
        inArray(boardWidgets.widgetId, widgetIds),
      ),
    )
}

/** The board the user chose as their home in the node, if any. */
export async function findHomeChoice(db: Conn, nodeId: string, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ boardId: userHomeBoards.boardId })
    .from(userHomeBoards)
    .where(and(eq(userHomeBoards.nodeId, nodeId), eq(userHomeBoards.userId, userId)))
    .limit(1)
  return row?.boardId
}

export async function setHomeChoice(tx: Tx, nodeId: string, userId: string, boardId: string | null) {
  if (boardId === null) {
    await tx
      .delete(userHomeBoards)
      .where(and(eq(userHomeBoards.nodeId, nodeId), eq(userHomeBoards.userId, userId)))
    return
  }
  await tx
    .insert(userHomeBoards)
    .values({ nodeId, userId, boardId })
    .onConflictDoUpdate({ target: [userHomeBoards.nodeId, userHomeBoards.userId], set: { boardId } })
}
