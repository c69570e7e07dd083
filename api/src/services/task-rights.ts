import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { teamMembers } from '../db/schema'

/*
 * What the task queries (RQL, bulk edit) add to the tasks area's rights (task-access.ts, the one
 * place that turns rights into processes): two scopes at once, and the caller's teams.
 */

import type { ProcessScope } from './task-access'

export { type ProcessScope, scopeOf as processScope } from './task-access'

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
