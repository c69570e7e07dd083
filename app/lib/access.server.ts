import { mergeRights, type Right, type RightsMap } from '@domain/rights/rights'
import { redirect } from '@remix-run/node'
import { requireToken } from './auth.server'
import {
  type AccessOutcome,
  adminGuard,
  decideBinding,
  decideUserAndNode,
  type Guard,
  taskCreateGuard,
} from './guards'
import { nodeName } from './node.server'
import { getNodeByDomain, type NodeInfo } from './node-assets.server'
import { perRequest } from './request-context.server'
import { type DataOf, type UpstreamResult, upstream } from './upstream.server'

export type { NodeInfo }

export interface Access {
  user: DataOf<'/api/users/me', 'get'>
  node: NodeInfo
  rights: RightsMap
}

/** Turns a decision into what the loader throws; `continue` returns. */
function enforce(outcome: AccessOutcome, res?: UpstreamResult<unknown, unknown>): void {
  if (outcome.kind === 'redirect') throw redirect(outcome.to)
  if (outcome.kind === 'unexpected') {
    // An upstream answer we did not expect, shown by the error boundary with its status.
    throw new Response(JSON.stringify({ detail: res?.detail ?? [] }), {
      status: outcome.status >= 400 ? outcome.status : 502,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
  }
}

/**
 * The access check of spec §4 for every protected page:
 *   no token → login (with the way back); the user (GET /users/me; 401 → sign out);
 *   the node from the host (404 → node-not-found); the user's rights in it (404 or no
 *   is_authorized → node-not-binded).
 * The user and the node are fetched at once (the node from a cache of a few seconds: it is public and
 * the same for every page); the rights need both.
 */
async function checkAccess(request: Request): Promise<Access> {
  requireToken(request)
  const api = upstream(request)
  const domain = nodeName(request)
  const [me, node] = await Promise.all([api.get('/api/users/me'), getNodeByDomain(request, domain)])
  const first = decideUserAndNode(me.status, node.status, domain)
  enforce(first, first.kind === 'unexpected' && me.ok ? node : me)

  const res = await api.post('/api/rights/all-users/{nodeId}', {
    path: { nodeId: node.data!.id },
    body: [me.data!.id],
  })
  const rights = res.ok ? mergeRights((res.data[me.data!.id] ?? []) as Right[]) : null
  enforce(decideBinding(res.status, rights), res)
  return { user: me.data!, node: node.data!, rights: rights! }
}

/**
 * The access check, once per page load: the layout's loader and its children's share it (they run in
 * parallel). A thrown redirect or error is a fresh copy for each, as Remix reads each one.
 */
export async function requireAccess(request: Request): Promise<Access> {
  try {
    return await perRequest(request, 'access', () => checkAccess(request))
  } catch (error) {
    throw error instanceof Response ? error.clone() : error
  }
}

/** What a page's call needs of the access check when it needs only the node. */
export type NodeOnly = Pick<Access, 'node'>

const NOT_STARTED = Symbol('not started')

/**
 * The access check, and `work` for the request's node started while the check is still on its way
 * (the node is known before the user's rights are): a page's first call that needs only the node
 * does not wait for the rights. The check's outcome (a redirect, an error page) comes first; what
 * `work` gave, or threw, after it.
 */
export async function withAccess<T>(
  request: Request,
  work: (at: NodeOnly) => Promise<T>,
): Promise<[Access, T]> {
  const early = (async (): Promise<T | typeof NOT_STARTED> => {
    const node = await getNodeByDomain(request, nodeName(request))
    return node.ok && node.data ? work({ node: node.data }) : NOT_STARTED
  })()
  // Its failure is read below, after the access check's; not an unhandled rejection meanwhile.
  early.catch(() => undefined)
  const access = await requireAccess(request)
  const value = await early
  return [access, value === NOT_STARTED ? await work(access) : (value as T)]
}

async function requireGuarded(request: Request, guard: Guard): Promise<Access> {
  const access = await requireAccess(request)
  enforce(guard(access.rights))
  return access
}

/** The /admin layout's guard (spec §6: is_admin, else home). */
export const requireAdmin = (request: Request) => requireGuarded(request, adminGuard)

/** The task-creation layout's guard (spec §6: task_create, else home). */
export const requireTaskCreate = (request: Request) => requireGuarded(request, taskCreateGuard)
