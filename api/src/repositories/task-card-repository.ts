import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { Contacts, Fio } from '../db/schema'
import { attachments, tasks, users } from '../db/schema'
import type { AttachmentRow } from './task-parts-repository'
import type { TaskRow } from './tasks-repository'

/*
 * One task with its attachments and the people the card names (author, assignee, uploaders), in
 * one prepared statement: reading a task by key or id is the commonest call there is, and every
 * round trip to the database is most of its cost.
 */

/** What the card shows of a person. */
export interface Person {
  id: string
  email: string
  fio: Fio
  contacts: Contacts
  /** The picture's id (users.logo_id): the URL is logoUrl's. */
  logoId: string | null
}

export interface TaskCard {
  task: TaskRow
  files: AttachmentRow[]
  people: Person[]
}

const node = sql.placeholder('nodeId')
// Qualified by hand: in a one-table select Drizzle writes bare column names, which the subqueries
// below would take for the attachments' own.
const t = {
  nodeId: sql.raw('"tasks"."node_id"'),
  id: sql.raw('"tasks"."id"'),
  authorId: sql.raw('"tasks"."author_id"'),
  assigneeId: sql.raw('"tasks"."assignee_id"'),
}
const files = sql<AttachmentJson[]>`coalesce((
  select json_agg(json_build_object(
           'nodeId', a.node_id, 'id', a.id, 'taskId', a.task_id, 'type', a.type, 'name', a.name,
           'contentType', a.content_type, 'size', a.size, 'storageKey', a.storage_key,
           'thumbnailKey', a.thumbnail_key, 'uploadedBy', a.uploaded_by, 'createdAt', a.created_at)
         order by a.created_at desc, a.id desc)
    from ${attachments} a
   where a.node_id = ${t.nodeId} and a.task_id = ${t.id}), '[]'::json)`
const people = sql<Person[]>`coalesce((
  select json_agg(json_build_object('id', u.id, 'email', u.email, 'fio', u.fio, 'contacts', u.contacts,
                           'logoId', u.logo_id))
    from ${users} u
   -- One array for = any: the primary key serves it (an or of three would scan the users).
   where u.id = any(array[${t.authorId}, ${t.assigneeId}] || array(
           select a.uploaded_by from ${attachments} a where a.node_id = ${t.nodeId} and a.task_id = ${t.id}))
  ), '[]'::json)`

type AttachmentJson = Omit<AttachmentRow, 'createdAt'> & { createdAt: string }

const cardQuery = (db: Db, nodeId: Placeholder | string, where: SQL) =>
  db
    .select({ task: tasks, files, people })
    .from(tasks)
    .where(and(eq(tasks.nodeId, nodeId), where))
    .limit(1)

const prepare = (db: Db, by: 'id' | 'key') =>
  cardQuery(
    db,
    node,
    by === 'id' ? eq(tasks.id, sql.placeholder('id')) : eq(tasks.key, sql.placeholder('key')),
  ).prepare(`task_card_by_${by}`)

/** The statement of findTaskCard by key, unprepared (bench/tasks-explain.ts explains it). */
export const taskCardByKeyQuery = (db: Db, nodeId: string, key: string) =>
  cardQuery(db, nodeId, eq(tasks.key, key))

const prepared = new WeakMap<Db, Record<'id' | 'key', ReturnType<typeof prepare>>>()

/** The task of the node with this id or key (keys as stored: upper case), with its card's parts. */
export async function findTaskCard(
  db: Db,
  nodeId: string,
  where: { id: string } | { key: string },
): Promise<TaskCard | undefined> {
  let statements = prepared.get(db)
  if (!statements) {
    statements = { id: prepare(db, 'id'), key: prepare(db, 'key') }
    prepared.set(db, statements)
  }
  const [row] =
    'id' in where
      ? await statements.id.execute({ nodeId, id: where.id })
      : await statements.key.execute({ nodeId, key: where.key })
  if (!row) return undefined
  return {
    task: row.task,
    files: row.files.map((a) => ({ ...a, createdAt: new Date(a.createdAt) })),
    people: row.people,
  }
}
