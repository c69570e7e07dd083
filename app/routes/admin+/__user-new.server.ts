import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { readListQuery, usersHref } from '~/components/admin-users/paths'
import { createUserFormSchema } from '~/components/admin-users/schemas'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import { requireAdminApi, submitForm } from './__admin.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request)
  return { query: readListQuery(new URL(request.url).searchParams) }
}

/** Add: POST /api/users in this node; success → the list with users.user_created. */
export async function action({ request }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const query = readListQuery(new URL(request.url).searchParams)
  return submitForm(
    request,
    formData,
    { intent: 'create', schema: createUserFormSchema, hideFields: ['password'] },
    (value) => api.post('/api/users', { body: { ...value, node_id: node.id } }),
    { to: usersHref(query), fallback: 'users.user_created' },
  )
}
