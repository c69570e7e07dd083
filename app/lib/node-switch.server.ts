import type { Access } from './access.server'
import { isSecureRequest } from './cookies'
import { requestHost } from './node.server'
import { cookieCovers, nodeHost, nodeHref } from './node-switch'
import { routes } from './routes'
import { upstream } from './upstream.server'

/** One node of the personal menu's list. */
export interface NodeChoice {
  domain: string
  /** Its /lk on its own host; null when it cannot be addressed from here (an IP address). */
  href: string | null
  current: boolean
  /** The session cookie reaches its host: the switch lands signed in (else on its sign-in page). */
  signedIn: boolean
}

/** More than anyone is bound to in practice; the menu lists this many at most. */
const MAX_NODES = 100

/**
 * The nodes the signed-in user is bound to (`GET /nodes?user_id=`), each with where switching to it
 * goes, the current one marked. When the list cannot be had, the current node alone.
 */
export async function nodeChoices(
  request: Request,
  access: Pick<Access, 'user' | 'node'>,
): Promise<NodeChoice[]> {
  const res = await upstream(request).get('/api/nodes', {
    query: { user_id: access.user.id, per_page: MAX_NODES },
    on401: 'return',
  })
  const domains = res.ok ? res.data.map((n) => n.domain) : []
  if (!domains.includes(access.node.domain)) domains.unshift(access.node.domain)
  const host = requestHost(request)
  const origin = { protocol: isSecureRequest(request) ? ('https:' as const) : ('http:' as const), host }
  return domains.map((domain) => {
    const current = domain === access.node.domain
    const target = current ? host : nodeHost(host, domain)
    return {
      domain,
      // The current node: its /lk right here (a bare `localhost` is node `start` too).
      href: current ? routes.home() : nodeHref(origin, domain),
      current,
      signedIn: target !== null && cookieCovers(host, target),
    }
  })
}
