import { MAX_QUERY_LENGTH, parseQuery } from '@domain/rql'
import { lex } from '@domain/rql/lexer'

/*
 * The search page's address (PRODUCT.md §10): `/lk/tasks?q=<RQL>&page=<n>`. The query is the whole
 * state — sorting is its `order by` — so a search is a link to share, Back walks through searches,
 * and a reload shows the same page. Pure functions, tested beside (url.test.ts).
 */

export const SEARCH_PATH = '/lk/tasks'

/** The furthest page a search asks for (the upstream's MAX_PAGE: a page past it answers 422). */
export const MAX_SEARCH_PAGE = 1_000_000

export interface SearchState {
  q: string
  page: number
}

/** `?q=` and `?page=` as the page reads them: a missing or broken page is the first. */
export function readSearch(search: URLSearchParams): SearchState {
  const q = (search.get('q') ?? '').slice(0, MAX_QUERY_LENGTH)
  const n = Number(search.get('page'))
  const page = Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_SEARCH_PAGE) : 1
  return { q, page }
}

/** The address of a search: the query trimmed, the first page and an empty query left out. */
export function searchHref({ q, page = 1 }: { q: string; page?: number }): string {
  const params = new URLSearchParams()
  const text = q.trim()
  if (text) params.set('q', text)
  if (page > 1) params.set('page', String(page))
  const search = params.toString()
  return search ? `${SEARCH_PATH}?${search}` : SEARCH_PATH
}

export interface QuerySort {
  /** The key as written in the query, lower case (`status`, `cf_priority`). */
  key: string
  direction: 'asc' | 'desc'
}

/** The first key of the query's `order by` (what the results are sorted by first); null: none, or no valid query. */
export function firstSort(q: string): QuerySort | null {
  const parsed = parseQuery(q.trim())
  if (!parsed.ok) return null
  const first = parsed.value.orderBy[0]
  return first ? { key: first.field.path.join('.').toLowerCase(), direction: first.direction } : null
}

/**
 * The query with its `order by` made `key` alone — ascending, or descending when the results are
 * already sorted by `key` ascending (a header clicked twice turns the order over). The conditions
 * keep the text the user wrote; null when the query does not parse (there is no order to rewrite
 * then: the page shows the error, not results).
 */
export function withSort(q: string, key: string): string | null {
  const text = q.trim()
  const parsed = parseQuery(text)
  if (!parsed.ok) return null
  const current = firstSort(text)
  const direction = current?.key === key.toLowerCase() && current.direction === 'asc' ? 'desc' : 'asc'
  const where = conditionsText(text, parsed.value.orderBy[0]?.span.start)
  return `${where ? `${where} ` : ''}order by ${key}${direction === 'desc' ? ' desc' : ''}`
}

/** The conditions' text: everything before the `order` keyword that opens the sort clause. */
function conditionsText(text: string, sortStart: number | undefined): string {
  if (sortStart === undefined) return text
  // Keywords are reserved (a value `order` must be quoted): the last `order` word before the
  // first sort key is the clause's own.
  const order = lex(text)
    .filter((t) => t.start < sortStart && t.type === 'word' && t.text.toLowerCase() === 'order')
    .at(-1)
  return text.slice(0, order?.start ?? sortStart).trimEnd()
}
