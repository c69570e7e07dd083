import { parseWithZod } from '@conform-to/zod'
import { PROFILE_FIELDS, profileSchema } from '@domain/users/user-schema'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { detailErrors } from '~/components/admin/detail-errors'
import { requireAccess } from '~/lib/access.server'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import { pageTitle } from '~/lib/page.server'
import { routes } from '~/lib/routes'
import { redirectWithToast } from '~/lib/session.server'
import { upstream } from '~/lib/upstream.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ user }, title] = await Promise.all([
    requireAccess(request),
    pageTitle(request, 'lk.profile.title'),
  ])
  return { title, user: { userName: user.user_name, fio: user.fio, contacts: user.contacts } }
}

/**
 * Saves the user's own fio and contacts: PATCH /api/users/{me}. The form's schema checks first
 * (the browser ran the same one); every field is sent, so an emptied field is cleared. Success: the
 * upstream's alert (users.user_edited) across the redirect. A 4xx: its details on their fields.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  await requireCsrf(request, formData)
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
