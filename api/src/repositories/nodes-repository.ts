import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { type NodeSettings, nodes, nodeUsers, users } from '../db/schema'
import type { Pagination } from '../http/envelope'

export type NodeRow = typeof nodes.$inferSelect

/** nodes is a global table (the tenant directory itself), looked up by its unique domain. */
export async function findNodeByDomain(db: Db | Tx, domain: string): Promise<NodeRow | undefined> {
  const [row] = await db.select().from(nodes).where(eq(nodes.domain, domain)).limit(1)
  return row
}

/** Locks the node's row for a read-modify-write of its settings, so concurrent edits never lose keys. */
export async function lockNode(tx: Tx, nodeId: string): Promise<NodeRow | undefined> {
  const [row] = await tx.select().from(nodes).where(eq(nodes.id, nodeId)).for('update')
  return row
}

/** Stores new settings and bumps the version, which tells browsers to refresh their cached theme. */
export async function saveNodeSettings(tx: Tx, nodeId: string, settings: NodeSettings): Promise<NodeRow> {
  const [row] = await tx
    .update(nodes)
    .set({ settings, version: sql`${nodes.version} + 1`, updatedAt: new Date() })
    .where(eq(nodes.id, nodeId))
    .returning()
  return row!
}

/**
 * The nodes a user is bound to. The one query of node_users by user rather than by node: it is a
 * question about the user across tenants (node_users_user_idx serves it).
 */
export async function listNodesOfUser(db: Db, userId: string, p: Pagination) {
  const where = eq(nodeUsers.userId, userId)
  const [rows, [total]] = await Promise.all([
    db
      .select({ node: nodes })
      .from(nodeUsers)
      .innerJoin(nodes, eq(nodes.id, nodeUsers.nodeId))
      .where(where)
      .orderBy(asc(nodes.domain))
      .limit(p.per_page)
      .offset((p.page - 1) * p.per_page),
    db.select({ n: count() }).from(nodeUsers).where(where),
  ])
  return { rows: rows.map((r) => r.node), total: total?.n ?? 0 }
}

export async function isUserBound(db: Db | Tx, nodeId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: nodeUsers.userId })
    .from(nodeUsers)
    .where(and(eq(nodeUsers.nodeId, nodeId), eq(nodeUsers.userId, userId)))
    .limit(1)
  return row !== undefined
}

/** For the operators' CLI: every node with how many users it has. */
export async function listAllNodes(db: Db) {
  return db
    .select({
      id: nodes.id,
      domain: nodes.domain,
      createdAt: nodes.createdAt,
      users: count(nodeUsers.userId),
    })
    .from(nodes)
    .leftJoin(nodeUsers, eq(nodeUsers.nodeId, nodes.id))
    .groupBy(nodes.id)
    .orderBy(asc(nodes.domain))
}

/** The first superuser (the administrator made on first start), for the CLI's default admin. */
export async function firstSuperuser(db: Db | Tx) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.isSuperuser, true))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1)
  return row
}

/** Which of these users are bound to the node (the others are left out of per-node answers). */
export async function boundUserIds(db: Db | Tx, nodeId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return []
  const rows = await db
    .select({ id: nodeUsers.userId })
    .from(nodeUsers)
    .where(and(eq(nodeUsers.nodeId, nodeId), inArray(nodeUsers.userId, userIds)))
  return rows.map((r) => r.id)
}
