import type { Right } from '@domain/rights/rights'
import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { readListQuery, USERS_PER_PAGE } from '~/components/admin-users/paths'
import { pageCount } from '~/components/ui/page-items'
import { i18next } from '~/lib/i18next.server'
import { type NodeUser, requireUsersAdmin, upstreamFailure } from './__users.server'

/** /admin/users: a page of the node's users (search, page), with each one's effective rights. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, node, user: me } = await requireUsersAdmin(request)
  const url = new URL(request.url)
  const query = readListQuery(url.searchParams)
  const res = await api.get<NodeUser[]>(`/api/users/${encodeURIComponent(node.id)}`, {
    query: { page: query.page, per_page: USERS_PER_PAGE, search: query.search || undefined },
  })
  if (!res.ok || !res.data) throw upstreamFailure(res)
  const total = res.meta?.total ?? res.data.length
  const pages = pageCount(total, USERS_PER_PAGE)
  if (query.page > pages) {
    // Past the end (the list shrank, or a hand-typed page): the last page, same address otherwise.
    url.searchParams.set('page', String(pages))
    throw redirect(`${url.pathname}?${url.searchParams}`)
  }
  const ids = res.data.map((u) => u.id)
  const rights =
    ids.length > 0
      ? await api.post<Record<string, Right[]>>(`/api/rights/all-users/${encodeURIComponent(node.id)}`, ids)
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
    users: res.data.map((u) => ({
      id: u.id,
      full_name: u.full_name,
      email: u.user_name,
      phone: u.contacts.phone,
      rights: rights?.data?.[u.id] ?? [],
    })),
  }
}
