import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { boards, boardWidgets, widgets } from '../db/schema'

/*
 * What the board data call reads of boards and widgets (PRODUCT.md §7): the board, its bound
 * widgets, and the boards a widget sits on. The boards area owns their writes.
 */

export type WidgetRow = typeof widgets.$inferSelect

export async function boardOfNode(db: Db | Tx, nodeId: string, boardId: string) {
  const [row] = await db
    .select({ id: boards.id })
    .from(boards)
    .where(and(eq(boards.nodeId, nodeId), eq(boards.id, boardId)))
    .limit(1)
  return row
}

/** The widgets bound to a board (or those of them named), oldest binding first. */
export function widgetsOfBoard(db: Db | Tx, nodeId: string, boardId: string, only?: string[]) {
  return db
    .select({ widget: widgets })
    .from(boardWidgets)
    .innerJoin(widgets, and(eq(widgets.nodeId, boardWidgets.nodeId), eq(widgets.id, boardWidgets.widgetId)))
    .where(
      and(
        eq(boardWidgets.nodeId, nodeId),
        eq(boardWidgets.boardId, boardId),
        only ? inArray(boardWidgets.widgetId, only) : undefined,
      ),
    )
    .orderBy(asc(boardWidgets.createdAt), asc(boardWidgets.widgetId))
    .then((rows) => rows.map((r) => r.widget))
}

export async function widgetOfNode(db: Db | Tx, nodeId: string, widgetId: string) {
  const [row] = await db
    .select()
    .from(widgets)
    .where(and(eq(widgets.nodeId, nodeId), eq(widgets.id, widgetId)))
    .limit(1)
  return row
}

/** The ids of the boards a widget is bound to. */
export async function boardIdsOfWidget(db: Db | Tx, nodeId: string, widgetId: string): Promise<string[]> {
  const rows = await db
    .select({ id: boardWidgets.boardId })
    .from(boardWidgets)
    .where(and(eq(boardWidgets.nodeId, nodeId), eq(boardWidgets.widgetId, widgetId)))
  return rows.map((r) => r.id)
}
