import { hasRight, type RightsMap } from '@domain/rights/rights'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { processes, teamMembers } from '../db/schema'
import type { Caller } from '../http/caller'
import type { ProcessScope } from '../repositories/task-scope'
import { requireNodeRight } from './access'

/*
 * Who may see, edit and create which tasks (PRODUCT.md §3): task_view, task_edit and task_create
 * take process keys as attributes; none means every process. Shared by the tasks' routes and the
 * task queries (RQL, bulk edit): one place turns a caller's rights into the processes they reach.
 */

export type TaskRight = 'task_view' | 'task_edit' | 'task_create'

export { inScope, type ProcessScope, scopeCondition } from '../repositories/task-scope'

/** The processes of the node (ids) whose key is in the right's attributes. */
export async function scopeOf(
  db: Db | Tx,
  nodeId: string,
  rights: RightsMap,
  right: TaskRight,
): Promise<ProcessScope> {
  const keys = rights[right]
  if (keys === undefined) return []
  if (keys === null) return 'all'
  if (keys.length === 0) return []
  const rows = await db
    .select({ id: processes.id })
    .from(processes)
    .where(and(eq(processes.nodeId, nodeId), inArray(processes.key, keys)))
  return rows.map((r) => r.id)
}

/**
 * The first line of a task query: the node must exist and the caller be bound to it with
 * is_authorized (else 404 nodes.node_not_found / 403 rights.forbidden, as every tenant call); then
 * the processes whose tasks `right` lets the caller reach — 'all', or a list of process ids (empty
 * when the caller holds the right for no process: the query then matches nothing). Never throws
 * for the right itself, so that a task of an unreachable process answers 404, not 403.
 *
 *   const scope = await taskRightsFilter(db, caller, nodeId, 'task_view')
 *   db.select().from(tasks).where(and(eq(tasks.nodeId, nodeId), scopeCondition(scope, tasks.processId)))
 */
export async function taskRightsFilter(
  db: Db,
  caller: Caller,
  nodeId: string,
  right: TaskRight,
): Promise<ProcessScope> {
  const { rights } = await requireNodeRight(db, caller.auth, nodeId)
  return scopeOf(db, nodeId, rights, right)
}

/** What the task services know of the caller in a node: merged rights and teams (a workflow Mover). */
export interface TaskCaller {
  userId: string
  rights: RightsMap
  team_ids: string[]
}

/**
 * The caller in the node, for calls about one task at a time: bound with is_authorized (404/403
 * as above), with the rights and teams that decide views, edits and status moves.
 */
export async function taskCaller(db: Db, caller: Caller, nodeId: string): Promise<TaskCaller> {
  const { rights } = await requireNodeRight(db, caller.auth, nodeId)
  const teams = await db
    .select({ id: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.nodeId, nodeId), eq(teamMembers.userId, caller.auth.user.id)))
  return { userId: caller.auth.user.id, rights, team_ids: teams.map((t) => t.id) }
}

/** Whether the caller holds the task right for the process with this key. */
export const mayOnProcess = (who: Pick<TaskCaller, 'rights'>, right: TaskRight, processKey: string) =>
  hasRight(who.rights, right, processKey)
