import type { LoaderFunctionArgs } from '@remix-run/node'
import { CONFIRM_DELETE, statusPaths as paths } from '~/components/admin-workflow/paths'
import { statusFormSchema } from '~/components/admin-workflow/schemas'
import { pageTitle } from '~/lib/page.server'
import {
  type AdminResource,
  createAction,
  listQueryOf,
  loadItem,
  loadListPage,
  requireAdminApi,
  saveOrDeleteAction,
} from './__admin.server'

const resource = {
  collection: '/api/statuses/{nodeId}',
  item: '/api/statuses/{nodeId}/{statusId}',
  itemParam: 'statusId',
  paths,
  schema: statusFormSchema,
  param: 'statusId',
  codes: {
    created: 'statuses.status_created',
    edited: 'statuses.status_edited',
    deleted: 'statuses.status_deleted',
  },
} satisfies AdminResource<typeof statusFormSchema>

/** /admin/statuses: a page of the node's statuses. */
export async function listLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const list = await loadListPage(request, api, resource.collection, node.id)
  return { title: await pageTitle(request, 'admin.statuses'), ...list }
}

/** /admin/statuses/new: the Add dialog. */
export async function newLoader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request)
  return { query: listQueryOf(request) }
}

/** Add → POST to the collection; done → the list with statuses.status_created. */
export const newAction = createAction(resource)

/** /admin/statuses/{id}: the Editing dialog. */
export async function editLoader({ request, params }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const query = listQueryOf(request)
  const status = await loadItem(
    request,
    api,
    '/api/statuses/{nodeId}/{statusId}',
    { nodeId: node.id, statusId: params.statusId ?? '' },
    { to: paths.list(query), notFound: 'statuses.status_not_found' },
  )
  const confirming = new URL(request.url).searchParams.get('confirm') === CONFIRM_DELETE.confirm
  return { status, query, confirming }
}

/** Editing posts `save` (PATCH) or `delete` (refused while in use). */
export const editAction = saveOrDeleteAction(resource)
