import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { reads } from '../db/reads'
import {
  processes,
  processFieldRules,
  processTransitions,
  progress,
  progressStatuses,
  statuses,
  tasks,
} from '../db/schema'
import { containsAny, offsetOf } from './search'

export type ProgressRow = typeof progress.$inferSelect
export type ProgressWithStatuses = ProgressRow & { statuses: (typeof statuses.$inferSelect)[] }

/** The statuses of each progress, in order. */
async function withStatuses(
  db: Db | Tx,
  nodeId: string,
  rows: ProgressRow[],
): Promise<ProgressWithStatuses[]> {
  if (rows.length === 0) return []
  const members = await db
    .select({ progressId: progressStatuses.progressId, status: statuses })
    .from(progressStatuses)
    .innerJoin(
      statuses,
      and(eq(statuses.nodeId, progressStatuses.nodeId), eq(statuses.id, progressStatuses.statusId)),
    )
    .where(
      and(
        eq(progressStatuses.nodeId, nodeId),
        inArray(
          progressStatuses.progressId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(progressStatuses.progressId), asc(progressStatuses.position))
  return rows.map((r) => ({
    ...r,
    statuses: members.filter((m) => m.progressId === r.id).map((m) => m.status),
  }))
}

export async function listProgress(
  db: Db,
  nodeId: string,
  q: { search?: string; page: number; per_page: number },
) {
  const where = and(eq(progress.nodeId, nodeId), containsAny(q.search, progress.name))
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(progress)
      .where(where)
      .orderBy(sql`lower(${progress.name})`, asc(progress.id))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(progress).where(where),
  ])
  return { rows: await withStatuses(db, nodeId, rows), total: total?.n ?? 0 }
}

export async function getProgress(
  db: Db | Tx,
  nodeId: string,
  id: string,
): Promise<ProgressWithStatuses | undefined> {
  const rows = await db
    .select()
    .from(progress)
    .where(and(eq(progress.nodeId, nodeId), eq(progress.id, id)))
    .limit(1)
  return (await withStatuses(db, nodeId, rows))[0]
}

/**
 * Takes the progress's row lock for the rest of the transaction: every change to its statuses, and
 * every process write that leans on them, goes through it, so the checks of one see the other.
 */
export async function lockProgress(tx: Tx, nodeId: string, id: string): Promise<ProgressRow | undefined> {
  const [row] = await tx
    .select()
    .from(progress)
    .where(and(eq(progress.nodeId, nodeId), eq(progress.id, id)))
    .for('update')
  return row
}

export async function progressStatusIds(db: Db | Tx, nodeId: string, id: string): Promise<string[]> {
  const rows = await db
    .select({ id: progressStatuses.statusId })
    .from(progressStatuses)
    .where(and(eq(progressStatuses.nodeId, nodeId), eq(progressStatuses.progressId, id)))
    .orderBy(asc(progressStatuses.position))
  return rows.map((r) => r.id)
}

/** Replaces the statuses of a progress with the list, positions 0…n-1 in its order. */
export async function setProgressStatuses(tx: Tx, nodeId: string, id: string, statusIds: string[]) {
  await tx
    .delete(progressStatuses)
    .where(and(eq(progressStatuses.nodeId, nodeId), eq(progressStatuses.progressId, id)))
  if (statusIds.length > 0)
    await tx
      .insert(progressStatuses)
      .values(statusIds.map((statusId, position) => ({ nodeId, progressId: id, statusId, position })))
}

export async function insertProgress(tx: Tx, nodeId: string, name: string): Promise<ProgressRow> {
  const [row] = await tx.insert(progress).values({ nodeId, name }).returning()
  return row!
}

export async function updateProgress(tx: Tx, nodeId: string, id: string, set: { name?: string }) {
  await tx
    .update(progress)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(progress.nodeId, nodeId), eq(progress.id, id)))
}

export async function deleteProgress(tx: Tx, nodeId: string, id: string) {
  await tx.delete(progress).where(and(eq(progress.nodeId, nodeId), eq(progress.id, id)))
}

/** How many processes move their tasks through this progress. */
export async function processesUsing(db: Db | Tx, nodeId: string, progressId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(processes)
    .where(and(eq(processes.nodeId, nodeId), eq(processes.progressId, progressId)))
  return row?.n ?? 0
}

/**
 * Which of the statuses the transitions or field rules of the progress's processes name, or tasks
 * of those processes are in: those cannot leave the progress.
 */
export async function statusesNamedByProcesses(
  db: Db | Tx,
  nodeId: string,
  progressId: string,
  statusIds: string[],
): Promise<Set<string>> {
  if (statusIds.length === 0) return new Set()
  const ofProgress = db
    .select({ id: processes.id })
    .from(processes)
    .where(and(eq(processes.nodeId, nodeId), eq(processes.progressId, progressId)))
  const [moves, rules, held] = await reads(
    db,
    () =>
      db
        .select({ from: processTransitions.fromStatusId, to: processTransitions.toStatusId })
        .from(processTransitions)
        .where(
          and(
            eq(processTransitions.nodeId, nodeId),
            inArray(processTransitions.processId, ofProgress),
            or(
              inArray(processTransitions.fromStatusId, statusIds),
              inArray(processTransitions.toStatusId, statusIds),
            ),
          ),
        ),
    () =>
      db
        .select({ id: processFieldRules.statusId })
        .from(processFieldRules)
        .where(
          and(
            eq(processFieldRules.nodeId, nodeId),
            inArray(processFieldRules.processId, ofProgress),
            inArray(processFieldRules.statusId, statusIds),
          ),
        ),
    () =>
      db
        .selectDistinct({ id: tasks.statusId })
        .from(tasks)
        .where(
          and(
            eq(tasks.nodeId, nodeId),
            inArray(tasks.processId, ofProgress),
            inArray(tasks.statusId, statusIds),
          ),
        ),
  )
  const named = new Set([
    ...moves.flatMap((m) => [m.from, m.to]),
    ...rules.map((r) => r.id),
    ...held.map((t) => t.id),
  ])
  return new Set(statusIds.filter((id) => named.has(id)))
}
