import { cookieDomain, hostName, isIpAddress } from './cookie-domain'

/** The node served on a bare `localhost` or an IP address (spec §1: initial value 'start'). */
export const DEFAULT_NODE = 'start'

/**
 * PRODUCT.md §1 tenants: the node is the first label of the host — `acme.localhost:3000` → `acme`;
 * a single-label host (`localhost`) or an IP address → `start`.
 */
export function nodeFromHost(host: string): string {
  const name = hostName(host)
  if (!name || isIpAddress(name)) return DEFAULT_NODE
  const labels = name.split('.').filter(Boolean)
  return labels.length < 2 ? DEFAULT_NODE : labels[0]!
}

/** The request's host as the browser sent it (remix-serve builds `request.url` from `Host`). */
export function requestHost(request: Request): string {
  return new URL(request.url).host
}

export function nodeName(request: Request): string {
  return nodeFromHost(requestHost(request))
}

/** The Domain attribute for cookies set on this request (spec §9), or undefined for host-only. */
export function requestCookieDomain(request: Request): string | undefined {
  return cookieDomain(requestHost(request))
}

/** A node name as shown on the error page: a DNS label, or nothing. */
export function cleanNodeName(value: string | null | undefined): string | null {
  if (!value) return null
  const v = value.trim().toLowerCase()
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(v) ? v : null
}
