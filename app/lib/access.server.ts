import { hasRight, mergeRights, type Right, type RightsMap } from '@domain/rights/rights'
import { redirect } from '@remix-run/node'
import { type PublicUser, requireToken } from './auth.server'
import { nodeName } from './node.server'
import { type UpstreamResult, upstream } from './upstream.server'

export interface NodeInfo {
  id: string
  domain: string
  settings: Record<string, unknown>
}

export interface Access {
  user: PublicUser & { impersonator_id?: string | null }
  node: NodeInfo
  rights: RightsMap
}

/** An upstream answer we did not expect, shown by the error boundary with its status. */
function unexpected(res: UpstreamResult<unknown>): Response {
  return new Response(JSON.stringify({ detail: res.detail }), {
    status: res.status >= 400 ? res.status : 502,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}

export const nodeNotFoundPath = (node: string) => `/errors/node-not-found?${new URLSearchParams({ node })}`
export const NODE_NOT_BINDED_PATH = '/errors/node-not-binded'

/**
 * The access check of spec §4 for every protected page:
 *   no token → login (with the way back); the user (GET /users/me; 401 → sign out);
 *   the node from the host (404 → node-not-found); the user's rights in it (404 or no
 *   is_authorized → node-not-binded).
 * The user and the node are fetched at once; the rights need both.
 */
export async function requireAccess(request: Request): Promise<Access> {
  requireToken(request)
  const api = upstream(request)
  const domain = nodeName(request)
  const [me, node] = await Promise.all([
    api.get<Access['user']>('/api/users/me'),
    api.get<NodeInfo>(`/api/nodes/domain/${encodeURIComponent(domain)}`),
  ])
  if (!me.ok || !me.data) throw unexpected(me)
  // 422: the host's first label is not a valid node domain at all — no such node either.
  if (node.status === 404 || node.status === 422) throw redirect(nodeNotFoundPath(domain))
  if (!node.ok || !node.data) throw unexpected(node)

  const rights = await api.post<Record<string, Right[]>>(
    `/api/rights/all-users/${encodeURIComponent(node.data.id)}`,
    [me.data.id],
  )
  if (rights.status === 404 || rights.status === 403) throw redirect(NODE_NOT_BINDED_PATH)
  if (!rights.ok || !rights.data) throw unexpected(rights)
  const map = mergeRights(rights.data[me.data.id] ?? [])
  if (!hasRight(map, 'is_authorized')) throw redirect(NODE_NOT_BINDED_PATH)
  return { user: me.data, node: node.data, rights: map }
}
