import type { Access } from '../access.server'
import { upstream } from '../upstream.server'
import type { ProcessInfo } from './processes.server'
import type { FieldRow, FieldRules, UpstreamForm } from './task-form'

/*
 * The upstream's task calls as the task pages use them (spec §7 tasks and attachments; the shapes
 * of api/src/routes/tasks/schemas.ts).
 */

/** Lists are paginated upstream (PRODUCT.md §2): 500 is the most one call returns. */
const PER_PAGE = 500

export interface UserRef {
  id: string
  user_name: string
  full_name: string
  contacts?: { email: string; phone: string }
}

export interface Attachment {
  id: string
  type: string
  name: string
  content_type: string
  size: number
  url: string
  thumbnail_url: string | null
  user: { id: string; full_name: string; logo: string | null } | null
  created_at: string
}

export interface Task {
  id: string
  key: string
  title: string
  description: string
  created_at: string
  updated_at: string
  version: number
  status: { id: string; name: string; description: string; color: string }
  process: { id: string; key: string; name: string; description: string }
  assignee: UserRef | null
  author: UserRef | null
  custom_fields: Record<string, unknown>
  attachments: Attachment[]
  allowed_moves: { to_status_id: string; required_fields: string[] }[]
  field_rules: FieldRules
}

export interface HistoryEntry {
  id: number
  field: string
  old_value: unknown
  new_value: unknown
  actor: UserRef | null
  created_at: string
}

export interface Comment {
  id: string
  body: string
  author: UserRef | null
  mentions: string[]
  created_at: string
}

export interface StatusRow {
  id: string
  name: string
  color: string
}

export interface NodeUser {
  id: string
  full_name: string
  user_name?: string
  contacts?: { email: string }
}

const node = (access: Access) => encodeURIComponent(access.node.id)
const id = encodeURIComponent

/** A task by its key; null when unknown, not viewable or another node's (all 404 upstream). */
export async function taskByKey(request: Request, access: Access, key: string): Promise<Task | null> {
  const res = await upstream(request).get<Task>(`/api/tasks/${node(access)}/${id(key)}/key`)
  if (res.ok && res.data) return res.data
  if ([400, 403, 404, 422].includes(res.status)) return null
  throw new Response(JSON.stringify({ detail: res.detail }), {
    status: res.status >= 400 ? res.status : 502,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}

async function list<T>(request: Request, path: string, query: Record<string, string | number> = {}) {
  const res = await upstream(request).get<T[]>(path, { query: { per_page: PER_PAGE, ...query } })
  return res.ok && res.data ? res.data : []
}

export const fieldRows = (request: Request, access: Access) =>
  list<FieldRow>(request, `/api/fields/${node(access)}`)
export const nodeUsers = (request: Request, access: Access) =>
  list<NodeUser>(request, `/api/users/${node(access)}`)
export const nodeStatuses = (request: Request, access: Access) =>
  list<StatusRow>(request, `/api/statuses/${node(access)}`)
export const taskHistory = (request: Request, access: Access, task: Task) =>
  list<HistoryEntry>(request, `/api/tasks/${node(access)}/${id(task.id)}/history`, { per_page: 100 })
export const taskComments = (request: Request, access: Access, task: Task) =>
  list<Comment>(request, `/api/tasks/${node(access)}/${id(task.id)}/comments`)

/** The process's form (processes.form_id), or null: no form bound, or it is gone. */
export async function processForm(
  request: Request,
  access: Access,
  process: Pick<ProcessInfo, 'form_id'>,
): Promise<UpstreamForm | null> {
  if (!process.form_id) return null
  const forms = await list<UpstreamForm>(request, `/api/forms/${node(access)}`)
  return forms.find((f) => f.id === process.form_id) ?? null
}

export const createTask = (request: Request, access: Access, processId: string, body: unknown) =>
  upstream(request).post<Task>(`/api/tasks/${node(access)}/${id(processId)}`, body)
export const editTask = (request: Request, access: Access, task: Pick<Task, 'id'>, body: unknown) =>
  upstream(request).patch<Task>(`/api/tasks/${node(access)}/${id(task.id)}`, body)
export const addComment = (request: Request, access: Access, task: Pick<Task, 'id'>, body: string) =>
  upstream(request).post<Comment>(`/api/tasks/${node(access)}/${id(task.id)}/comments`, { body })
export const deleteAttachment = (request: Request, access: Access, attachmentId: string) =>
  upstream(request).del<{ id: string }>(`/api/attachments/${node(access)}/${id(attachmentId)}`)

/** Where the browser downloads an attachment: the /api forwarding, with the `_token` cookie. */
export function attachmentHref(access: Access, a: Pick<Attachment, 'id' | 'url'>): string {
  if (a.url.startsWith('/api/')) return a.url
  return `/api/attachments/${node(access)}/${id(a.id)}`
}

/** Where the browser loads an image attachment's thumbnail (the same forwarding), if it has one. */
export function thumbnailHref(access: Access, a: Pick<Attachment, 'id' | 'thumbnail_url'>): string | null {
  if (!a.thumbnail_url) return null
  if (a.thumbnail_url.startsWith('/api/')) return a.thumbnail_url
  return `/api/attachments/${node(access)}/${id(a.id)}/thumbnail`
}
