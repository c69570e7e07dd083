import {
  DEFAULT_CHANNEL,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '@domain/notifications'
import type { Db } from '../db/client'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { badInput, notFound } from '../http/errors'
import { decodeInboxCursor, encodeInboxCursor } from '../notifications/cursor'
import {
  choicesOf,
  countUnread,
  type Inbox,
  type InboxFilter,
  isWatching,
  listInbox,
  markRead,
  saveChoices,
  setWatching,
} from '../repositories/notifications-repository'
import { inScope, scopeIn, taskCaller } from './task-access'
import { taskFor } from './tasks'

/*
 * The notifications' calls (PRODUCT.md §7): the caller's own inbox in a node — only about tasks
 * they may see now (task_view), so a right taken away hides what was made before —, its unread
 * count, marking read, the caller's preferences per process and kind, and watching a task.
 * Another node's id answers 404 as every tenant call.
 */

async function inboxOf(
  db: Db,
  c: Caller,
  nodeId: string,
): Promise<Inbox & { who: Awaited<ReturnType<typeof taskCaller>> }> {
  const who = await taskCaller(db, c, nodeId)
  return { nodeId, userId: who.userId, scope: scopeIn(who.config, who.rights, 'task_view'), who }
}

/**
 * A page of the caller's inbox: by `page`, or after `cursor` (the previous page's `next_cursor`:
 * keyset, its total carried; 422 value_error for a cursor that is not one of this tab's).
 */
export async function listNotifications(
  db: Db,
  c: Caller,
  nodeId: string,
  q: Pagination & InboxFilter & { cursor?: string },
) {
  const from = q.cursor === undefined ? undefined : decodeInboxCursor(q.cursor, q)
  if (q.cursor !== undefined && !from) throw badInput('value_error', ['query', 'cursor'])
  const box = await inboxOf(db, c, nodeId)
  const { rows, total, next } = await listInbox(db, box, q, q, from?.after)
  const counted = from ? from.total : (total ?? 0)
  return { rows, total: counted, next_cursor: next ? encodeInboxCursor(next, counted, q) : null }
}

export async function unreadCount(db: Db, c: Caller, nodeId: string) {
  return { unread: await countUnread(db, await inboxOf(db, c, nodeId)) }
}

/** Marks read the caller's notifications named (ids not theirs are passed over) or all; answers the count left. */
export async function readNotifications(db: Db, c: Caller, nodeId: string, which: string[] | 'all') {
  const box = await inboxOf(db, c, nodeId)
  const read = await markRead(db, nodeId, box.userId, which)
  return { read, unread: await countUnread(db, box) }
}

/** The processes the caller may see, a page at a time by name, each with a channel per kind. */
export async function preferencesOf(db: Db, c: Caller, nodeId: string, p: Pagination) {
  const { who, scope } = await inboxOf(db, c, nodeId)
  const seen = [...who.config.flows.values()]
    .map((f) => f.process)
    .filter((proc) => inScope(scope, proc.id))
    .sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key))
  const shown = seen.slice((p.page - 1) * p.per_page, p.page * p.per_page)
  const chosen = await choicesOf(
    db,
    nodeId,
    who.userId,
    shown.map((s) => s.id),
  )
  const rows = shown.map((proc) => {
    const channels = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, DEFAULT_CHANNEL])) as Record<
      NotificationKind,
      NotificationChannel
    >
    for (const r of chosen)
      if (r.processId === proc.id) channels[r.kind as NotificationKind] = r.channel as NotificationChannel
    return { process: { id: proc.id, key: proc.key, name: proc.name }, channels }
  })
  return { rows, total: seen.length }
}

export interface PreferenceInput {
  process_id: string
  kind: NotificationKind
  channel: NotificationChannel
}

/** Saves choices for processes the caller may see (another's or an unknown process: 404, nothing saved). */
export async function savePreferences(db: Db, c: Caller, nodeId: string, items: PreferenceInput[]) {
  const { who, scope } = await inboxOf(db, c, nodeId)
  items.forEach((i, n) => {
    if (!who.config.flows.has(i.process_id) || !inScope(scope, i.process_id))
      throw notFound('processes.process_not_found', ['body', 'items', n, 'process_id'])
  })
  // The last choice for a process and kind wins.
  const last = new Map(items.map((i) => [`${i.process_id}:${i.kind}`, i]))
  await saveChoices(db, nodeId, who.userId, [...last.values()])
}

/** Whether the caller watches a task they may see (else 404 tasks.task_not_found). */
export async function watching(db: Db, c: Caller, nodeId: string, taskId: string) {
  const { who, task } = await taskFor(db, c, nodeId, taskId)
  return { watching: await isWatching(db, nodeId, task.id, who.userId) }
}

export async function watch(db: Db, c: Caller, nodeId: string, taskId: string, on: boolean) {
  const { who, task } = await taskFor(db, c, nodeId, taskId)
  await setWatching(db, nodeId, task.id, who.userId, on)
  return { watching: on }
}
