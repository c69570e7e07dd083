import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { CONFIRM_DELETE, progressPaths as paths } from '~/components/admin-workflow/paths'
import type { ProgressRow } from '~/components/admin-workflow/progress-table'
import { progressFormSchema } from '~/components/admin-workflow/schemas'
import type { StatusRow } from '~/components/admin-workflow/statuses-table'
import { requireCsrf } from '~/lib/csrf.server'
import { pageTitle } from '~/lib/page.server'
import type { Upstream } from '~/lib/upstream.server'
import {
  deleteItem,
  findInList,
  listQueryOf,
  loadAll,
  loadListPage,
  requireAdminApi,
  submitForm,
  unknownIntent,
} from './__admin.server'

const progress = (nodeId: string) => `/api/progress/${encodeURIComponent(nodeId)}`

/** Every status of the node, to put into a progress. */
const allStatuses = async (api: Upstream, nodeId: string) =>
  (await loadAll<StatusRow>(api, `/api/statuses/${encodeURIComponent(nodeId)}`)).sort((a, b) =>
    a.name.localeCompare(b.name),
  )

/** /admin/progress: a page of the node's progress with their statuses in order. */
export async function listLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const list = await loadListPage<ProgressRow>(request, api, progress(node.id))
  return { title: await pageTitle(request, 'admin.progress'), ...list }
}

export async function newLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  return { query: listQueryOf(request), statuses: await allStatuses(api, node.id) }
}

/** Add → POST /api/progress/{nodeId} with its statuses in order; a step of the list editor → the form. */
export async function newAction({ request }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await request.formData()
  await requireCsrf(request, formData)
  return submitForm(
    request,
    formData,
    { intent: 'create', schema: progressFormSchema },
    (value) => api.post(progress(node.id), value),
    { to: paths.list(listQueryOf(request)), fallback: 'progress.progress_created' },
  )
}

export async function editLoader({ request, params }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const query = listQueryOf(request)
  const [item, statuses] = await Promise.all([
    findInList<ProgressRow>(request, api, progress(node.id), params.progressId ?? '', {
      to: paths.list(query),
      notFound: 'progress.progress_not_found',
    }),
    allStatuses(api, node.id),
  ])
  const confirming = new URL(request.url).searchParams.get('confirm') === CONFIRM_DELETE.confirm
  return { progress: item, statuses, query, confirming }
}

/** Editing posts `save` (PATCH name and the whole order: ADR 009) or `delete` (refused while used). */
export async function editAction({ request, params }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await request.formData()
  await requireCsrf(request, formData)
  const query = listQueryOf(request)
  const id = params.progressId ?? ''
  const here = paths.item(id, query)
  const one = `${progress(node.id)}/${encodeURIComponent(id)}`
  switch (formData.get('intent')) {
    case 'save':
      return submitForm(
        request,
        formData,
        { intent: 'save', schema: progressFormSchema },
        (value) => api.patch(one, value),
        { to: here, fallback: 'progress.progress_edited' },
      )
    case 'delete':
      return deleteItem(request, api, one, {
        list: paths.list(query),
        here,
        fallback: 'progress.progress_deleted',
      })
  }
  return unknownIntent(request, here)
}
