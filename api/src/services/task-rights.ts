import type { RightsMap } from '@domain/rights/rights'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { processes, teamMembers } from '../db/schema'
import type { Auth } from '../plugins/auth'
import { rightsOf } from '../repositories/rights-repository'

/*
 * Task rights take process keys as attributes; none means every process (PRODUCT.md §3). A query
 * of tasks is narrowed to the processes the caller holds the right for.
 *
 * Written for RQL ahead of the tasks area's own helper (feat/tasks-api): reconcile at merge.
 */

export type ProcessScope = 'all' | string[]

/** The ids of the node's processes a rights map allows for `right`: 'all', or a list (maybe empty). */
export async function processScope(
  db: Db | Tx,
  nodeId: string,
  rights: RightsMap,
  right: string,
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

/** The processes whose tasks the caller may see (task_view) or edit (task_edit) in the node. */
export async function processIdsFor(
  db: Db | Tx,
  caller: { auth: Auth },
  nodeId: string,
  right: string,
): Promise<ProcessScope> {
  return processScope(db, nodeId, await rightsOf(db, nodeId, caller.auth.user.id), right)
}

/** Both scopes at once: what is in `a` and in `b`. */
export function intersect(a: ProcessScope, b: ProcessScope): ProcessScope {
  if (a === 'all') return b
  if (b === 'all') return a
  const inB = new Set(b)
  return a.filter((id) => inB.has(id))
}

/** The teams the user is in within the node (who may make a move restricted to teams). */
export async function teamIdsOf(db: Db | Tx, nodeId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.nodeId, nodeId), eq(teamMembers.userId, userId)))
  return rows.map((r) => r.id)
}
