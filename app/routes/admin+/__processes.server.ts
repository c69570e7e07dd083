import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { CONFIRM_DELETE, processPaths as paths } from '~/components/admin-workflow/paths'
import type { ProcessChoices } from '~/components/admin-workflow/process-form'
import type { ProgressRow } from '~/components/admin-workflow/progress-table'
import { type ProcessRow, processFormSchema } from '~/components/admin-workflow/schemas'
import type { TeamRow } from '~/components/admin-workflow/teams-table'
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

const processes = (nodeId: string) => `/api/processes/${encodeURIComponent(nodeId)}`
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

/** Add → POST /api/processes/{nodeId}; a step of the rows editor → the form as it now is. */
export async function newAction({ request }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await request.formData()
  await requireCsrf(request, formData)
  return submitForm(
    request,
    formData,
    { intent: 'create', schema: processFormSchema },
    (value) => api.post(processes(node.id), value),
    { to: paths.list(listQueryOf(request)), fallback: 'processes.process_created' },
  )
}

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

/**
 * Editing posts `save` — a PATCH of everything, the transitions and field rules replacing the
 * stored ones (ADR 009) — or `delete` (refused once the process has tasks).
 */
export async function editAction({ request, params }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await request.formData()
  await requireCsrf(request, formData)
  const query = listQueryOf(request)
  const id = params.processId ?? ''
  const here = paths.item(id, query)
  const one = `${processes(node.id)}/${encodeURIComponent(id)}`
  switch (formData.get('intent')) {
    case 'save':
      return submitForm(
        request,
        formData,
        { intent: 'save', schema: processFormSchema },
        (value) => api.patch(one, value),
        { to: here, fallback: 'processes.process_edited' },
      )
    case 'delete':
      return deleteItem(request, api, one, {
        list: paths.list(query),
        here,
        fallback: 'processes.process_deleted',
      })
  }
  return unknownIntent(request, here)
}
