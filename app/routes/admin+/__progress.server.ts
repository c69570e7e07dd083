import type { LoaderFunctionArgs } from '@remix-run/node'
import { CONFIRM_DELETE, progressPaths as paths } from '~/components/admin-workflow/paths'
import { progressFormSchema } from '~/components/admin-workflow/schemas'
import { pageTitle } from '~/lib/page.server'
import type { Upstream } from '~/lib/upstream.server'
import {
  type AdminResource,
  createAction,
  listQueryOf,
  loadAll,
  loadItem,
  loadListPage,
  requireAdminApi,
  saveOrDeleteAction,
} from './__admin.server'

const resource = {
  collection: '/api/progress/{nodeId}',
  item: '/api/progress/{nodeId}/{id}',
  itemParam: 'id',
  paths,
  schema: progressFormSchema,
  param: 'progressId',
  codes: {
    created: 'progress.progress_created',
    edited: 'progress.progress_edited',
    deleted: 'progress.progress_deleted',
  },
} satisfies AdminResource<typeof progressFormSchema>

/** Every status of the node, to put into a progress. */
const allStatuses = async (api: Upstream, nodeId: string) =>
  (await loadAll(api, '/api/statuses/{nodeId}', nodeId)).sort((a, b) => a.name.localeCompare(b.name))

/** /admin/progress: a page of the node's progress with their statuses in order. */
export async function listLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const list = await loadListPage(request, api, resource.collection, node.id)
  return { title: await pageTitle(request, 'admin.progress'), ...list }
}

export async function newLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  return { query: listQueryOf(request), statuses: await allStatuses(api, node.id) }
}

/** Add → POST to the collection; done → the list with progress.progress_created. */
export const newAction = createAction(resource)

export async function editLoader({ request, params }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const query = listQueryOf(request)
  const [item, statuses] = await Promise.all([
    loadItem(
      request,
      api,
      '/api/progress/by-id/{nodeId}/{progressId}',
      { nodeId: node.id, progressId: params.progressId ?? '' },
      { to: paths.list(query), notFound: 'progress.progress_not_found' },
    ),
    allStatuses(api, node.id),
  ])
  const confirming = new URL(request.url).searchParams.get('confirm') === CONFIRM_DELETE.confirm
  return { progress: item, statuses, query, confirming }
}

/** Editing posts `save` (PATCH) or `delete` (refused while in use). */
export const editAction = saveOrDeleteAction(resource)
