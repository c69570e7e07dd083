import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { reads } from '../db/reads'
import { processFieldRules, processTransitions, progressStatuses, statuses, tasks } from '../db/schema'
import { containsAny, offsetOf } from './search'

export type StatusRow = typeof statuses.$inferSelect

export async function listStatuses(
  db: Db,
  nodeId: string,
  q: { search?: string; page: number; per_page: number },
) {
  const where = and(eq(statuses.nodeId, nodeId), containsAny(q.search, statuses.name))
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(statuses)
      .where(where)
      .orderBy(sql`lower(${statuses.name})`, asc(statuses.id))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(statuses).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function findStatus(db: Db | Tx, nodeId: string, id: string): Promise<StatusRow | undefined> {
  const [row] = await db
    .select()
    .from(statuses)
    .where(and(eq(statuses.nodeId, nodeId), eq(statuses.id, id)))
    .limit(1)
  return row
}

/** Which of the ids are statuses of the node. */
export async function existingStatusIds(db: Db | Tx, nodeId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(and(eq(statuses.nodeId, nodeId), inArray(statuses.id, [...new Set(ids)])))
  return new Set(rows.map((r) => r.id))
}

/** Undefined when the name is taken in the node (any case). */
export async function insertStatus(
  tx: Tx,
  nodeId: string,
  v: { name: string; description: string; color: string },
): Promise<StatusRow | undefined> {
  const [row] = await tx
    .insert(statuses)
    .values({ nodeId, ...v })
    .onConflictDoNothing()
    .returning()
  return row
}

export async function updateStatus(
  tx: Tx,
  nodeId: string,
  id: string,
  set: { name?: string; description?: string; color?: string },
): Promise<StatusRow | undefined> {
  const [row] = await tx
    .update(statuses)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(statuses.nodeId, nodeId), eq(statuses.id, id)))
    .returning()
  return row
}

/**
 * A status is in use while a progress holds it, a process's transition or field rule names it, or
 * a task is in it.
 */
export async function statusInUse(db: Db | Tx, nodeId: string, id: string): Promise<boolean> {
  const [inProgress, inTransition, inRule, inTask] = await reads(
    db,
    () =>
      db
        .select({ id: progressStatuses.statusId })
        .from(progressStatuses)
        .where(and(eq(progressStatuses.nodeId, nodeId), eq(progressStatuses.statusId, id)))
        .limit(1),
    () =>
      db
        .select({ id: processTransitions.processId })
        .from(processTransitions)
        .where(
          and(
            eq(processTransitions.nodeId, nodeId),
            or(eq(processTransitions.fromStatusId, id), eq(processTransitions.toStatusId, id)),
          ),
        )
        .limit(1),
    () =>
      db
        .select({ id: processFieldRules.processId })
        .from(processFieldRules)
        .where(and(eq(processFieldRules.nodeId, nodeId), eq(processFieldRules.statusId, id)))
        .limit(1),
    () =>
      db
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.nodeId, nodeId), eq(tasks.statusId, id)))
        .limit(1),
  )
  return inProgress.length + inTransition.length + inRule.length + inTask.length > 0
}

export async function deleteStatus(tx: Tx, nodeId: string, id: string): Promise<StatusRow | undefined> {
  const [row] = await tx
    .delete(statuses)
    .where(and(eq(statuses.nodeId, nodeId), eq(statuses.id, id)))
    .returning()
  return row
}
