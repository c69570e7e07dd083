import type { LoaderFunctionArgs } from '@remix-run/node'
import { i18next } from '~/lib/i18next.server'
import { loadListPage, requireAdminApi, upstreamFailure } from './__admin.server'

/** /admin/users: a page of the node's users (search, page), with each one's effective rights. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, node, user: me } = await requireAdminApi(request)
  const { rows, query, total, pages } = await loadListPage(request, api, '/api/users/{nodeId}', node.id)
  const ids = rows.map((u) => u.id)
  const rights =
    ids.length > 0
      ? await api.post('/api/rights/all-users/{nodeId}', { path: { nodeId: node.id }, body: ids })
      : undefined
  if (rights && !rights.ok) throw upstreamFailure(rights)
  const t = await i18next.getFixedT(request, 'admin-users')
  return {
    title: t('users.title'),
    node: node.domain,
    me: me.id,
    query,
    total,
    pages,
    users: rows.map((u) => ({
      id: u.id,
      full_name: u.full_name,
      email: u.user_name,
      phone: u.contacts.phone,
      rights: rights?.data?.[u.id] ?? [],
    })),
  }
}
