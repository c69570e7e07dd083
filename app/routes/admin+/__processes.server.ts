import type { LoaderFunctionArgs } from '@remix-run/node'
import { CONFIRM_DELETE, processPaths as paths } from '~/components/admin-workflow/paths'
import type { ProcessChoices } from '~/components/admin-workflow/process-form'
import type { ProgressRow } from '~/components/admin-workflow/progress-table'
import { type ProcessRow, processFormSchema } from '~/components/admin-workflow/schemas'
import type { TeamRow } from '~/components/admin-workflow/teams-table'
import { pageTitle } from '~/lib/page.server'
import type { Upstream } from '~/lib/upstream.server'
import {
  createAction,
  findInList,
  listQueryOf,
  loadAll,
  loadListPage,
  requireAdminApi,
  saveOrDeleteAction,
} from './__admin.server'

const processes = (nodeId: string) => `/api/processes/${encodeURIComponent(nodeId)}`

const resource = {
  collection: processes,
  paths,
  schema: processFormSchema,
  param: 'processId',
  codes: {
    created: 'processes.process_created',
    edited: 'processes.process_edited',
    deleted: 'processes.process_deleted',
  },
}
const inNode = (resource: string, nodeId: string) => `/api/${resource}/${encodeURIComponent(nodeId)}`
const byName = <T extends { name: string }>(rows: T[]) => rows.sort((a, b) => a.name.localeCompare(b.name))

/** What the process form chooses from: progress (with their statuses), forms, teams, field names. */
async function choices(api: Upstream, nodeId: string): Promise<ProcessChoices> {
  const [progress, forms, teams, fields] = await Promise.all([
    loadAll<ProgressRow>(api, inNode('progress', nodeId)),
    loadAll<{ id: string; name: string }>(api, inNode('forms', nodeId)),
    loadAll<TeamRow>(api, inNode('teams', nodeId)),
    loadAll<{ name: string }>(api, inNode('fields', nodeId)),
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
    loadListPage<ProcessRow>(request, api, processes(node.id)),
    loadAll<ProgressRow>(api, inNode('progress', node.id)),
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
    findInList<ProcessRow>(request, api, processes(node.id), params.processId ?? '', {
      to: paths.list(query),
      notFound: 'processes.process_not_found',
    }),
    choices(api, node.id),
  ])
  const confirming = new URL(request.url).searchParams.get('confirm') === CONFIRM_DELETE.confirm
  return { process, choices: all, query, confirming }
}

/** Editing posts `save` (PATCH) or `delete` (refused while in use). */
export const editAction = saveOrDeleteAction(resource)
