import { type ListQuery, readListQuery } from '../admin-users/paths'

/** Addresses of /admin/forms: the dialogs are routes under the list and carry its query. */
export const FORMS_PATH = '/admin/forms'
/** Spec §9: ten to a page. */
export const FORMS_PER_PAGE = 10

export { type ListQuery, readListQuery }

function query(q: Partial<ListQuery>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  if (q.search) params.set('search', q.search)
  if (q.page && q.page > 1) params.set('page', String(q.page))
  for (const [k, v] of Object.entries(extra)) params.set(k, v)
  const s = params.toString()
  return s ? `?${s}` : ''
}

export const formsHref = (q: Partial<ListQuery> = {}) => `${FORMS_PATH}${query(q)}`
export const newFormHref = (q: Partial<ListQuery> = {}) => `${FORMS_PATH}/new${query(q)}`
export const formHref = (id: string, q: Partial<ListQuery> = {}, extra?: Record<string, string>) =>
  `${FORMS_PATH}/${encodeURIComponent(id)}${query(q, extra)}`
