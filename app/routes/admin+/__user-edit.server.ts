import { parseWithZod } from '@conform-to/zod'
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { readListQuery, userHref, usersHref } from '~/components/admin-users/paths'
import {
  bindFormSchema,
  grantFormSchema,
  isEditIntent,
  passwordFormSchema,
  profileFormSchema,
  profilePatch,
  revokeFormSchema,
} from '~/components/admin-users/schemas'
import { signedInRedirect } from '~/lib/auth.server'
import { requireCsrf, requireCsrfInQuery } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import { i18next } from '~/lib/i18next.server'
import { routes } from '~/lib/routes'
import { redirectWithToast } from '~/lib/session.server'
import { streamUserLogo } from '~/lib/tasks/upload.server'
import { logoHref } from '~/lib/user-logo'
import { requireAdminApi, resultToasts, submitForm } from './__admin.server'
import { findNodeUser } from './__users.server'

/** The Editing dialog: the user, their own grants, and the administrator's other nodes (to bind to). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, node, user: me } = await requireAdminApi(request)
  const url = new URL(request.url)
  const query = readListQuery(url.searchParams)
  const user = await findNodeUser(api, node.id, params.userId ?? '')
  if (!user) {
    throw await redirectWithToast(request, usersHref(query), {
      type: 'warning',
      code: 'users.user_not_found',
    })
  }
  const [grants, nodes] = await Promise.all([
    api.get('/api/rights/{nodeId}', {
      path: { nodeId: node.id },
      query: { user_id: user.id, per_page: 500 },
    }),
    api.get('/api/nodes', { query: { per_page: 500 } }),
  ])
  return {
    user: {
      id: user.id,
      full_name: user.full_name,
      user_name: user.user_name,
      fio: user.fio,
      contacts: user.contacts,
      logo: logoHref(user.logo),
      updated_at: user.updated_at,
    },
    grants: (grants.data ?? []).map((g) => ({
      id: g.id,
      right_code: g.right_code,
      attributes: g.attributes,
    })),
    node: { id: node.id, domain: node.domain },
    otherNodes: (nodes.data ?? [])
      .filter((n) => n.id !== node.id)
      .map((n) => ({ id: n.id, domain: n.domain })),
    isSelf: me.id === user.id,
    query,
    confirmUnbind: url.searchParams.get('confirm') === 'unbind',
  }
}

/**
 * Every form of the Editing dialog posts here with its `intent`. Without JavaScript each one is a
 * plain post answered by a redirect back (with its alert) or the page with the form's errors; with
 * it, the same through a fetcher.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  // The picture's multipart body goes to the upstream unread: its CSRF token is in the URL.
  if (new URL(request.url).searchParams.get('intent') === 'logo') {
    requireCsrfInQuery(request)
    const here = userHref(params.userId ?? '', readListQuery(new URL(request.url).searchParams))
    const res = await streamUserLogo(request, params.userId ?? '', node.id)
    const ok = res.status === 200
    const codes: { type: string; ctx?: Record<string, string | number> }[] = res.detail.length
      ? res.detail
      : [{ type: ok ? 'users.logo_set' : 'users.user_not_edited' }]
    return redirectWithToast(
      request,
      here,
      ...codes.map((d) => ({
        type: ok ? ('success' as const) : ('warning' as const),
        code: d.type,
        params: d.ctx,
      })),
    )
  }
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const query = readListQuery(new URL(request.url).searchParams)
  const userId = params.userId ?? ''
  const here = userHref(userId, query)
  const user = { path: { userId }, query: { node_id: node.id } }
  const rights = { path: { nodeId: node.id } }
  const intent = formData.get('intent')
  if (!isEditIntent(intent)) return redirectWithToast(request, here, { type: 'warning', code: 'value_error' })

  switch (intent) {
    case 'profile':
      return submitForm(
        request,
        formData,
        { intent, schema: profileFormSchema },
        (value) => api.patch('/api/users/{userId}', { ...user, body: profilePatch(value) }),
        { to: here, fallback: 'users.user_edited' },
      )
    case 'password':
      return submitForm(
        request,
        formData,
        { intent, schema: passwordFormSchema, hideFields: ['password'] },
        (value) => api.patch('/api/users/{userId}', { ...user, body: { password: value.password } }),
        { to: here, fallback: 'users.user_edited' },
      )
    case 'grant':
      return submitForm(
        request,
        formData,
        { intent, schema: grantFormSchema },
        (value) => api.post('/api/rights/{nodeId}', { ...rights, body: { user_id: userId, ...value } }),
        { to: here, fallback: 'rights.right_granted' },
      )
    case 'bind':
      return submitForm(
        request,
        formData,
        { intent, schema: bindFormSchema },
        (value) => api.post('/api/nodes/bind-user', { body: { node_id: value.node_id, user_id: userId } }),
        { to: here, fallback: 'nodes.user_bound' },
      )
    case 'revoke': {
      const submission = parseWithZod(formData, { schema: revokeFormSchema })
      if (submission.status !== 'success')
        return redirectWithToast(request, here, { type: 'warning', code: 'value_error' })
      // Only a grant of this user: the address names whom the dialog is about.
      const own = await api.get('/api/rights/{nodeId}', {
        ...rights,
        query: { user_id: userId, per_page: 500 },
      })
      if (!own.data?.some((g) => g.id === submission.value.right_id))
        return redirectWithToast(request, here, { type: 'warning', code: 'rights.right_not_found' })
      const res = await api.del('/api/rights/{nodeId}/{rightId}', {
        path: { nodeId: node.id, rightId: submission.value.right_id },
      })
      return redirectWithToast(request, here, ...resultToasts(res, 'rights.right_revoked'))
    }
    case 'remove-logo': {
      const res = await api.del('/api/users/{userId}/logo', user)
      return redirectWithToast(request, here, ...resultToasts(res, 'users.logo_removed'))
    }
    case 'unbind': {
      const res = await api.del('/api/users/{userId}', user)
      // Unbound, the user is no longer in this node's list: back to it.
      return redirectWithToast(
        request,
        res.ok ? usersHref(query) : here,
        ...resultToasts(res, 'users.user_deleted'),
      )
    }
    case 'sign_in_as': {
      const res = await api.get('/api/users/token/{userId}', user)
      if (!res.ok) return redirectWithToast(request, here, ...resultToasts(res, 'rights.forbidden'))
      // The same cookie and local-storage hand-over as signing in, plus a word on whose session it is.
      const t = await i18next.getFixedT(request, 'admin-users')
      const who = res.data.user.full_name || res.data.user.user_name
      return signedInRedirect(request, res.data, routes.home(), [
        { type: 'info', text: t('support.signed_in_as', { name: who }) },
      ])
    }
  }
  return redirect(here)
}
