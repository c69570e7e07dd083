import { hasRight, type RightsMap } from '@domain/rights/rights'
import { routes } from './routes'

/**
 * The decisions of the access checks (spec §4, §6) as pure functions of the upstream's answers, so
 * that each is tested on its own (guards.test.ts). app/lib/access.server.ts makes the calls and
 * turns a decision into a redirect; each layout route applies one guard in its loader.
 */

/** Where the access check of spec §4 leads. */
export type AccessOutcome =
  | { kind: 'continue' }
  | { kind: 'redirect'; to: string }
  /** An answer the check cannot read: shown by the error page with this status. */
  | { kind: 'unexpected'; status: number }

const go = (to: string): AccessOutcome => ({ kind: 'redirect', to })
const CONTINUE: AccessOutcome = { kind: 'continue' }

/**
 * The first step, from GET /users/me and GET /nodes/domain/{domain}. A 401 never arrives here: the
 * upstream client turns any 401 into the sign-out (spec §4 "any 401 response triggers logout").
 */
export function decideUserAndNode(meStatus: number, nodeStatus: number, domain: string): AccessOutcome {
  if (meStatus === 401) return go(routes.login())
  if (meStatus < 200 || meStatus >= 300) return { kind: 'unexpected', status: meStatus }
  // 422: the host's first label is not a valid node domain at all — no such node either.
  if (nodeStatus === 404 || nodeStatus === 422) return go(routes.nodeNotFound(domain))
  if (nodeStatus < 200 || nodeStatus >= 300) return { kind: 'unexpected', status: nodeStatus }
  return CONTINUE
}

/**
 * The second step, from POST /rights/all-users/{nodeId}: a user who is not in the node (404, 403)
 * or lacks is_authorized goes to node-not-binded.
 */
export function decideBinding(rightsStatus: number, rights: RightsMap | null): AccessOutcome {
  if (rightsStatus === 404 || rightsStatus === 403) return go(routes.nodeNotBinded())
  if (rightsStatus < 200 || rightsStatus >= 300 || !rights)
    return { kind: 'unexpected', status: rightsStatus }
  return hasRight(rights, 'is_authorized') ? CONTINUE : go(routes.nodeNotBinded())
}

/** The layout guards of spec §6, after the access check passed. */
export type Guard = (rights: RightsMap) => AccessOutcome

/** /admin: is_admin, else home. */
export const adminGuard: Guard = (rights) => (hasRight(rights, 'is_admin') ? CONTINUE : go(routes.home()))

/** Task creation (/lk/t/add…): task_create, else home. */
export const taskCreateGuard: Guard = (rights) =>
  hasRight(rights, 'task_create') ? CONTINUE : go(routes.home())

/** What the shell shows for these rights: the admin entries, the New Task button. */
export function shellAbilities(rights: RightsMap) {
  return { isAdmin: hasRight(rights, 'is_admin'), canCreateTask: hasRight(rights, 'task_create') }
}
