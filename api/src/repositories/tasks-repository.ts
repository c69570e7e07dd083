import type { EventType, NewEvent } from '@domain/events'
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../db/client'
import { executeNamed } from '../db/named-statements'
import { nodeUsers, progressStatuses, type statuses, tasks, users } from '../db/schema'
import { committed, emitEvents, eventInsert, storedEvent } from '../events/outbox'
import { offsetOf } from './search'
import type { Person } from './task-card-repository'
import type { Change } from './task-parts-repository'
import { type ProcessScope, scopeCondition } from './task-scope'

export type TaskRow = typeof tasks.$inferSelect
export type StatusRow = typeof statuses.$inferSelect
export type UserRow = typeof users.$inferSelect

export interface NewTask {
  nodeId: string
  id: string
  processId: string
  title: string
  description: string
  statusId: string
  assigneeId: string | null
  authorId: string
  customFields: Record<string, unknown>
}

const dialect = new PgDialect()

/**
 * A write's statement as a named (prepared) one on node-postgres (issue 15: parsed and planned once
 * per connection, not on every write; db/named-statements.ts), as a plain one on PGlite.
 */
const write = <R>(db: Db, q: SQL) =>
  executeNamed<R>(db, { getSQL: () => q, toSQL: () => dialect.sqlToQuery(q) })

/** What a create answers: the task and its assignee as the card shows them, or what was missing. */
export type Created = { task: TaskRow; assignee: Person | undefined } | { missing: 'process' | 'assignee' }

/**
 * Creates a task in two statements (ADR 022): first the process's counter grows by one in a
 * statement of its own, so that its row is locked only for that update (not across the writes
 * of the task, its history and its event, which made every create of a process wait for the one
 * before it to commit); then the task `{processKey}-{n}` (domain taskKey), its 'created' history
 * row and its task.created event are written in one statement, or nothing is. Two tasks never get
 * one number and a number is never handed out again; a number taken by a create that then fails
 * is skipped (a gap in the keys, as in Jira and YouTrack). The counter's commit does not wait for
 * its flush (synchronous_commit off, for that transaction alone): the task's own commit, which
 * does wait, flushes the log up to itself, the counter's update included — a task is never durable
 * without its number. `event`: the task.created the service built, its key filled in here. Its
 * events go to this process's subscribers once the statement has returned (committed).
 *
 * The assignee (a user bound to the node: another tenant's user is never confirmed) is checked by
 * the counter's statement (issue 15: no round trip of its own): when they are not bound to the node
 * the counter does not move and nothing is written (`missing: 'assignee'`), as when the node has no
 * such process (`missing: 'process'`; the assignee is checked first).
 */
export async function createTaskWithEvents(
  db: Db,
  t: NewTask,
  e: { requestId?: string; event: NewEvent<'task.created'> },
): Promise<Created> {
  const [number] = await write<{
    number: number | string | null
    key: string | null
    assignee: Person | string | null
  }>(
    db,
    sql`
    with unflushed as (select set_config('synchronous_commit', 'off', true)),
    assignee as (
      select u.id, u.email, u.fio, u.contacts from users u
        join node_users nu on nu.user_id = u.id and nu.node_id = ${t.nodeId}::uuid
       where u.id = ${t.assigneeId}::uuid
    ), taken as (
      update processes set task_counter = task_counter + 1
        from unflushed
       where node_id = ${t.nodeId}::uuid and id = ${t.processId}::uuid
         and (${t.assigneeId}::uuid is null or exists (select from assignee))
      returning task_counter as number, key || '-' || task_counter as key
    )
    select taken.number, taken.key,
           (select json_build_object('id', id, 'email', email, 'fio', fio, 'contacts', contacts)
              from assignee) as assignee
      from (select) as one left join taken on true`,
  )
  const assignee =
    typeof number?.assignee === 'string' ? (JSON.parse(number.assignee) as Person) : number?.assignee
  if (t.assigneeId && !assignee) return { missing: 'assignee' }
  if (!number || number.number === null || number.key === null) return { missing: 'process' }
  const [row] = await write<CreatedRow>(
    db,
    sql`
    with counter as (
      select ${Number(number.number)}::integer as number, ${number.key}::text as key
    ), task as (
      insert into tasks (node_id, id, process_id, number, key, title, description, status_id,
                         assignee_id, author_id, custom_fields)
      select ${t.nodeId}::uuid, ${t.id}::uuid, ${t.processId}::uuid, number, key, ${t.title}::text,
             ${t.description}::text, ${t.statusId}::uuid, ${t.assigneeId}::uuid, ${t.authorId}::uuid,
             ${JSON.stringify(t.customFields)}::jsonb
        from counter
      returning number, key, version, created_at, updated_at
    ), history as (
      insert into task_history (node_id, task_id, actor_id, field, new_value, request_id)
      select ${t.nodeId}::uuid, ${t.id}::uuid, ${t.authorId}::uuid, 'created',
             jsonb_build_object('key', key, 'title', ${t.title}::text, 'status', ${t.statusId}::uuid),
             ${e.requestId ?? null}::text
        from task
    ), event as (${eventInsert(e.event, sql`jsonb_set(${JSON.stringify(e.event.data)}::jsonb, '{task,key}', to_jsonb(task.key))`, sql`task`)})
    select task.number, task.key, task.version, task.created_at, task.updated_at,
           event.id, event.txid, event.occurred_at
      from task, event`,
  )
  if (!row) return { missing: 'process' }
  const task: TaskRow = {
    ...t,
    number: Number(row.number),
    key: row.key,
    version: Number(row.version),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  }
  const event = { ...e.event, data: { ...e.event.data, task: { id: t.id, key: row.key } } }
  committed(db, [storedEvent(event, row)])
  return { task, assignee: assignee ?? undefined }
}

