import { and, asc, count, desc, eq, like, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { auditLog, pluginConfigs, users } from '../db/schema'
import { containsAny, offsetOf } from './search'

export type PluginConfigRow = typeof pluginConfigs.$inferSelect

export async function listConfigs(
  db: Db,
  nodeId: string,
  q: { search?: string; plugin_id?: string; page: number; per_page: number },
) {
  const where = and(
    eq(pluginConfigs.nodeId, nodeId),
    q.plugin_id ? eq(pluginConfigs.pluginId, q.plugin_id) : undefined,
    containsAny(q.search, pluginConfigs.name),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(pluginConfigs)
      .where(where)
      .orderBy(sql`lower(${pluginConfigs.name})`, asc(pluginConfigs.id))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(pluginConfigs).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** How many configurations each plugin has in the node (the store's "configured"). */
/** Per plugin, how many configurations the node has and one of their ids (a one-per-node plugin's). */
export async function countsByPlugin(
  db: Db,
  nodeId: string,
): Promise<Map<string, { n: number; oneId: string }>> {
  const rows = await db
    .select({
      pluginId: pluginConfigs.pluginId,
      n: count(),
      oneId: sql<string>`min(${pluginConfigs.id}::text)`,
    })
    .from(pluginConfigs)
    .where(eq(pluginConfigs.nodeId, nodeId))
    .groupBy(pluginConfigs.pluginId)
  return new Map(rows.map((r) => [r.pluginId, { n: r.n, oneId: r.oneId }]))
}

export async function getConfig(db: Db | Tx, nodeId: string, id: string) {
  const [row] = await db
    .select()
    .from(pluginConfigs)
    .where(and(eq(pluginConfigs.nodeId, nodeId), eq(pluginConfigs.id, id)))
  return row
}

export async function lockConfig(tx: Tx, nodeId: string, id: string) {
  const [row] = await tx
    .select()
    .from(pluginConfigs)
    .where(and(eq(pluginConfigs.nodeId, nodeId), eq(pluginConfigs.id, id)))
    .for('update')
  return row
}

/** Takes the node's row lock for a plugin's configurations (one-per-node plugins count safely). */
export async function countPluginConfigs(tx: Tx, nodeId: string, pluginId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plugin:${nodeId}:${pluginId}`}))`)
  const [row] = await tx
    .select({ n: count() })
    .from(pluginConfigs)
    .where(and(eq(pluginConfigs.nodeId, nodeId), eq(pluginConfigs.pluginId, pluginId)))
  return row?.n ?? 0
}

export async function insertConfig(
  tx: Tx,
  row: Pick<PluginConfigRow, 'nodeId' | 'pluginId' | 'name' | 'enabled' | 'settings'> & { id?: string },
) {
  const [out] = await tx.insert(pluginConfigs).values(row).returning()
  return out!
}

export async function updateConfig(
  tx: Tx,
  nodeId: string,
  id: string,
  set: Partial<Pick<PluginConfigRow, 'name' | 'enabled' | 'settings' | 'secrets'>>,
) {
  const [out] = await tx
    .update(pluginConfigs)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(pluginConfigs.nodeId, nodeId), eq(pluginConfigs.id, id)))
    .returning()
  return out
}

export async function deleteConfig(tx: Tx, nodeId: string, id: string) {
  await tx.delete(pluginConfigs).where(and(eq(pluginConfigs.nodeId, nodeId), eq(pluginConfigs.id, id)))
}

/** The configuration's history: its audit rows, newest first, with who made each change. */
export async function configHistory(db: Db, nodeId: string, id: string, limit: number) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      data: auditLog.data,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorFio: users.fio,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.nodeId, nodeId), eq(auditLog.targetId, id), like(auditLog.action, 'plugins.%')))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
}
