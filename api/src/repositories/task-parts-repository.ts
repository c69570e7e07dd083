import type { EventType, NewEvent } from '@domain/events'
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { attachments, taskComments, taskHistory } from '../db/schema'
import { emitEvents } from '../events/outbox'
import { offsetOf } from './search'

/*
 * What hangs off a task: its history (every change), comments and attachments. Every call names
 * the node; the task's own access check is the service's, made before any of these.
 */

export type HistoryRow = typeof taskHistory.$inferSelect
export type CommentRow = typeof taskComments.$inferSelect
export type AttachmentRow = typeof attachments.$inferSelect

export interface Change {
  field: string
  old: unknown
  new: unknown
}

/**
 * The changes of one request, one row each, in the transaction that made them, and their events
 * (ADR 015) in the same statement.
 */
export async function writeHistory(
  tx: Tx,
  e: { nodeId: string; taskId: string; actorId: string; requestId?: string; batchId?: string },
  changes: Change[],
  events: NewEvent<EventType>[] = [],
) {
  if (changes.length === 0) return emitEvents(tx, events)
  const insert = tx.insert(taskHistory).values(
    changes.map((c) => ({
      nodeId: e.nodeId,
      taskId: e.taskId,
      actorId: e.actorId,
      field: c.field,
      oldValue: c.old ?? null,
      newValue: c.new ?? null,
      requestId: e.requestId ?? null,
      batchId: e.batchId ?? null,
    })),
  )
  await emitEvents(tx, events, insert)
}

/** A page of the task's history, newest first. */
export async function listHistory(
  db: Db,
  nodeId: string,
  taskId: string,
  p: { page: number; per_page: number },
) {
  const where = and(eq(taskHistory.nodeId, nodeId), eq(taskHistory.taskId, taskId))
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(taskHistory)
      .where(where)
      .orderBy(desc(taskHistory.id))
      .limit(p.per_page)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(taskHistory).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function insertComment(
  tx: Tx,
  v: { nodeId: string; taskId: string; authorId: string; body: string; mentions: string[] },
): Promise<CommentRow> {
  const [row] = await tx.insert(taskComments).values(v).returning()
  return row!
}

/** A page of the task's comments in the order they were written (`desc`: newest first). */
export async function listComments(
  db: Db,
  nodeId: string,
  taskId: string,
  p: { page: number; per_page: number; order: 'asc' | 'desc' },
) {
  const where = and(eq(taskComments.nodeId, nodeId), eq(taskComments.taskId, taskId))
  const by = p.order === 'asc' ? asc : desc
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(taskComments)
      .where(where)
      .orderBy(by(taskComments.createdAt), by(taskComments.id))
      .limit(p.per_page)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(taskComments).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function insertAttachment(tx: Tx, v: typeof attachments.$inferInsert): Promise<AttachmentRow> {
  const [row] = await tx.insert(attachments).values(v).returning()
  return row!
}

export async function findAttachment(
  db: Db | Tx,
  nodeId: string,
  id: string,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.nodeId, nodeId), eq(attachments.id, id)))
    .limit(1)
  return row
}

export async function deleteAttachmentRow(tx: Tx, nodeId: string, id: string) {
  await tx.delete(attachments).where(and(eq(attachments.nodeId, nodeId), eq(attachments.id, id)))
}

/** The attachments of each of these tasks, latest first, by task id. */
export async function attachmentsOfTasks(
  db: Db | Tx,
  nodeId: string,
  taskIds: string[],
): Promise<Map<string, AttachmentRow[]>> {
  const out = new Map<string, AttachmentRow[]>(taskIds.map((id) => [id, []]))
  if (taskIds.length === 0) return out
  const rows = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.nodeId, nodeId), inArray(attachments.taskId, taskIds)))
    .orderBy(desc(attachments.createdAt), desc(attachments.id))
  for (const r of rows) out.get(r.taskId)?.push(r)
  return out
}
