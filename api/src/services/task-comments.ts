import type { Db } from '../db/client'
import { emitEvents } from '../events/emit'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { insertComment, listComments, listHistory } from '../repositories/task-parts-repository'
import { boundUsers, usersByIds } from '../repositories/tasks-repository'
import { userRef } from './task-read'
import { taskFor } from './tasks'

/*
 * A task's comments and history (PRODUCT.md §4): both read with task_view; commenting needs
 * task_edit, as editing does.
 */

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}'
const EMAIL = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9-]+)+"
/** `@` + an e-mail or a user id, not inside a word or an address (`bob@example.com` mentions nobody). */
const MENTION = new RegExp(`(?<![\\w.@+-])@(${UUID}(?![\\w-])|${EMAIL})`, 'g')

/** The e-mails and ids named with @ in a comment, in order, each once (an e-mail's trailing dot dropped). */
export function parseMentions(body: string): { ids: string[]; emails: string[] } {
  const ids: string[] = []
  const emails: string[] = []
  for (const m of body.matchAll(MENTION)) {
    const token = m[1]!.replace(/\.+$/, '')
    if (new RegExp(`^${UUID}$`).test(token)) ids.push(token.toLowerCase())
    else emails.push(token.toLowerCase())
  }
  return { ids: [...new Set(ids)], emails: [...new Set(emails)] }
}

type CommentRow = Awaited<ReturnType<typeof insertComment>>

async function presentComments(db: Db, rows: CommentRow[]) {
  const people = new Map(
    (
      await usersByIds(
        db,
        rows.map((r) => r.authorId),
      )
    ).map((u) => [u.id, u]),
  )
  return rows.map((r) => {
    const author = people.get(r.authorId)
    return {
      id: r.id,
      body: r.body,
      author: author ? userRef(author) : null,
      /** The users the comment names with @ (bound to the node), by id. */
      mentions: r.mentions,
      created_at: r.createdAt.toISOString(),
    }
  })
}

export async function taskComments(
  db: Db,
  c: Caller,
  nodeId: string,
  taskId: string,
  q: Pagination & { order: 'asc' | 'desc' },
) {
  const { task } = await taskFor(db, c, nodeId, taskId)
  const { rows, total } = await listComments(db, nodeId, task.id, q)
  return { rows: await presentComments(db, rows), total }
}

/** Adds a comment; @mentions of users bound to the node are kept with it (others are just text). */
export async function addComment(db: Db, c: Caller, nodeId: string, taskId: string, body: string) {
  const { task, who } = await taskFor(db, c, nodeId, taskId, 'task_edit')
  const named = parseMentions(body)
  const found = await boundUsers(db, nodeId, named)
  // In the order the body names them.
  const byKey = new Map(found.flatMap((u) => [[u.id, u.id] as const, [u.email.toLowerCase(), u.id] as const]))
  const mentions = [
    ...new Set(
      [...named.ids, ...named.emails].map((k) => byKey.get(k)).filter((id): id is string => id !== undefined),
    ),
  ]
  const row = await db.transaction(async (tx) => {
    const comment = await insertComment(tx, { nodeId, taskId: task.id, authorId: who.userId, body, mentions })
    await emitEvents(tx, [
      {
        type: 'comment.added',
        node_id: nodeId,
        actor_id: who.userId,
        data: { task: { id: task.id, key: task.key }, comment_id: comment.id, mentions },
      },
    ])
    return comment
  })
  return (await presentComments(db, [row]))[0]!
}

/** A page of the task's history, newest first: who changed which field when, from what to what. */
export async function taskHistory(db: Db, c: Caller, nodeId: string, taskId: string, q: Pagination) {
  const { task } = await taskFor(db, c, nodeId, taskId)
  const { rows, total } = await listHistory(db, nodeId, task.id, q)
  const people = new Map(
    (
      await usersByIds(
        db,
        rows.flatMap((r) => (r.actorId ? [r.actorId] : [])),
      )
    ).map((u) => [u.id, u]),
  )
  return {
    rows: rows.map((r) => {
      const actor = r.actorId ? people.get(r.actorId) : undefined
      return {
        id: r.id,
        field: r.field,
        old_value: r.oldValue,
        new_value: r.newValue,
        actor: actor ? userRef(actor) : null,
        batch_id: r.batchId,
        created_at: r.createdAt.toISOString(),
      }
    }),
    total,
  }
}
