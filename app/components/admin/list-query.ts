/**
 * The address of an admin list (spec §2: each admin page is a list with search and pages) and of
 * the dialogs drawn over it. The dialogs are child routes that carry the list's own query (page,
 * search), so the list beneath stays where it was and closing goes back there.
 */

/** Spec §9: ten to a page. */
export const ADMIN_PER_PAGE = 10
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

/** `?search=…&page=…` (page 1 and an empty search left out), then `extra`; '' when empty. */
export function listSearch(q: Partial<ListQuery>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  if (q.search) params.set('search', q.search)
  if (q.page && q.page > 1) params.set('page', String(q.page))
  for (const [k, v] of Object.entries(extra)) params.set(k, v)
  const s = params.toString()
  return s ? `?${s}` : ''
}

export interface ListPaths {
  /** The list itself. */
  base: string
  list: (q?: Partial<ListQuery>) => string
  /** The Add dialog. */
  add: (q?: Partial<ListQuery>) => string
  /** The Editing dialog of one item; `extra` for a state of it (`{ confirm: 'delete' }`). */
  item: (id: string, q?: Partial<ListQuery>, extra?: Record<string, string>) => string
}

/** The addresses of the list at `base` (from app/lib/routes.ts) and of its dialogs. */
export function listPaths(base: string): ListPaths {
  return {
    base,
    list: (q = {}) => `${base}${listSearch(q)}`,
    add: (q = {}) => `${base}/new${listSearch(q)}`,
    item: (id, q = {}, extra) => `${base}/${encodeURIComponent(id)}${listSearch(q, extra)}`,
  }
}
