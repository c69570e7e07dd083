import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreference,
} from '@domain/notifications'
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { requireAccess } from '~/lib/access.server'
import { requireCsrf } from '~/lib/csrf.server'
import { preferences, savePreferences } from '~/lib/notifications/notifications.server'
import { pageTitle } from '~/lib/page.server'
import { routes } from '~/lib/routes'
import { redirectWithToast } from '~/lib/session.server'

/*
 * /lk/notifications/settings: the user's channel (in the app, by e-mail too, off) per process and
 * kind, a page of processes at a time; one plain form, so it works without JavaScript. Each select
 * is named `{processId}:{kind}`.
 */

export const PREFS_PER_PAGE = 50

export async function loader({ request }: LoaderFunctionArgs) {
  const page = Math.max(1, Math.min(100_000, Number(new URL(request.url).searchParams.get('page')) || 1))
  const access = await requireAccess(request)
  const [title, list] = await Promise.all([
    pageTitle(request, 'notifications.prefs.title'),
    preferences(request, access, page, PREFS_PER_PAGE),
  ])
  return { title, page, totalPages: Math.max(1, Math.ceil(list.total / PREFS_PER_PAGE)), rows: list.rows }
}

const isKind = (v: string): v is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(v)
const isChannel = (v: string): v is NotificationChannel =>
  (NOTIFICATION_CHANNELS as readonly string[]).includes(v)

/** The form's choices; a field of another shape is no choice. */
export function choicesOf(formData: FormData): NotificationPreference[] {
  const out: NotificationPreference[] = []
  for (const [name, value] of formData) {
    const [processId, kind, ...rest] = name.split(':')
    if (rest.length || !processId || !kind || !isKind(kind) || typeof value !== 'string' || !isChannel(value))
      continue
    out.push({ process_id: processId, kind, channel: value })
  }
  return out.slice(0, 500)
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData()
  await requireCsrf(request, formData)
  const access = await requireAccess(request)
  const page = Number(formData.get('page')) || 1
  const back = page > 1 ? `${routes.notificationSettings()}?page=${page}` : routes.notificationSettings()
  const items = choicesOf(formData)
  if (items.length === 0) return redirect(back)
  const res = await savePreferences(request, access, items)
  return redirectWithToast(
    request,
    back,
    res.ok
      ? { type: 'success', code: 'notifications.preferences_saved' }
      : { type: 'warning', code: res.detail[0]?.type ?? 'value_error' },
  )
}
