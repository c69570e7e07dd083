import { parseWithZod } from '@conform-to/zod'
import { PROFILE_FIELDS, profileSchema } from '@domain/users/user-schema'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { detailErrors } from '~/components/admin/detail-errors'
import { requireAccess } from '~/lib/access.server'
import { requireCsrf, requireCsrfInQuery } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import { pageTitle } from '~/lib/page.server'
import { routes } from '~/lib/routes'
import { redirectWithToast } from '~/lib/session.server'
import { streamUserLogo } from '~/lib/tasks/upload.server'
import type { ToastInput } from '~/lib/toast'
import { upstream } from '~/lib/upstream.server'
import { logoHref } from '~/lib/user-logo'

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ user }, title] = await Promise.all([
    requireAccess(request),
    pageTitle(request, 'lk.profile.title'),
  ])
  return {
    title,
    user: {
      userName: user.user_name,
      name: user.full_name || user.user_name,
      fio: user.fio,
      contacts: user.contacts,
      logo: logoHref(user.logo),
    },
  }
}

/**
 * Saves the user's own fio and contacts: PATCH /api/users/{me}. The form's schema checks first
 * (the browser ran the same one); every field is sent, so an emptied field is cleared. Success: the
 * upstream's alert (users.user_edited) across the redirect. A 4xx: its details on their fields.
 */
/** The upstream's refusal as alerts: each code with its parameters (the picture's size limit). */
function refusal(detail: readonly { type: string; ctx?: Record<string, string | number> }[]): ToastInput[] {
  if (!detail.length) return [{ type: 'warning', code: 'users.user_not_edited' }]
  return detail.map((d) => ({ type: 'warning', code: d.type, params: d.ctx }))
}

/**
 * The picture (spec §3 user.logo): a multipart form posted to ?intent=logo, its body streamed to
 * PUT /api/users/{me}/logo unread (so its CSRF token is in the URL); removed by a small form.
 * Either way the page comes back with the upstream's alert, with or without JavaScript.
 */
async function logoAction(request: Request, userId: string, remove: boolean) {
  const res = remove
    ? await upstream(request).del('/api/users/{userId}/logo', { path: { userId } })
    : await streamUserLogo(request, userId)
  if (res.status === 200)
    return redirectWithToast(request, routes.profile(), {
      type: 'success',
      code: remove ? 'users.logo_removed' : 'users.logo_set',
    })
  return redirectWithToast(request, routes.profile(), ...refusal(res.detail))
}

export async function action({ request }: ActionFunctionArgs) {
  if (new URL(request.url).searchParams.get('intent') === 'logo') {
    requireCsrfInQuery(request)
    const { user } = await requireAccess(request)
    return logoAction(request, user.id, false)
  }
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  if (formData.get('intent') === 'remove-logo') {
    const { user } = await requireAccess(request)
    return logoAction(request, user.id, true)
  }
  const submission = parseWithZod(formData, { schema: profileSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })

  const { user } = await requireAccess(request)
  const { fio, contacts } = submission.value
  const res = await upstream(request).patch('/api/users/{userId}', {
    path: { userId: user.id },
    body: {
      fio: { name: fio?.name ?? '', middlename: fio?.middlename ?? '', surname: fio?.surname ?? '' },
      contacts: { email: contacts?.email ?? '', phone: contacts?.phone ?? '' },
    },
  })
  if (res.ok) {
    return redirectWithToast(request, routes.profile(), {
      type: 'success',
      code: res.detail[0]?.type ?? 'users.user_edited',
    })
  }
  const { fieldErrors, formErrors } = detailErrors(res.detail, PROFILE_FIELDS)
  if (!formErrors.length && !Object.keys(fieldErrors).length) formErrors.push('users.user_not_edited')
  return data(
    { result: submission.reply({ fieldErrors, formErrors }) },
    { status: res.status >= 500 ? 502 : res.status },
  )
}