interface CreatedRow {
  number: number | string
  key: string
  version: number | string
  created_at: Date | string
  updated_at: Date | string
  id: number | string
  txid: string
  occurred_at: Date | string
}

/** What an edit writes: the task's editable columns, as the planner left them. */
export type TaskEdit = Pick<TaskRow, 'title' | 'description' | 'assigneeId' | 'statusId' | 'customFields'>

interface EditedRow {
  node_id: string
  id: string
  process_id: string
  number: number | string
  key: string
  title: string
  description: string
  status_id: string
  assignee_id: string | null
  author_id: string
  custom_fields: Record<string, unknown>
  version: number | string
  created_at: Date | string
  updated_at: Date | string
  event_id: number | string | null
  txid: string | null
  occurred_at: Date | string | null
}

const jsonOrNull = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v))

/**
 * Deletes tasks of the node (the undo of the import that created them) and writes one task.deleted
 * per task gone in the same transaction (ADR 015): live boards, counts and webhooks learn of it as
 * of any other task write. Their history, comments and files go with them (the keys cascade).
 */
export async function deleteTasksWithEvents(
  tx: Tx,
  at: { nodeId: string; actorId: string; batchId: string | null },
  ids: string[],
): Promise<number> {
  if (ids.length === 0) return 0
  const gone = await tx
    .delete(tasks)
    .where(and(eq(tasks.nodeId, at.nodeId), inArray(tasks.id, ids)))
    .returning({ id: tasks.id, key: tasks.key, processId: tasks.processId })
  await emitEvents(
    tx,
    gone.map((t) => ({
      type: 'task.deleted' as const,
      node_id: at.nodeId,
      actor_id: at.actorId,
      data: { task: { id: t.id, key: t.key }, process_id: t.processId, batch_id: at.batchId },
    })),
  )
  return gone.length
}

/**
 * Edits a task in one statement, a transaction of its own (issue 15, like the create: ADR 015): the
 * row is updated only while its version is still `before.version` (optimistic: no row lock held
 * across round trips), and its history rows and events are written with it, or nothing is.
 * Undefined when the version moved on (or the task is gone) since it was read: a conflict. The
 * events reach this process's subscribers once the statement has returned (committed).
 */
export async function editTaskWithEvents(
  db: Db,
  before: TaskRow,
  set: TaskEdit,
  history: { actorId: string; requestId?: string; changes: Change[] },
  events: NewEvent<EventType>[],
): Promise<TaskRow | undefined> {
  if (history.changes.length === 0) throw new Error('editTaskWithEvents: an edit without changes is no edit')
  const changes = sql.join(
    history.changes.map(
      (c, i) => sql`(${c.field}::text, ${jsonOrNull(c.old)}::jsonb, ${jsonOrNull(c.new)}::jsonb, ${i}::int)`,
    ),
    sql`, `,
  )
  const written = sql.join(
    events.map(
      (e, i) =>
        sql`(${e.type}::text, ${e.node_id}::uuid, ${e.actor_id}::uuid, ${JSON.stringify(e.data)}::jsonb, ${i}::int)`,
    ),
    sql`, `,
  )
  const rows = await write<EditedRow>(
    db,
    sql`
    with upd as (
      update tasks set title = ${set.title}::text, description = ${set.description}::text,
             status_id = ${set.statusId}::uuid, assignee_id = ${set.assigneeId}::uuid,
             custom_fields = ${JSON.stringify(set.customFields)}::jsonb,
             version = version + 1, updated_at = ${new Date().toISOString()}::timestamptz
       where node_id = ${before.nodeId}::uuid and id = ${before.id}::uuid and version = ${before.version}::int
      returning node_id, id, process_id, number, key, title, description, status_id, assignee_id,
                author_id, custom_fields, version, created_at, updated_at
    ), history as (
      insert into task_history (node_id, task_id, actor_id, field, old_value, new_value, request_id)
      select upd.node_id, upd.id, ${history.actorId}::uuid, c.field, c.old_value, c.new_value,
             ${history.requestId ?? null}::text
        from upd, (values ${changes}) as c(field, old_value, new_value, n)
       order by c.n
    )${
      events.length
        ? sql`, event as (
      insert into events (type, node_id, actor_id, data)
      select e.type, e.node_id, e.actor_id, e.data
        from upd, (values ${written}) as e(type, node_id, actor_id, data, n)
       order by e.n
      returning id, txid::text as txid, occurred_at
    )
    select upd.*, event.id as event_id, event.txid, event.occurred_at
      from upd left join event on true order by event.id`
        : sql`
    select upd.*, null as event_id, null as txid, null as occurred_at from upd`
    }`,
  )
  const [row] = rows
  if (!row) return undefined
  const task: TaskRow = {
    nodeId: row.node_id,
    id: row.id,
    processId: row.process_id,
    number: Number(row.number),
    key: row.key,
    title: row.title,
    description: row.description,
    statusId: row.status_id,
    assigneeId: row.assignee_id,
    authorId: row.author_id,
    customFields: typeof row.custom_fields === 'string' ? JSON.parse(row.custom_fields) : row.custom_fields,
    version: Number(row.version),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  }
  const stored = rows.flatMap((r, i) =>
    r.event_id === null || !events[i]
      ? []
      : [storedEvent(events[i]!, { id: r.event_id, txid: r.txid!, occurred_at: r.occurred_at! })],
  )
  committed(db, stored)
  return task
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
