/**
 * Addresses of /admin/users. The dialogs are routes under the list, and carry the list's own query
 * (page, search) so the list beneath stays where it was and closing goes back there.
 * (When the shell's app/lib/routes.ts lands, USERS_PATH can come from its adminUsers target.)
 */
export const USERS_PATH = '/admin/users'

/** Spec §9: ten to a page. */
export const USERS_PER_PAGE = 10
/** The upstream's limit for `search`. */
export const SEARCH_MAX = 100

export interface ListQuery {
  page: number
  search: string
}

export function readListQuery(params: URLSearchParams): ListQuery {
  const raw = params.get('page') ?? ''
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1
  return { page: page > 0 ? page : 1, search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX) }
}

function query(q: Partial<ListQuery>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  if (q.search) params.set('search', q.search)
  if (q.page && q.page > 1) params.set('page', String(q.page))
  for (const [k, v] of Object.entries(extra)) params.set(k, v)
  const s = params.toString()
  return s ? `?${s}` : ''
}

export const usersHref = (q: Partial<ListQuery> = {}) => `${USERS_PATH}${query(q)}`
export const newUserHref = (q: Partial<ListQuery> = {}) => `${USERS_PATH}/new${query(q)}`
export const userHref = (id: string, q: Partial<ListQuery> = {}, extra?: Record<string, string>) =>
  `${USERS_PATH}/${encodeURIComponent(id)}${query(q, extra)}`
