import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { pluginConfigs, pluginDeliveries } from '../db/schema'

export type DeliveryRow = typeof pluginDeliveries.$inferSelect
type NewDelivery = Pick<DeliveryRow, 'nodeId' | 'configId' | 'eventId' | 'eventType' | 'body' | 'giveUpAt'>

/** Queues a delivery; the same event for the same configuration twice queues it once. */
export async function insertDelivery(db: Db | Tx, row: NewDelivery): Promise<DeliveryRow | undefined> {
  const [out] = await db.insert(pluginDeliveries).values(row).onConflictDoNothing().returning()
  return out
}

/** The node's enabled configurations of a plugin. */
export function enabledConfigs(db: Db | Tx, nodeId: string, pluginId: string) {
  return db
    .select()
    .from(pluginConfigs)
    .where(
      and(
        eq(pluginConfigs.nodeId, nodeId),
        eq(pluginConfigs.pluginId, pluginId),
        eq(pluginConfigs.enabled, true),
      ),
    )
}

type Rows<T> = { rows: T[] }

/**
 * Takes up to `limit` deliveries that are due, across nodes (the worker's one global scan), and
 * pushes their next time past a lease, so another process — or this one's next pass — does not
 * send them too; a crash mid-send leaves them due again once the lease has passed.
 */
export async function claimDue(
  db: Db,
  limit: number,
  leaseMs: number,
): Promise<{ nodeId: string; id: string }[]> {
  const res = (await db.execute(sql`
    update plugin_deliveries d
       set next_at = now() + make_interval(secs => ${leaseMs / 1000})
      from (select node_id, id from plugin_deliveries
             where status = 'pending' and next_at <= now()
             order by next_at limit ${limit}
             for update skip locked) due
     where d.node_id = due.node_id and d.id = due.id
    returning d.node_id as "nodeId", d.id as id`)) as unknown as Rows<{ nodeId: string; id: string }>
  return res.rows
}

export async function getDelivery(db: Db | Tx, nodeId: string, id: string) {
  const [row] = await db
    .select()
    .from(pluginDeliveries)
    .where(and(eq(pluginDeliveries.nodeId, nodeId), eq(pluginDeliveries.id, id)))
  return row
}

/**
 * One attempt's outcome: delivered, or tried again after `retryMs` — unless that falls past the
 * delivery's give-up time (a day), then failed for good.
 */
export async function recordAttempt(
  db: Db,
  d: Pick<DeliveryRow, 'nodeId' | 'id'>,
  a: { ok: boolean; status: number | null; answer: string; retryMs: number; final?: boolean },
) {
  const retryAt = sql`now() + make_interval(secs => ${a.retryMs / 1000})`
  await db
    .update(pluginDeliveries)
    .set({
      attempts: sql`${pluginDeliveries.attempts} + 1`,
      lastStatus: a.status,
      lastAnswer: a.answer,
      updatedAt: new Date(),
      status: a.ok
        ? 'delivered'
        : a.final
          ? 'failed'
          : sql`case when ${retryAt} > ${pluginDeliveries.giveUpAt} then 'failed' else 'pending' end`,
      nextAt: a.ok || a.final ? sql`now()` : retryAt,
    })
    .where(and(eq(pluginDeliveries.nodeId, d.nodeId), eq(pluginDeliveries.id, d.id)))
}

/** A configuration's delivery log, newest first. */
export function listDeliveries(db: Db, nodeId: string, configId: string, limit: number) {
  return db
    .select()
    .from(pluginDeliveries)
    .where(and(eq(pluginDeliveries.nodeId, nodeId), eq(pluginDeliveries.configId, configId)))
    .orderBy(desc(pluginDeliveries.createdAt), desc(pluginDeliveries.id))
    .limit(limit)
}
