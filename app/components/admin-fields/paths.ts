import { type ListQuery, readListQuery } from '../admin-users/paths'

/**
 * Addresses of /admin/fields. The dialogs are routes under the list and carry the list's query
 * (page, search), as /admin/users does (its ListQuery and readListQuery are reused as they are).
 */
export const FIELDS_PATH = '/admin/fields'
/** Spec §9: ten to a page. */
export const FIELDS_PER_PAGE = 10

export { type ListQuery, readListQuery }

function query(q: Partial<ListQuery>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  if (q.search) params.set('search', q.search)
  if (q.page && q.page > 1) params.set('page', String(q.page))
  for (const [k, v] of Object.entries(extra)) params.set(k, v)
  const s = params.toString()
  return s ? `?${s}` : ''
}

export const fieldsHref = (q: Partial<ListQuery> = {}) => `${FIELDS_PATH}${query(q)}`
export const newFieldHref = (q: Partial<ListQuery> = {}) => `${FIELDS_PATH}/new${query(q)}`
export const fieldHref = (id: string, q: Partial<ListQuery> = {}, extra?: Record<string, string>) =>
  `${FIELDS_PATH}/${encodeURIComponent(id)}${query(q, extra)}`
