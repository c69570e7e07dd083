import type { Access } from '../access.server'
import type { Schema } from '../upstream/types'
import { type InitOf, upstream } from '../upstream.server'
import type { ProcessInfo } from './processes.server'
import type { UpstreamForm } from './task-form'

/*
 * The upstream's task calls as the task pages use them (spec §7 tasks and attachments; the shapes
 * of api/src/routes/tasks/schemas.ts).
 */

/** Lists are paginated upstream (PRODUCT.md §2): 500 is the most one call returns. */
const PER_PAGE = 500

export type UserRef = Schema<'UserRef'>
export type Attachment = Schema<'Attachment'>
export type Task = Schema<'Task'>
export type HistoryEntry = Schema<'HistoryEntry'>
export type Comment = Schema<'Comment'>
export type StatusRow = Schema<'Status'>
export type NodeUser = Schema<'User'>

const inNode = (access: Pick<Access, 'node'>) => ({ nodeId: access.node.id })
const node = (access: Access) => encodeURIComponent(access.node.id)
const id = encodeURIComponent

/** A task by its key; null when unknown, not viewable or another node's (all 404 upstream). */
export async function taskByKey(
  request: Request,
  access: Pick<Access, 'node'>,
  key: string,
): Promise<Task | null> {
  const res = await upstream(request).get('/api/tasks/{nodeId}/{taskKey}/key', {
    path: { ...inNode(access), taskKey: key },
  })
  if (res.ok) return res.data
  if ([400, 403, 404, 422].includes(res.status)) return null
  throw new Response(JSON.stringify({ detail: res.detail }), {
    status: res.status >= 400 ? res.status : 502,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}

/** The rows of a node's list, or none when the upstream refuses. */
const rowsOf = <T>(res: { ok: true; data: T[] } | { ok: false }): T[] => (res.ok ? res.data : [])

export const fieldRows = async (request: Request, access: Pick<Access, 'node'>) =>
  rowsOf(
    await upstream(request).get('/api/fields/{nodeId}', {
      path: inNode(access),
      query: { per_page: PER_PAGE },
    }),
  )
export const nodeUsers = async (request: Request, access: Pick<Access, 'node'>) =>
  rowsOf(
    await upstream(request).get('/api/users/{nodeId}', {
      path: inNode(access),
      query: { per_page: PER_PAGE },
    }),
  )
export const nodeStatuses = async (request: Request, access: Pick<Access, 'node'>) =>
  rowsOf(
    await upstream(request).get('/api/statuses/{nodeId}', {
      path: inNode(access),
      query: { per_page: PER_PAGE },
    }),
  )
export const taskHistory = async (request: Request, access: Access, task: Task) =>
  rowsOf(
    await upstream(request).get('/api/tasks/{nodeId}/{taskId}/history', {
      path: { ...inNode(access), taskId: task.id },
      query: { per_page: 100 },
    }),
  )
export const taskComments = async (request: Request, access: Access, task: Task) =>
  rowsOf(
    await upstream(request).get('/api/tasks/{nodeId}/{taskId}/comments', {
      path: { ...inNode(access), taskId: task.id },
      query: { per_page: PER_PAGE },
    }),
  )

/** The process's form (processes.form_id), or null: no form bound, or it is gone. */
export async function processForm(
  request: Request,
  access: Access,
  process: Pick<ProcessInfo, 'form_id'>,
): Promise<UpstreamForm | null> {
  if (!process.form_id) return null
  const res = await upstream(request).get('/api/forms/{nodeId}/{formId}', {
    path: { ...inNode(access), formId: process.form_id },
  })
  return res.ok ? res.data : null
}

export const createTask = (request: Request, access: Access, processId: string, body: TaskBody<'post'>) =>
  upstream(request).post('/api/tasks/{nodeId}/{id}', { path: { ...inNode(access), id: processId }, body })
export const editTask = (request: Request, access: Access, task: Pick<Task, 'id'>, body: TaskBody<'patch'>) =>
  upstream(request).patch('/api/tasks/{nodeId}/{id}', { path: { ...inNode(access), id: task.id }, body })
export const addComment = (request: Request, access: Access, task: Pick<Task, 'id'>, body: string) =>
  upstream(request).post('/api/tasks/{nodeId}/{taskId}/comments', {
    path: { ...inNode(access), taskId: task.id },
    body: { body },
  })
export const deleteAttachment = (request: Request, access: Access, attachmentId: string) =>
  upstream(request).del('/api/attachments/{nodeId}/{id}', { path: { ...inNode(access), id: attachmentId } })

/** The body of a task's POST (create) or PATCH (edit), as the contract states it. */
export type TaskBody<M extends 'post' | 'patch'> =
  InitOf<'/api/tasks/{nodeId}/{id}', M> extends { body: infer B } ? B : never

/** Where the browser downloads an attachment: the /api forwarding, with the `_token` cookie. */
export function attachmentHref(access: Access, a: Pick<Attachment, 'id' | 'url'>): string {
  if (a.url.startsWith('/api/')) return a.url
  return `/api/attachments/${node(access)}/${id(a.id)}`
}

/** A user's logo as the browser may load it (spec §3 attachment user.logo). */
export { logoHref } from '~/lib/user-logo'

/** Where the browser loads an image attachment's thumbnail (the same forwarding), if it has one. */
export function thumbnailHref(access: Access, a: Pick<Attachment, 'id' | 'thumbnail_url'>): string | null {
  if (!a.thumbnail_url) return null
  if (a.thumbnail_url.startsWith('/api/')) return a.thumbnail_url
  return `/api/attachments/${node(access)}/${id(a.id)}/thumbnail`
}
