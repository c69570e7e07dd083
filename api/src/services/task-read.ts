import { allowedMoves, fieldRulesAt } from '@domain/workflow/moves'
import type { Db, Tx } from '../db/client'
import { API_PREFIX } from '../http/prefix'
import type { Person, TaskCard } from '../repositories/task-card-repository'
import { type AttachmentRow, attachmentsOfTasks } from '../repositories/task-parts-repository'
import { type TaskRow, usersByIds } from '../repositories/tasks-repository'
import { fullName, logoUrl } from '../repositories/users-repository'
import { configCovering } from './node-config'
import { mayOnProcess, type TaskCaller } from './task-access'

/*
 * The task as the card and the lists read it (spec §3): its status, process, people, custom
 * fields and attachments, plus what the caller may do next — the moves the workflow lets them
 * make and the field rules of the status it is in. Built for a page of tasks at once.
 */

/** A person on a task (spec §3 assignee/author children). */
export const userRef = (u: Person) => ({
  id: u.id,
  user_name: u.email,
  full_name: fullName(u),
  fio: { name: u.fio.name ?? '', surname: u.fio.surname ?? '', middlename: u.fio.middlename ?? '' },
  contacts: { email: u.contacts.email ?? u.email, phone: u.contacts.phone ?? '' },
  logo: logoUrl(u),
})
export type UserRef = ReturnType<typeof userRef>

/** The attachment as the card lists it (spec §3: url, name, user with logo and full_name). */
export const presentAttachment = (nodeId: string, a: AttachmentRow, by?: Person) => ({
  id: a.id,
  type: a.type,
  name: a.name,
  content_type: a.contentType,
  size: a.size,
  url: `${API_PREFIX}/attachments/${nodeId}/${a.id}`,
  thumbnail_url: a.thumbnailKey ? `${API_PREFIX}/attachments/${nodeId}/${a.id}/thumbnail` : null,
  user: by ? { id: by.id, full_name: fullName(by), logo: logoUrl(by) } : null,
  created_at: a.createdAt.toISOString(),
})

/** The attachments and people of a page of tasks. */
async function partsOf(db: Db | Tx, nodeId: string, rows: TaskRow[]) {
  const files = await attachmentsOfTasks(
    db,
    nodeId,
    rows.map((r) => r.id),
  )
  const people: Person[] = await usersByIds(db, [
    ...rows.flatMap((r) => [r.authorId, r.assigneeId ?? r.authorId]),
    ...[...files.values()].flat().map((a) => a.uploadedBy),
  ])
  return { files, people }
}

/** Presents one task read with its parts (findTaskCard). */
export async function presentCard(db: Db | Tx, nodeId: string, card: TaskCard, who: TaskCaller) {
  const parts = { files: new Map([[card.task.id, card.files]]), people: card.people }
  return (await presentTasks(db, nodeId, [card.task], who, parts))[0]!
}

/** Presents a page of tasks for the caller. */
export async function presentTasks(
  db: Db | Tx,
  nodeId: string,
  rows: TaskRow[],
  who: TaskCaller,
  parts?: { files: Map<string, AttachmentRow[]>; people: Person[] },
) {
  if (rows.length === 0) return []
  const config = await configCovering(db, nodeId, who.config, rows)
  const { files, people } = parts ?? (await partsOf(db, nodeId, rows))
  const user = new Map(people.map((u) => [u.id, u]))
  return rows.map((t) => {
    const flow = config.flows.get(t.processId)!
    const s = config.statuses.get(t.statusId)!
    const assignee = t.assigneeId ? user.get(t.assigneeId) : undefined
    const author = user.get(t.authorId)
    const mayEdit = mayOnProcess(who, 'task_edit', flow.process.key)
    return {
      id: t.id,
      key: t.key,
      title: t.title,
      description: t.description,
      created_at: t.createdAt.toISOString(),
      updated_at: t.updatedAt.toISOString(),
      version: t.version,
      status: { id: s.id, name: s.name, description: s.description, color: s.color },
      process: {
        id: flow.process.id,
        key: flow.process.key,
        name: flow.process.name,
        description: flow.process.description,
      },
      assignee: assignee ? userRef(assignee) : null,
      author: author ? userRef(author) : null,
      custom_fields: t.customFields,
      attachments: (files.get(t.id) ?? []).map((a) => presentAttachment(nodeId, a, user.get(a.uploadedBy))),
      /** The statuses the caller may move the task to now, with the fields each move needs. */
      allowed_moves: mayEdit ? allowedMoves(flow.workflow, t.statusId, who) : [],
      /** Which fields the task's status requires and keeps read-only. */
      field_rules: fieldRulesAt(flow.workflow, t.statusId),
    }
  })
}
export type TaskView = Awaited<ReturnType<typeof presentTasks>>[number]
