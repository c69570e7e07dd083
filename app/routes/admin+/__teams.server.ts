import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { CONFIRM_DELETE, teamPaths as paths } from '~/components/admin-workflow/paths'
import { memberFormSchema, teamFormSchema } from '~/components/admin-workflow/schemas'
import type { TeamRow } from '~/components/admin-workflow/teams-table'
import { requireCsrf } from '~/lib/csrf.server'
import { pageTitle } from '~/lib/page.server'
import { redirectWithToast } from '~/lib/session.server'
import {
  deleteItem,
  findInList,
  listQueryOf,
  loadAll,
  loadListPage,
  requireAdminApi,
  resultToasts,
  submitForm,
  unknownIntent,
} from './__admin.server'
import type { NodeUser } from './__users.server'

const teams = (nodeId: string) => `/api/teams/${encodeURIComponent(nodeId)}`

/** /admin/teams: a page of the node's teams. */
export async function listLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const list = await loadListPage<TeamRow>(request, api, teams(node.id))
  return { title: await pageTitle(request, 'admin.teams'), ...list }
}

export async function newLoader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request)
  return { query: listQueryOf(request) }
}

/** Add → POST /api/teams/{nodeId}, then straight to its Editing dialog to add members. */
export async function newAction({ request }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await request.formData()
  await requireCsrf(request, formData)
  const query = listQueryOf(request)
  let created: string | undefined
  const res = await submitForm(
    request,
    formData,
    { intent: 'create', schema: teamFormSchema },
    async (value) => {
      const answer = await api.post<TeamRow>(teams(node.id), value)
      created = answer.data?.id
      return answer
    },
    { to: paths.list(query), fallback: 'teams.team_created' },
  )
  if (!created) return res
  return redirectWithToast(request, paths.item(created, query), {
    type: 'success',
    code: 'teams.team_created',
  })
}

/** /admin/teams/{id}: the team, its members by name, and the node's other users to add. */
export async function editLoader({ request, params }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const query = listQueryOf(request)
  const team = await findInList<TeamRow>(request, api, teams(node.id), params.teamId ?? '', {
    to: paths.list(query),
    notFound: 'teams.team_not_found',
  })
  const users = (await loadAll<NodeUser>(api, `/api/users/${encodeURIComponent(node.id)}`)).map((u) => ({
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
  const formData = await request.formData()
  await requireCsrf(request, formData)
  const query = listQueryOf(request)
  const id = params.teamId ?? ''
  const here = paths.item(id, query)
  const one = `${teams(node.id)}/${encodeURIComponent(id)}`
  const bind = `/api/teams/bind-team/${encodeURIComponent(node.id)}`
  const intent = formData.get('intent')
  switch (intent) {
    case 'save':
      return submitForm(
        request,
        formData,
        { intent, schema: teamFormSchema },
        (value) => api.patch(one, value),
        { to: here, fallback: 'teams.team_edited' },
      )
    case 'add_member':
      return submitForm(
        request,
        formData,
        { intent, schema: memberFormSchema },
        (value) => api.post(bind, { team_id: id, user_ids: [value.user_id] }),
        { to: here, fallback: 'teams.members_bound' },
      )
    case 'remove_member': {
      const submission = parseWithZod(formData, { schema: memberFormSchema })
      if (submission.status !== 'success') return unknownIntent(request, here)
      const res = await api.post(bind, { team_id: id, user_ids: [submission.value.user_id], unbind: true })
      return redirectWithToast(request, here, ...resultToasts(res, 'teams.members_unbound'))
    }
    case 'delete':
      return deleteItem(request, api, one, { list: paths.list(query), here, fallback: 'teams.team_deleted' })
  }
  return unknownIntent(request, here)
}
