import type { DetailEntry } from '@domain/errors/catalogue'
import { type DataOf, upstream } from './upstream.server'

/*
 * Saved task queries (PRODUCT.md §10) for the web app's loaders and actions, through the typed
 * client: the menu's list, one query for `?saved=`, and saving, renaming, sharing and deleting.
 * Rights are the upstream's (a personal query is its owner's alone, a shared one written by
 * administrators); a refusal comes back as its catalogue details for the page to show.
 */

/** Whose node: what an access check gives (`requireAccess`, `requireAdminApi`). */
type Access = { node: { id: string } }

export type SavedQuery = DataOf<'/api/queries/{nodeId}/{queryId}', 'get'>

/** How many saved queries the left menu lists (the page /lk/tasks/saved lists them all, by pages). */
export const MENU_QUERIES = 20

export type WriteResult = { ok: true; query: SavedQuery | null } | { ok: false; detail: DetailEntry[] }

export interface QueryPage {
  queries: SavedQuery[]
  total: number
  page: number
  perPage: number
}

/** A page of the queries the user may use (their own and the shared ones), by name; empty when the call fails. */
export async function listSavedQueries(
  request: Request,
  access: Access,
  opts: { page?: number; perPage?: number; shared?: boolean } = {},
): Promise<QueryPage> {
  const page = opts.page ?? 1
  const perPage = opts.perPage ?? MENU_QUERIES
  const res = await upstream(request).get('/api/queries/{nodeId}', {
    path: { nodeId: access.node.id },
    query: {
      page,
      per_page: perPage,
      ...(opts.shared === undefined ? {} : { shared: opts.shared ? 'true' : 'false' }),
    },
  })
  if (!res.ok) return { queries: [], total: 0, page, perPage }
  return { queries: res.data, total: res.meta?.total ?? res.data.length, page, perPage }
}

/** One saved query, or null when it is unknown to the user (someone else's personal one, a bad id). */
export async function getSavedQuery(
  request: Request,
  access: Access,
  id: string,
): Promise<SavedQuery | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null
  const res = await upstream(request).get('/api/queries/{nodeId}/{queryId}', {
    path: { nodeId: access.node.id, queryId: id },
  })
  return res.ok ? res.data : null
}

const written = (res: { ok: boolean; data?: unknown; detail: DetailEntry[] }): WriteResult =>
  res.ok
    ? { ok: true, query: (res.data as SavedQuery | undefined) ?? null }
    : { ok: false, detail: res.detail }

export async function createSavedQuery(
  request: Request,
  access: Access,
  body: { name: string; query: string; shared: boolean },
): Promise<WriteResult> {
  return written(
    await upstream(request).post('/api/queries/{nodeId}', { path: { nodeId: access.node.id }, body }),
  )
}

export async function editSavedQuery(
  request: Request,
  access: Access,
  id: string,
  body: { name?: string; query?: string; shared?: boolean },
): Promise<WriteResult> {
  return written(
    await upstream(request).patch('/api/queries/{nodeId}/{queryId}', {
      path: { nodeId: access.node.id, queryId: id },
      body,
    }),
  )
}

export async function deleteSavedQuery(request: Request, access: Access, id: string): Promise<WriteResult> {
  const res = await upstream(request).del('/api/queries/{nodeId}/{queryId}', {
    path: { nodeId: access.node.id, queryId: id },
  })
  return res.ok ? { ok: true, query: null } : { ok: false, detail: res.detail }
}
