import { type RightsMap, hasRight } from '@domain/rights/rights'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { nodeUsers, nodes } from '../db/schema'
import { forbidden, notFound } from '../http/errors'
import type { Auth } from '../plugins/auth'
import { rightsOf } from '../repositories/rights-repository'

export interface NodeAccess {
  node: typeof nodes.$inferSelect
  rights: RightsMap
}

/**
 * The node exists and the caller is bound to it, whatever their rights, else 404 (another tenant's
 * id is never confirmed). Alone only where a bound user without is_authorized must still get an
 * answer: their own rights, from which the web app learns to show node-not-binded.
 */
export async function requireNodeBinding(db: Db, auth: Auth, nodeId: string): Promise<NodeAccess['node']> {
  const [row] = await db
    .select({ node: nodes })
    .from(nodes)
    .innerJoin(nodeUsers, and(eq(nodeUsers.nodeId, nodes.id), eq(nodeUsers.userId, auth.user.id)))
    .where(eq(nodes.id, nodeId))
    .limit(1)
  if (!row) throw notFound('nodes.node_not_found')
  return row.node
}

/** Calls about a user across nodes (their node list): the user themself, or a superuser; else 403. */
export function requireSelfOrSuperuser(auth: Auth, userId: string): void {
  if (auth.user.id !== userId && !auth.user.isSuperuser) throw forbidden()
}

/**
 * The first line of every tenant service call: the node must exist and the caller be bound to it,
 * else 404 (another tenant's id is never confirmed); then the right, else 403.
 */
export async function requireNodeRight(
  db: Db,
  auth: Auth,
  nodeId: string,
  code: string = 'is_authorized',
  attribute?: string,
): Promise<NodeAccess> {
  const [row] = await db
    .select({ node: nodes })
    .from(nodes)
    .innerJoin(nodeUsers, and(eq(nodeUsers.nodeId, nodes.id), eq(nodeUsers.userId, auth.user.id)))
    .where(eq(nodes.id, nodeId))
    .limit(1)
  if (!row) throw notFound('nodes.node_not_found')
  const rights = await rightsOf(db, nodeId, auth.user.id)
  if (!hasRight(rights, 'is_authorized') || !hasRight(rights, code, attribute)) throw forbidden()
  return { node: row.node, rights }
}
