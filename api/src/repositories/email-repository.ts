import type { EmailPreference } from '@domain/notifications/email'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { emailPreferences, nodes, notifications, tasks, users } from '../db/schema'

/*
 * The e-mail plugin's tables: the notifications waiting to be mailed (notifications.email and its
 * email_* columns, ADR 019) and each user's e-mail preference per node.
 */

export interface DueEmail {
  nodeId: string
  id: string
  userId: string
  kind: string
  taskId: string
  actorId: string | null
  readAt: Date | null
  email: 'pending' | 'digest'
  attempts: number
  createdAt: Date
}

type Rows<T> = { rows: T[] }

/**
 * Takes what is due of up to `limit` users across nodes — every due row of each, so one user's
 * digest is never split — and pushes it past a lease: another process, or this one's next pass,
 * does not take it too (a row locked by another taker is re-read after its lease was set, and no
 * longer matches). A crash mid-send leaves it due again once the lease has passed.
 */
export async function claimDueEmails(db: Db, limit: number, leaseMs: number): Promise<DueEmail[]> {
  const res = (await db.execute(sql`
    with due_users as (
      select distinct node_id, user_id from (
        select node_id, user_id from notifications
         where email in ('pending', 'digest') and email_next_at <= now()
         order by email_next_at limit ${limit * 20}) d
       limit ${limit})
    update notifications n
       set email_next_at = now() + make_interval(secs => ${leaseMs / 1000})
      from due_users u
     where n.node_id = u.node_id and n.user_id = u.user_id
       and n.email in ('pending', 'digest') and n.email_next_at <= now()
    returning n.node_id as "nodeId", n.id, n.user_id as "userId", n.kind, n.task_id as "taskId",
              n.actor_id as "actorId", n.read_at as "readAt", n.email, n.email_attempts as attempts,
              n.created_at as "createdAt"`)) as unknown as Rows<
    Omit<DueEmail, 'readAt' | 'createdAt'> & { readAt: Date | string | null; createdAt: Date | string }
  >
  return res.rows.map((r) => ({
    ...r,
    readAt: r.readAt === null ? null : new Date(r.readAt),
    createdAt: new Date(r.createdAt),
  }))
}

const ids = (nodeId: string, list: string[]) =>
  and(eq(notifications.nodeId, nodeId), inArray(notifications.id, list))

/** Done with these: sent, or passed over (with why). */
export async function settleEmails(
  db: Db,
  nodeId: string,
  list: string[],
  state: 'sent' | 'skipped',
  reason: string | null = null,
) {
  if (list.length === 0) return
  await db
    .update(notifications)
    .set({
      email: state,
      emailError: reason,
      emailAttempts: state === 'sent' ? sql`${notifications.emailAttempts} + 1` : notifications.emailAttempts,
    })
    .where(ids(nodeId, list))
}

/** Due again at once: left for the worker's next claim (which takes a fresh lease). */
export async function releaseEmails(db: Db, nodeId: string, list: string[]) {
  if (list.length === 0) return
  await db.update(notifications).set({ emailNextAt: sql`now()` }).where(ids(nodeId, list))
}

/** Held for the user's digest at `at`. */
export async function holdForDigest(db: Db, nodeId: string, list: string[], at: Date) {
  if (list.length === 0) return
  await db.update(notifications).set({ email: 'digest', emailNextAt: at }).where(ids(nodeId, list))
}

/** A failed attempt: tried again after `retryMs`, or failed for good once `maxAttempts` are spent. */
export async function recordEmailFailure(
  db: Db,
  nodeId: string,
  list: string[],
  a: { retryMs: number; reason: string; maxAttempts: number },
) {
  if (list.length === 0) return
  await db
    .update(notifications)
    .set({
      emailAttempts: sql`${notifications.emailAttempts} + 1`,
      emailError: a.reason,
      email: sql`case when ${notifications.emailAttempts} + 1 >= ${a.maxAttempts} then 'failed' else ${notifications.email} end`,
      emailNextAt: sql`now() + make_interval(secs => ${a.retryMs / 1000})`,
    })
    .where(ids(nodeId, list))
}

/** The tasks the mails are about: key, title and process. */
export function tasksFor(db: Db, nodeId: string, taskIds: string[]) {
  if (taskIds.length === 0) return Promise.resolve([])
  return db
    .select({ id: tasks.id, key: tasks.key, title: tasks.title, processId: tasks.processId })
    .from(tasks)
    .where(and(eq(tasks.nodeId, nodeId), inArray(tasks.id, taskIds)))
}

/** The users' addresses and names (recipients and actors). */
export function usersFor(db: Db, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([])
  return db
    .select({ id: users.id, email: users.email, fio: users.fio })
    .from(users)
    .where(inArray(users.id, userIds))
}

export async function nodeOf(db: Db, nodeId: string) {
  const [row] = await db
    .select({ domain: nodes.domain, settings: nodes.settings })
    .from(nodes)
    .where(eq(nodes.id, nodeId))
  return row
}

export type EmailPreferenceRow = typeof emailPreferences.$inferSelect

export async function emailPreferenceOf(db: Db | Tx, nodeId: string, userId: string) {
  const [row] = await db
    .select()
    .from(emailPreferences)
    .where(and(eq(emailPreferences.nodeId, nodeId), eq(emailPreferences.userId, userId)))
  return row
}

/**
 * Saves a user's choice; what waits for their digest is looked at again at once, so a new mode or
 * time applies to it (sent now, held for the new time, or passed over).
 */
export async function saveEmailPreference(db: Db, nodeId: string, userId: string, p: EmailPreference) {
  const values = { mode: p.mode, digestTime: p.digest_time, timeZone: p.time_zone, language: p.language }
  await db.transaction(async (tx) => {
    await tx
      .insert(emailPreferences)
      .values({ nodeId, userId, ...values })
      .onConflictDoUpdate({
        target: [emailPreferences.nodeId, emailPreferences.userId],
        set: { ...values, updatedAt: sql`now()` },
      })
    await tx
      .update(notifications)
      .set({ email: 'pending', emailNextAt: sql`now()` })
      .where(
        and(
          eq(notifications.nodeId, nodeId),
          eq(notifications.userId, userId),
          eq(notifications.email, 'digest'),
        ),
      )
  })
}
