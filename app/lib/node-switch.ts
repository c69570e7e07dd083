import { cookieDomain, hostName, isIpAddress } from './cookie-domain'
import { routes } from './routes'

/*
 * Switching nodes (spec §1 "node switch redirects to /lk", PRODUCT.md §10). The node is the first
 * label of the host (PRODUCT.md §1), so another node lives at the same host with that label
 * replaced, on the same scheme and port. Pure: the shell's loader and the tests use it.
 */

/** Where the browser is: the request's scheme as the browser sees it, and its `Host`. */
export interface Origin {
  protocol: 'http:' | 'https:'
  host: string
}

/** `start.localhost:3000` → `3000`; no port → ''. */
function portOf(host: string): string {
  const h = host.trim()
  const m = h.startsWith('[') ? /\]:(\d+)$/.exec(h) : /^[^:]*:(\d+)$/.exec(h)
  return m ? m[1]! : ''
}

/**
 * The host that serves `node`, seen from `host`:
 *   start.localhost:3000, demo   → demo.localhost:3000
 *   acme.nodus.example.com, demo → demo.nodus.example.com
 *   localhost:3000, demo         → demo.localhost:3000 (a bare name is node `start`'s: the node goes before it)
 * An IP address names no node (every node but `start` is out of reach there): null.
 */
export function nodeHost(host: string, node: string): string | null {
  const name = hostName(host)
  if (!name || isIpAddress(name)) return null
  const labels = name.split('.').filter(Boolean)
  const target = labels.length < 2 ? [node, ...labels] : [node, ...labels.slice(1)]
  const port = portOf(host)
  return `${target.join('.')}${port ? `:${port}` : ''}`
}

/** The other node's home page (`/lk`), or null when it cannot be addressed from here. */
export function nodeHref(origin: Origin, node: string, path = routes.home()): string | null {
  const host = nodeHost(origin.host, node)
  return host ? `${origin.protocol}//${host}${path}` : null
}

/**
 * Whether the session cookie set on `fromHost` (spec §9: on the parent domain, or host-only) is
 * sent to `toHost`: then the switch lands signed in, else on that node's sign-in page.
 */
export function cookieCovers(fromHost: string, toHost: string): boolean {
  const to = hostName(toHost)
  const domain = cookieDomain(fromHost)
  if (!domain) return to === hostName(fromHost)
  return to === domain.slice(1) || to.endsWith(domain)
}
