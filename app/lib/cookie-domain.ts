/** Pure (no node: imports), so it may run anywhere. */

/** `Host` header or URL host → bare lower-case host name: port and IPv6 brackets dropped. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase()
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined)
  // More than one colon and no brackets: a bare IPv6 address, which has no port to drop.
  if (h.split(':').length > 2) return h
  return h.replace(/:\d*$/, '').replace(/\.$/, '')
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

export function isIpAddress(host: string): boolean {
  const name = hostName(host)
  return IPV4.test(name) || name.includes(':')
}

/**
 * Spec §9: cookies are set on the parent domain — the first host label dropped; for a two-label host
 * the whole host with a leading dot. A single-label host (`localhost`) and an IP address take no
 * Domain attribute (browsers refuse one there), so the cookie stays host-only.
 *
 *   acme.nodus.example.com → .nodus.example.com
 *   start.localhost        → .start.localhost
 *   localhost, 127.0.0.1   → undefined
 */
export function cookieDomain(host: string): string | undefined {
  const name = hostName(host)
  if (!name || isIpAddress(name)) return undefined
  const labels = name.split('.').filter(Boolean)
  if (labels.length < 2) return undefined
  if (labels.length === 2) return `.${labels.join('.')}`
  return `.${labels.slice(1).join('.')}`
}
