import type { NotificationChannel, NotificationKind } from '@domain/notifications'
import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { nodeUsers, notificationPreferences, notifications, tasks, taskWatchers, users } from '../db/schema'
import type { Pagination } from '../http/envelope'
import { type ProcessScope, scopeCondition } from './task-scope'
import { fullName } from './users-repository'

/*
 * The notifications' tables (api/src/db/schema/notifications.ts): a user's inbox read through their
 * task_view scope (a task they can no longer see drops out of the list and the count), the watchers
 * and the preferences.
 */

export type NotificationRow = typeof notifications.$inferSelect
export type NewNotification = typeof notifications.$inferInsert

/** What one inbox needs: the user, and the processes whose tasks they may see now. */
export interface Inbox {
  nodeId: string
  userId: string
  scope: ProcessScope
}

export interface InboxFilter {
  unread?: boolean
  kind?: NotificationKind
}

const inboxWhere = (box: Inbox, f: InboxFilter): SQL | undefined =>
  and(
    eq(notifications.nodeId, box.nodeId),
    eq(notifications.userId, box.userId),
    f.unread ? isNull(notifications.readAt) : undefined,
    f.kind ? eq(notifications.kind, f.kind) : undefined,
    scopeCondition(box.scope, tasks.processId),
  )

const onTask = and(eq(tasks.nodeId, notifications.nodeId), eq(tasks.id, notifications.taskId))

/** Where a walk of the inbox stands: after this row (its time as the database writes it, its id). */
export interface InboxAfter {
  at: string
  id: string
}

/**
 * A page of the inbox, newest first, with the task and the actor as they are now: by page number,
 * or after a row (keyset: the tab's index is read from that row on, never the rows before it).
 * `next`: the last row's place when more follow.
 */
export async function listInbox(db: Db, box: Inbox, f: InboxFilter, p: Pagination, after?: InboxAfter) {
  if (box.scope !== 'all' && box.scope.length === 0) return { rows: [], total: 0, next: null }
  const where = inboxWhere(box, f)
  const seek = after
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
    : undefined
  const [rows, total] = await Promise.all([
    db
      .select({
        n: notifications,
        at: sql<string>`${notifications.createdAt}::text`,
        task: { id: tasks.id, key: tasks.key, title: tasks.title },
        actor: { id: users.id, fio: users.fio, email: users.email },
      })
      .from(notifications)
      .innerJoin(tasks, onTask)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .where(and(where, seek))
      // As the indexes hold them (drizzle's desc() is NULLS LAST there): read in index order.
      .orderBy(sql`${notifications.createdAt} desc nulls last`, sql`${notifications.id} desc nulls last`)
      .limit(p.per_page + 1)
      .offset(after ? 0 : (p.page - 1) * p.per_page),
    // A walk by cursor counts once, at its first page (the cursor carries the total).
    after ? undefined : countOf(db, box, where),
  ])
  const more = rows.length > p.per_page
  const shown = rows.slice(0, p.per_page)
  const last = shown.at(-1)
  return {
    rows: shown.map((r) =>
      presentNotification(r.n, r.task, r.actor && { ...r.actor, fullName: fullName(r.actor) }),
    ),
    total,
    next: more && last ? { at: last.at, id: last.n.id } : null,
  }
}

/**
 * A count of the inbox: the tasks are joined only when the scope names processes (every row's task
 * exists — the foreign key), so a caller who sees every process counts from the index alone.
 */
async function countOf(db: Db, box: Inbox, where: SQL | undefined) {
  const [row] =
    box.scope === 'all'
      ? await db.select({ n: count() }).from(notifications).where(where)
      : await db.select({ n: count() }).from(notifications).innerJoin(tasks, onTask).where(where)
  return row?.n ?? 0
}

/** How many of the inbox are unread (the footer's figure). */
export async function countUnread(db: Db, box: Inbox): Promise<number> {
  if (box.scope !== 'all' && box.scope.length === 0) return 0
  return countOf(db, box, inboxWhere(box, { unread: true }))
}

/** Marks the user's notifications read: these ids (others' are passed over), or all of them. */
export async function markRead(db: Db, nodeId: string, userId: string, ids: string[] | 'all') {
  const done = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.nodeId, nodeId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id })
  return done.length
}

/** The shape of the calls and of `notification.created` (PRODUCT.md §7). */
export function presentNotification(
  n: Pick<NotificationRow, 'id' | 'kind' | 'createdAt' | 'readAt'>,
  task: { id: string; key: string; title: string },
  actor: { id: string; fullName: string } | null,
) {
  return {
    id: n.id,
    kind: n.kind as NotificationKind,
    task,
    actor: actor && { id: actor.id, full_name: actor.fullName },
    created_at: n.createdAt.toISOString(),
    read_at: n.readAt ? n.readAt.toISOString() : null,
  }
}

