import { hasRight, type RightsMap } from '@domain/rights/rights'
import type { Db } from '../db/client'
import type { Caller } from '../http/caller'
import type { ProcessScope } from '../repositories/task-scope'
import { requireNodeRight } from './access'
import { type NodeConfig, nodeConfig } from './node-config'

/*
 * Who may see, edit and create which tasks (PRODUCT.md §3): task_view, task_edit and task_create
 * take process keys as attributes; none means every process. Shared by the tasks' routes and the
 * task queries (RQL, bulk edit): one place turns a caller's rights into the processes they reach.
 */

export type TaskRight = 'task_view' | 'task_edit' | 'task_create'

export { inScope, type ProcessScope, scopeCondition } from '../repositories/task-scope'

/** The processes of the node (ids) whose key is in the right's attributes, from its configuration. */
export function scopeIn(config: NodeConfig, rights: RightsMap, right: TaskRight): ProcessScope {
  const keys = rights[right]
  if (keys === undefined) return []
  if (keys === null) return 'all'
  return keys.flatMap((k) => {
    const id = config.processIdByKey.get(k)
    return id ? [id] : []
  })
}

/** Both scopes at once (a bulk edit touches what the caller may both view and edit). */
export function intersect(a: ProcessScope, b: ProcessScope): ProcessScope {
  if (a === 'all') return b
  if (b === 'all') return a
  const inB = new Set(b)
  return a.filter((id) => inB.has(id))
}

/** What the task services know of the caller in a node: merged rights and teams (a workflow Mover). */
export interface TaskCaller {
  userId: string
  rights: RightsMap
  team_ids: string[]
  /** The node's statuses, processes, workflows and fields, as of the caller's access check. */
  config: NodeConfig
}

/**
 * The first line of a task call: the node must exist and the caller be bound to it with
 * is_authorized (else 404 nodes.node_not_found / 403 rights.forbidden, as every tenant call),
 * with the rights and teams that decide views, edits and status moves, and the node's
 * configuration (cached per version: no statement when it has not changed). Never throws for a
 * task right itself, so that a task of an unreachable process answers 404, not 403.
 *
 *   const who = await taskCaller(db, caller, nodeId)
 *   const scope = scopeIn(who.config, who.rights, 'task_view')
 *   db.select().from(tasks).where(and(eq(tasks.nodeId, nodeId), scopeCondition(scope, tasks.processId)))
 */
export async function taskCaller(db: Db, caller: Caller, nodeId: string): Promise<TaskCaller> {
  const access = await requireNodeRight(db, caller.auth, nodeId)
  const config = await nodeConfig(db, nodeId, access.node.configVersion)
  return { userId: caller.auth.user.id, rights: access.rights, team_ids: access.teamIds, config }
}

/** Whether the caller holds the task right for the process with this key. */
export const mayOnProcess = (who: Pick<TaskCaller, 'rights'>, right: TaskRight, processKey: string) =>
  hasRight(who.rights, right, processKey)
