import type { LoaderFunctionArgs } from '@remix-run/node'
import { CONFIRM_DELETE, processPaths as paths } from '~/components/admin-workflow/paths'
import type { ProcessChoices } from '~/components/admin-workflow/process-form'
import { processFormSchema } from '~/components/admin-workflow/schemas'
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
  collection: '/api/processes/{nodeId}',
  item: '/api/processes/{nodeId}/{processId}',
  itemParam: 'processId',
  paths,
  schema: processFormSchema,
  param: 'processId',
  codes: {
    created: 'processes.process_created',
    edited: 'processes.process_edited',
    deleted: 'processes.process_deleted',
  },
} satisfies AdminResource<typeof processFormSchema>
const byName = <T extends { name: string }>(rows: T[]) => rows.sort((a, b) => a.name.localeCompare(b.name))

/** What the process form chooses from: progress (with their statuses), forms, teams, field names. */
async function choices(api: Upstream, nodeId: string): Promise<ProcessChoices> {
  const [progress, forms, teams, fields] = await Promise.all([
    loadAll(api, '/api/progress/{nodeId}', nodeId),
    loadAll(api, '/api/forms/{nodeId}', nodeId),
    loadAll(api, '/api/teams/{nodeId}', nodeId),
    loadAll(api, '/api/fields/{nodeId}', nodeId),
  ])
  return {
    progress: byName(progress),
    forms: byName(forms.map((f) => ({ id: f.id, name: f.name }))),
    teams: byName(teams.map((t) => ({ id: t.id, name: t.name }))),
    fields: fields.map((f) => f.name).sort(),
  }
}

/** /admin/processes: a page of the node's processes, each with its progress's name. */
export async function listLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const [list, progress] = await Promise.all([
    loadListPage(request, api, resource.collection, node.id),
    loadAll(api, '/api/progress/{nodeId}', node.id),
  ])
  const progressName = new Map(progress.map((p) => [p.id, p.name]))
  return {
    title: await pageTitle(request, 'admin.processes'),
    ...list,
    rows: list.rows.map((p) => ({
      id: p.id,
      key: p.key,
      name: p.name,
      progress: progressName.get(p.progress_id) ?? '',
      transitions: p.transitions.length,
      rules: p.field_rules.length,
    })),
  }
}

export async function newLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  return { query: listQueryOf(request), choices: await choices(api, node.id) }
}

/** Add → POST to the collection; done → the list with processes.process_created. */
export const newAction = createAction(resource)

export async function editLoader({ request, params }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const query = listQueryOf(request)
  const [process, all] = await Promise.all([
    loadItem(
      request,
      api,
      '/api/processes/{nodeId}/{processId}',
      { nodeId: node.id, processId: params.processId ?? '' },
      { to: paths.list(query), notFound: 'processes.process_not_found' },
    ),
    choices(api, node.id),
  ])
  const confirming = new URL(request.url).searchParams.get('confirm') === CONFIRM_DELETE.confirm
  return { process, choices: all, query, confirming }
}

/** Editing posts `save` (PATCH) or `delete` (refused while in use). */
export const editAction = saveOrDeleteAction(resource)