/** Inserts what is not there yet (node, user, event, kind): a replayed event adds nothing. */
export async function insertNotifications(tx: Tx | Db, rows: NewNotification[]) {
  if (rows.length === 0) return []
  return tx.insert(notifications).values(rows).onConflictDoNothing().returning()
}

/** The task as the notification rules need it: its people and its process. */
export async function taskForNotifying(db: Db, nodeId: string, taskId: string) {
  return (await tasksForNotifying(db, nodeId, [taskId])).get(taskId)
}

/** The same of several tasks at once (a consumer's batch), by id; a task gone is absent. */
export async function tasksForNotifying(db: Db, nodeId: string, taskIds: string[]) {
  if (taskIds.length === 0) return new Map<string, TaskForNotifying>()
  const rows = await db
    .select({
      id: tasks.id,
      key: tasks.key,
      title: tasks.title,
      processId: tasks.processId,
      authorId: tasks.authorId,
      assigneeId: tasks.assigneeId,
      watcherIds: sql<string[]>`coalesce((
        select json_agg(w.user_id) from ${taskWatchers} w
         where w.node_id = ${tasks.nodeId} and w.task_id = ${tasks.id}), '[]'::json)`,
    })
    .from(tasks)
    .where(and(eq(tasks.nodeId, nodeId), inArray(tasks.id, [...new Set(taskIds)])))
  return new Map(rows.map((r) => [r.id, r]))
}

export interface TaskForNotifying {
  id: string
  key: string
  title: string
  processId: string
  authorId: string
  assigneeId: string | null
  watcherIds: string[]
}

/** Of these users, those bound to the node, with their channel for the process and each kind chosen. */
export async function boundWithChoices(db: Db, nodeId: string, processId: string, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, Map<string, NotificationChannel>>()
  const rows = await db
    .select({
      userId: nodeUsers.userId,
      kind: notificationPreferences.kind,
      channel: notificationPreferences.channel,
    })
    .from(nodeUsers)
    .leftJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.nodeId, nodeUsers.nodeId),
        eq(notificationPreferences.userId, nodeUsers.userId),
        eq(notificationPreferences.processId, processId),
      ),
    )
    .where(and(eq(nodeUsers.nodeId, nodeId), inArray(nodeUsers.userId, userIds)))
  const out = new Map<string, Map<string, NotificationChannel>>()
  for (const r of rows) {
    const kinds = out.get(r.userId) ?? new Map<string, NotificationChannel>()
    out.set(r.userId, kinds)
    if (r.kind && r.channel) kinds.set(r.kind, r.channel as NotificationChannel)
  }
  return out
}

/** The display name of a user (an actor), or null when they are gone. */
export async function actorOf(db: Db, id: string | null) {
  if (!id) return null
  const [u] = await db
    .select({ id: users.id, fio: users.fio, email: users.email })
    .from(users)
    .where(eq(users.id, id))
  return u ? { id: u.id, fullName: fullName(u) } : null
}

export async function isWatching(db: Db, nodeId: string, taskId: string, userId: string) {
  const [row] = await db
    .select({ userId: taskWatchers.userId })
    .from(taskWatchers)
    .where(
      and(eq(taskWatchers.nodeId, nodeId), eq(taskWatchers.taskId, taskId), eq(taskWatchers.userId, userId)),
    )
  return row !== undefined
}

export async function setWatching(db: Db, nodeId: string, taskId: string, userId: string, on: boolean) {
  if (on) await db.insert(taskWatchers).values({ nodeId, taskId, userId }).onConflictDoNothing()
  else
    await db
      .delete(taskWatchers)
      .where(
        and(
          eq(taskWatchers.nodeId, nodeId),
          eq(taskWatchers.taskId, taskId),
          eq(taskWatchers.userId, userId),
        ),
      )
}

/** A user's choices for these processes (absent: the default). */
export async function choicesOf(db: Db, nodeId: string, userId: string, processIds: string[]) {
  if (processIds.length === 0) return []
  return db
    .select()
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.nodeId, nodeId),
        eq(notificationPreferences.userId, userId),
        inArray(notificationPreferences.processId, processIds),
      ),
    )
}

export async function saveChoices(
  db: Db,
  nodeId: string,
  userId: string,
  items: { process_id: string; kind: NotificationKind; channel: NotificationChannel }[],
) {
  if (items.length === 0) return
  await db
    .insert(notificationPreferences)
    .values(items.map((i) => ({ nodeId, userId, processId: i.process_id, kind: i.kind, channel: i.channel })))
    .onConflictDoUpdate({
      target: [
        notificationPreferences.nodeId,
        notificationPreferences.userId,
        notificationPreferences.processId,
        notificationPreferences.kind,
      ],
      set: { channel: sql`excluded.channel` },
    })
}
