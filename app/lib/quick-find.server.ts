import {
  cleanText,
  processKeyOf,
  QUICK_FIND_MATCHES,
  type QuickFindAnswer,
  quickFindQuery,
  taskKeyOf,
} from './quick-find'
import { routes } from './routes'
import { upstream } from './upstream.server'

export type QuickFindResult = { status: 200; answer: QuickFindAnswer } | { status: 401 | 502; answer: null }

/**
 * The quick find's matches for a text (PRODUCT.md §10): one `POST /tasks/rql/{nodeId}` with the
 * text made into RQL by `quickFindQuery` (a key → `key = "…"`, other text → `title ~ "…"`, quoted).
 * The upstream shows only tasks the caller may view, so an unknown key and one they may not see
 * read the same: no such task.
 */
export async function quickFind(request: Request, nodeId: string, raw: string): Promise<QuickFindResult> {
  const text = cleanText(raw)
  const key = taskKeyOf(text)
  if (!text) return { status: 200, answer: { text, key, search: null, matches: [], invalid: false } }
  const query = quickFindQuery(text)
  const res = await upstream(request).post('/api/tasks/rql/{nodeId}', {
    path: { nodeId },
    body: { query, per_page: key ? 1 : QUICK_FIND_MATCHES },
    on401: 'return',
  })
  const search = key ? null : routes.tasks(query)
  if (res.status === 401) return { status: 401, answer: null }
  if (res.status === 422) return { status: 200, answer: { text, key, search, matches: [], invalid: true } }
  if (!res.ok) return { status: 502, answer: null }
  const matches = res.data
    .filter((row) => key === null || row.key === key)
    .map((row) => ({
      key: row.key,
      title: row.title,
      href: routes.TaskCard(processKeyOf(row.key), row.key),
    }))
  return { status: 200, answer: { text, key, search, matches, invalid: false } }
}
