import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { tasks } from '../db/schema'
import type { Caller } from '../http/caller'
import { forbidden, notFound } from '../http/errors'
import { boardOfNode } from '../repositories/board-data-repository'
import { mayViewBoard } from '../services/boards'
import { inScope, scopeIn, type TaskCaller, taskCaller } from '../services/task-access'
import { watchBoards } from './boards'
import type { Watched } from './stream'

/*
 * What a stream may watch, checked as the board data call and the task card check it: the node
 * (404 nodes.node_not_found), each board (404 boards.board_not_found, 403 without board_view on it),
 * the task (404 tasks.task_not_found for an unknown task, another node's, or one the viewer may
 * not see). Nothing is streamed before these pass.
 */

export interface WatchRequest {
  boards: string[]
  task?: string
}

export async function openWatch(
  db: Db,
  c: Caller,
  nodeId: string,
  want: WatchRequest,
): Promise<{ who: TaskCaller; watched: Watched }> {
  const who = await taskCaller(db, c, nodeId)
  for (const boardId of want.boards) {
    if (!(await boardOfNode(db, nodeId, boardId)))
      throw notFound('boards.board_not_found', ['query', 'boards'])
    if (!mayViewBoard(who.rights, boardId)) throw forbidden()
  }
  const { widgets, boards } = await watchBoards(db, nodeId, want.boards)
  let task: Watched['task']
  if (want.task) {
    const [row] = await db
      .select({ id: tasks.id, processId: tasks.processId })
      .from(tasks)
      .where(and(eq(tasks.nodeId, nodeId), eq(tasks.id, want.task)))
      .limit(1)
    if (!row || !inScope(scopeIn(who.config, who.rights, 'task_view'), row.processId))
      throw notFound('tasks.task_not_found', ['query', 'task'])
    task = row
  }
  return { who, watched: { widgets, boards, task } }
}
