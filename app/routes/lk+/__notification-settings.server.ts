import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreference,
} from '@domain/notifications'
import { emailPreferenceSchema, timeZones } from '@domain/notifications/email'
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { requireAccess } from '~/lib/access.server'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import {
  emailPreference,
  preferences,
  saveEmailPreference,
  savePreferences,
} from '~/lib/notifications/notifications.server'
import { pageTitle } from '~/lib/page.server'
import { routes } from '~/lib/routes'
import { redirectWithToast } from '~/lib/session.server'

/*
 * /lk/notifications/settings: how e-mails reach the user (off, each as it happens, a daily digest at
 * a time in their zone; the mails' language), and the user's channel (in the app, by e-mail too,
 * off) per process and kind, a page of processes at a time. Two plain forms, so it works without
 * JavaScript. Each channel select is named `{processId}:{kind}`.
 */

export const PREFS_PER_PAGE = 50

/** The zones the form offers, the saved one among them even if this runtime no longer lists it. */
const zonesWith = (zone: string) => {
  const list = timeZones()
  return list.includes(zone) ? list : [zone, ...list]
}

export async function loader({ request }: LoaderFunctionArgs) {
  const page = Math.max(1, Math.min(100_000, Number(new URL(request.url).searchParams.get('page')) || 1))
  const access = await requireAccess(request)
  const [title, list, email] = await Promise.all([
    pageTitle(request, 'notifications.prefs.title'),
    preferences(request, access, page, PREFS_PER_PAGE),
    emailPreference(request, access),
  ])
  return {
    title,
    page,
    totalPages: Math.max(1, Math.ceil(list.total / PREFS_PER_PAGE)),
    rows: list.rows,
    email,
    zones: email ? zonesWith(email.time_zone) : [],
  }
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

/** The e-mail form's field errors, by field: catalogue codes. */
export type EmailFieldErrors = Partial<Record<'mode' | 'digest_time' | 'time_zone' | 'language', string>>

/** The e-mail form: checked by the call's own schema; a refusal is shown beside its field. */
async function saveEmail(request: Request, formData: FormData, back: string) {
  const access = await requireAccess(request)
  const posted = Object.fromEntries(
    ['mode', 'digest_time', 'time_zone', 'language'].map((k) => [k, String(formData.get(k) ?? '')]),
  )
  const parsed = emailPreferenceSchema.safeParse(posted)
  if (!parsed.success) {
    const errors: EmailFieldErrors = {}
    for (const i of parsed.error.issues) errors[i.path[0] as keyof EmailFieldErrors] ??= i.message
    return json({ emailErrors: errors }, { status: 422 })
  }
  const res = await saveEmailPreference(request, access, parsed.data)
  if (!res.ok) {
    const errors: EmailFieldErrors = {}
    for (const d of res.detail) {
      const field = d.loc?.[1]
      if (typeof field === 'string' && field in posted) errors[field as keyof EmailFieldErrors] ??= d.type
    }
    if (Object.keys(errors).length) return json({ emailErrors: errors }, { status: 422 })
    return redirectWithToast(request, back, { type: 'warning', code: res.detail[0]?.type ?? 'value_error' })
  }
  return redirectWithToast(request, back, { type: 'success', code: 'notifications.email_saved' })
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const page = Number(formData.get('page')) || 1
  const back = page > 1 ? `${routes.notificationSettings()}?page=${page}` : routes.notificationSettings()
  if (formData.get('intent') === 'email') return saveEmail(request, formData, back)
  const access = await requireAccess(request)
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
