import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { CONFIRM_DELETE, statusPaths as paths } from '~/components/admin-workflow/paths'
import { statusFormSchema } from '~/components/admin-workflow/schemas'
import type { StatusRow } from '~/components/admin-workflow/statuses-table'
import { requireCsrf } from '~/lib/csrf.server'
import { pageTitle } from '~/lib/page.server'
import {
  deleteItem,
  findInList,
  listQueryOf,
  loadListPage,
  requireAdminApi,
  submitForm,
  unknownIntent,
} from './__admin.server'

const statuses = (nodeId: string) => `/api/statuses/${encodeURIComponent(nodeId)}`

/** /admin/statuses: a page of the node's statuses. */
export async function listLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const list = await loadListPage<StatusRow>(request, api, statuses(node.id))
  return { title: await pageTitle(request, 'admin.statuses'), ...list }
}

/** /admin/statuses/new: the Add dialog. */
export async function newLoader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request)
  return { query: listQueryOf(request) }
}

/** Add → POST /api/statuses/{nodeId}; done → the list with statuses.status_created. */
export async function newAction({ request }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await request.formData()
  await requireCsrf(request, formData)
  return submitForm(
    request,
    formData,
    { intent: 'create', schema: statusFormSchema },
    (value) => api.post(statuses(node.id), value),
    { to: paths.list(listQueryOf(request)), fallback: 'statuses.status_created' },
  )
}

/** /admin/statuses/{id}: the Editing dialog. */
export async function editLoader({ request, params }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const query = listQueryOf(request)
  const status = await findInList<StatusRow>(request, api, statuses(node.id), params.statusId ?? '', {
    to: paths.list(query),
    notFound: 'statuses.status_not_found',
  })
  const confirming = new URL(request.url).searchParams.get('confirm') === CONFIRM_DELETE.confirm
  return { status, query, confirming }
}

/** Editing posts `save` (PATCH) or `delete` (DELETE, refused while in use). */
export async function editAction({ request, params }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await request.formData()
  await requireCsrf(request, formData)
  const query = listQueryOf(request)
  const id = params.statusId ?? ''
  const here = paths.item(id, query)
  const one = `${statuses(node.id)}/${encodeURIComponent(id)}`
  switch (formData.get('intent')) {
    case 'save':
      return submitForm(
        request,
        formData,
        { intent: 'save', schema: statusFormSchema },
        (value) => api.patch(one, value),
        { to: here, fallback: 'statuses.status_edited' },
      )
    case 'delete':
      return deleteItem(request, api, one, {
        list: paths.list(query),
        here,
        fallback: 'statuses.status_deleted',
      })
  }
  return unknownIntent(request, here)
}
