import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { nodeUsers, processes, progressStatuses, type statuses, tasks, users } from '../db/schema'
import { offsetOf } from './search'
import { type ProcessScope, scopeCondition } from './task-scope'

export type TaskRow = typeof tasks.$inferSelect
export type StatusRow = typeof statuses.$inferSelect
export type UserRow = typeof users.$inferSelect

/**
 * Hands out the process's next task number: the counter grows in the caller's transaction (the
 * process row stays locked until it commits), so two tasks never get one number, and a number
 * once committed is never handed out again. Undefined when the node has no such process.
 */
export async function nextTaskNumber(tx: Tx, nodeId: string, processId: string) {
  const [row] = await tx
    .update(processes)
    .set({ taskCounter: sql`${processes.taskCounter} + 1` })
    .where(and(eq(processes.nodeId, nodeId), eq(processes.id, processId)))
    .returning({ n: processes.taskCounter, key: processes.key })
  return row
}

export async function insertTask(tx: Tx, values: typeof tasks.$inferInsert): Promise<TaskRow> {
  const [row] = await tx.insert(tasks).values(values).returning()
  return row!
}

export async function findTask(db: Db | Tx, nodeId: string, id: string): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.nodeId, nodeId), eq(tasks.id, id)))
    .limit(1)
  return row
}

/** The task's row, locked for the rest of the transaction. */
export async function lockTask(tx: Tx, nodeId: string, id: string): Promise<TaskRow | undefined> {
  const [row] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.nodeId, nodeId), eq(tasks.id, id)))
    .for('update')
  return row
}

/** One page of the tasks in scope, newest updated first (id breaks ties, so pages never overlap). */
export async function listTasks(
  db: Db,
  nodeId: string,
  scope: ProcessScope,
  q: { process_id?: string; page: number; per_page: number },
) {
  const where = and(
    eq(tasks.nodeId, nodeId),
    scopeCondition(scope, tasks.processId),
    q.process_id ? eq(tasks.processId, q.process_id) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tasks)
      .where(where)
      .orderBy(desc(tasks.updatedAt), desc(tasks.id))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(tasks).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** Writes an edit: the version grows by one and updated_at is now. */
export async function updateTask(
  tx: Tx,
  nodeId: string,
  id: string,
  set: Partial<Pick<TaskRow, 'title' | 'description' | 'assigneeId' | 'statusId' | 'customFields'>>,
): Promise<TaskRow> {
  const [row] = await tx
    .update(tasks)
    .set({ ...set, version: sql`${tasks.version} + 1`, updatedAt: new Date() })
    .where(and(eq(tasks.nodeId, nodeId), eq(tasks.id, id)))
    .returning()
  return row!
}

/** An attachment came or went: the task moves up the lists, its version (edits) stays. */
export async function touchTask(tx: Tx, nodeId: string, id: string) {
  await tx
    .update(tasks)
    .set({ updatedAt: new Date() })
    .where(and(eq(tasks.nodeId, nodeId), eq(tasks.id, id)))
}

/** The ordered statuses of each of these progresses, by progress id. */
export async function statusIdsOfProgresses(
  db: Db | Tx,
  nodeId: string,
  progressIds: string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(progressIds.map((id) => [id, []]))
  if (progressIds.length === 0) return out
  const rows = await db
    .select({ progressId: progressStatuses.progressId, statusId: progressStatuses.statusId })
    .from(progressStatuses)
    .where(and(eq(progressStatuses.nodeId, nodeId), inArray(progressStatuses.progressId, progressIds)))
    .orderBy(asc(progressStatuses.progressId), asc(progressStatuses.position))
  for (const r of rows) out.get(r.progressId)?.push(r.statusId)
  return out
}

/** Users by id, whichever nodes they are in (a task keeps its author after they leave). */
export async function usersByIds(db: Db | Tx, ids: string[]): Promise<UserRow[]> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  return db.select().from(users).where(inArray(users.id, unique))
}

/** Of these user ids and e-mails, the users bound to the node. */
export async function boundUsers(
  db: Db | Tx,
  nodeId: string,
  which: { ids?: string[]; emails?: string[] },
): Promise<UserRow[]> {
  const ids = [...new Set(which.ids ?? [])]
  const emails = [...new Set((which.emails ?? []).map((e) => e.toLowerCase()))]
  if (ids.length === 0 && emails.length === 0) return []
  const rows = await db
    .select({ user: users })
    .from(users)
    .innerJoin(nodeUsers, and(eq(nodeUsers.userId, users.id), eq(nodeUsers.nodeId, nodeId)))
    .where(
      sql`(${ids.length ? inArray(users.id, ids) : sql`false`} or ${
        emails.length ? inArray(sql`lower(${users.email})`, emails) : sql`false`
      })`,
    )
  return rows.map((r) => r.user)
}
