import type { NotificationPreference } from '@domain/notifications'
import type { EmailPreference as EmailPreferenceInput } from '@domain/notifications/email'
import type { Access } from '../access.server'
import { nodeName } from '../node.server'
import { getNodeByDomain } from '../node-assets.server'
import type { Schema } from '../upstream/types'
import { upstream } from '../upstream.server'
import type { InboxTab } from './tabs'

/*
 * The upstream's notification calls as the web app uses them (PRODUCT.md §7; the shapes of
 * api/src/routes/notifications/schemas.ts): the footer's unread count, the inbox, marking read,
 * preferences, watching a task.
 */

export type NotificationItem = Schema<'NotificationItem'>
export type PreferenceRow = Schema<'NotificationPreferenceRow'>

export { isInboxTab } from './tabs'
export const INBOX_PER_PAGE = 20

const inNode = (access: Pick<Access, 'node'>) => ({ nodeId: access.node.id })

/**
 * The footer's figure, for the layout's loader: it needs only the node (cached), so it runs beside
 * the access check rather than after it. Null when it cannot be had — the access check decides what
 * the page does then.
 */
export async function unreadCount(request: Request): Promise<number | null> {
  const node = await getNodeByDomain(request, nodeName(request))
  if (!node.ok || !node.data) return null
  const res = await upstream(request).get('/api/notifications/{nodeId}/count', {
    path: { nodeId: node.data.id },
    on401: 'return',
  })
  return res.ok ? res.data.unread : null
}

export async function inbox(request: Request, access: Access, tab: InboxTab, page: number) {
  const res = await upstream(request).get('/api/notifications/{nodeId}', {
    path: inNode(access),
    query: {
      page,
      per_page: INBOX_PER_PAGE,
      ...(tab === 'unread' ? { unread: 'true' as const } : {}),
      ...(tab === 'mentions' ? { kind: 'mention' as const } : {}),
    },
  })
  return res.ok ? { items: res.data, total: res.meta.total } : { items: [], total: 0 }
}

export const markRead = (request: Request, access: Access, which: { ids: string[] } | { all: true }) =>
  upstream(request).post('/api/notifications/{nodeId}/read', { path: inNode(access), body: which })

export async function preferences(request: Request, access: Access, page: number, perPage: number) {
  const res = await upstream(request).get('/api/notifications/{nodeId}/preferences', {
    path: inNode(access),
    query: { page, per_page: perPage },
  })
  return res.ok ? { rows: res.data, total: res.meta.total } : { rows: [], total: 0 }
}

export const savePreferences = (request: Request, access: Access, items: NotificationPreference[]) =>
  upstream(request).put('/api/notifications/{nodeId}/preferences', { path: inNode(access), body: { items } })

export async function isWatching(request: Request, access: Access, taskId: string) {
  const res = await upstream(request).get('/api/tasks/{nodeId}/{taskId}/watch', {
    path: { ...inNode(access), taskId },
  })
  return res.ok ? res.data.watching : false
}

export const setWatching = (request: Request, access: Access, taskId: string, on: boolean) =>
  on
    ? upstream(request).post('/api/tasks/{nodeId}/{taskId}/watch', { path: { ...inNode(access), taskId } })
    : upstream(request).del('/api/tasks/{nodeId}/{taskId}/watch', { path: { ...inNode(access), taskId } })

/** A task's card from its key alone: the process key is what comes before the number. */
export const processKeyOf = (taskKey: string) => taskKey.slice(0, Math.max(0, taskKey.lastIndexOf('-')))

export type EmailPreference = Schema<'EmailPreference'>

/** The caller's e-mail mode, digest time, time zone and language; null when it cannot be had. */
export async function emailPreference(request: Request, access: Access): Promise<EmailPreference | null> {
  const res = await upstream(request).get('/api/notifications/{nodeId}/email', { path: inNode(access) })
  return res.ok ? res.data : null
}

export const saveEmailPreference = (request: Request, access: Access, body: EmailPreferenceInput) =>
  upstream(request).put('/api/notifications/{nodeId}/email', { path: inNode(access), body })
