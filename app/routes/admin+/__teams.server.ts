import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { CONFIRM_DELETE, teamPaths as paths } from '~/components/admin-workflow/paths'
import { memberFormSchema, teamFormSchema } from '~/components/admin-workflow/schemas'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import { pageTitle } from '~/lib/page.server'
import { redirectWithToast } from '~/lib/session.server'
import {
  deleteItem,
  listQueryOf,
  loadAll,
  loadItem,
  loadListPage,
  requireAdminApi,
  resultToasts,
  submitCreate,
  submitForm,
  unknownIntent,
} from './__admin.server'

/** /admin/teams: a page of the node's teams. */
export async function listLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const list = await loadListPage(request, api, '/api/teams/{nodeId}', node.id)
  return { title: await pageTitle(request, 'admin.teams'), ...list }
}

export async function newLoader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request)
  return { query: listQueryOf(request) }
}

/** Add → POST /api/teams/{nodeId}, then straight to its Editing dialog to add members. */
export async function newAction({ request }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const query = listQueryOf(request)
  return submitCreate(
    request,
    formData,
    { schema: teamFormSchema },
    (value) => api.post('/api/teams/{nodeId}', { path: { nodeId: node.id }, body: value }),
    {
      list: paths.list(query),
      item: (id) => paths.item(id, query),
      code: 'teams.team_created',
    },
  )
}

/** /admin/teams/{id}: the team, its members by name, and the node's other users to add. */
export async function editLoader({ request, params }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const query = listQueryOf(request)
  const team = await loadItem(
    request,
    api,
    '/api/teams/{nodeId}/{teamId}',
    { nodeId: node.id, teamId: params.teamId ?? '' },
    { to: paths.list(query), notFound: 'teams.team_not_found' },
  )
  const users = (await loadAll(api, '/api/users/{nodeId}', node.id)).map((u) => ({
    id: u.id,
    name: u.full_name || u.user_name,
    email: u.user_name,
  }))
  const inTeam = new Set(team.user_ids)
  const confirming = new URL(request.url).searchParams.get('confirm') === CONFIRM_DELETE.confirm
  return {
    team,
    members: users.filter((u) => inTeam.has(u.id)),
    others: users.filter((u) => !inTeam.has(u.id)),
    query,
    confirming,
  }
}

/** Editing posts `save`, `add_member`, `remove_member` (POST /teams/bind-team) or `delete`. */
export async function editAction({ request, params }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const query = listQueryOf(request)
  const id = params.teamId ?? ''
  const here = paths.item(id, query)
  const one = { nodeId: node.id, teamId: id }
  const bind = { path: { nodeId: node.id } }
  const intent = formData.get('intent')
  switch (intent) {
    case 'save':
      return submitForm(
        request,
        formData,
        { intent, schema: teamFormSchema },
        (value) => api.patch('/api/teams/{nodeId}/{teamId}', { path: one, body: value }),
        { to: here, fallback: 'teams.team_edited' },
      )
    case 'add_member':
      return submitForm(
        request,
        formData,
        { intent, schema: memberFormSchema },
        (value) =>
          api.post('/api/teams/bind-team/{nodeId}', {
            ...bind,
            body: { team_id: id, user_ids: [value.user_id] },
          }),
        { to: here, fallback: 'teams.members_bound' },
      )
    case 'remove_member': {
      const submission = parseWithZod(formData, { schema: memberFormSchema })
      if (submission.status !== 'success') return unknownIntent(request, here)
      const res = await api.post('/api/teams/bind-team/{nodeId}', {
        ...bind,
        body: { team_id: id, user_ids: [submission.value.user_id], unbind: true },
      })
      return redirectWithToast(request, here, ...resultToasts(res, 'teams.members_unbound'))
    }
    case 'delete':
      return deleteItem(request, api, '/api/teams/{nodeId}/{teamId}', one, {
        list: paths.list(query),
        here,
        fallback: 'teams.team_deleted',
      })
  }
  return unknownIntent(request, here)
}
