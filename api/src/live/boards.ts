import type { BoardEventType, NodusEvent } from '@domain/events'
import { BOARD_EVENT_TYPES } from '@domain/events'
import type { Db } from '../db/client'
import { boardOfNode, type WidgetRow, widgetsOfBoard } from '../repositories/board-data-repository'
import type { LiveFrame } from './sse'
import type { LiveStream } from './stream'

/*
 * An administrator's edit of a board or of a widget on it (PRODUCT.md §7 "Live"): the streams that
 * show that board read its widgets again (a changed query is judged from then on) and get a
 * `board` frame naming it — the browser reloads the board. Only streams watching the board hear of
 * it; an administrator's own layout save is not echoed back to them (their page already has it).
 */

const BOARD = new Set<string>(BOARD_EVENT_TYPES)

/** The boards' widgets as they are now; a board no longer there is left out. */
export async function watchBoards(db: Db, nodeId: string, boardIds: string[]) {
  const widgets = new Map<string, WidgetRow>()
  const boards = new Map<string, Set<string>>()
  for (const boardId of boardIds) {
    if (!(await boardOfNode(db, nodeId, boardId))) continue
    const list = await widgetsOfBoard(db, nodeId, boardId)
    boards.set(boardId, new Set(list.map((w) => w.id)))
    for (const w of list) widgets.set(w.id, w)
  }
  return { widgets: [...widgets.values()], boards }
}

type BoardEvent = NodusEvent<BoardEventType>

/** The viewer's own layout save: nothing to tell them. */
const ownLayout = (e: BoardEvent, s: LiveStream) =>
  e.type === 'board.edited' &&
  e.actor_id === s.userId &&
  Object.keys(e.data).every((k) => k === 'id' || k === 'layout')

/** Which of the boards this stream shows the event changes. */
function boardsHit(e: BoardEvent, s: LiveStream): string[] {
  const id = e.data.id
  if (!id || ownLayout(e, s)) return []
  if (e.type.startsWith('board.')) return s.watched.boards.has(id) ? [id] : []
  return [...s.watched.boards].filter(([, widgets]) => widgets.has(id)).map(([board]) => board)
}

/** The `board` frames of a batch; the streams they go to have read their widgets again. */
export async function boardFrames(
  db: Db,
  events: NodusEvent[],
  byNode: Map<string, LiveStream[]>,
  add: (s: LiveStream, f: LiveFrame) => void,
): Promise<void> {
  const hit = new Map<LiveStream, Set<string>>()
  for (const e of events) {
    if (!BOARD.has(e.type) || !e.node_id) continue
    for (const s of byNode.get(e.node_id) ?? []) {
      if (s.isClosed) continue
      const boards = boardsHit(e as BoardEvent, s)
      if (boards.length) hit.set(s, new Set([...(hit.get(s) ?? []), ...boards]))
    }
  }
  await Promise.all([...hit.keys()].map((s) => s.rewatch(db)))
  for (const [s, boards] of hit) add(s, { event: 'board', data: { boards: [...boards] } })
}
