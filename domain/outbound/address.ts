/*
 * Which addresses the servers refuse to call on a tenant's behalf (ADR 027): everything that is not
 * a public unicast address of the internet. Pure (no Node modules), so the rules are one list that
 * both tiers and their tests read; the connections themselves are guarded in guard.server.ts.
 */

type Range = readonly [bytes: readonly number[], bits: number]

const v4 = (a: number, b: number, c: number, d: number, bits: number): Range => [[a, b, c, d], bits]

/** IPv4 ranges that are not public unicast (RFC 6890 and friends). */
const V4_REFUSED: readonly Range[] = [
  v4(0, 0, 0, 0, 8), // "this network", 0.0.0.0 unspecified
  v4(10, 0, 0, 0, 8), // RFC 1918
  v4(100, 64, 0, 0, 10), // CGNAT
  v4(127, 0, 0, 0, 8), // loopback
  v4(169, 254, 0, 0, 16), // link-local, cloud metadata (169.254.169.254)
  v4(172, 16, 0, 0, 12), // RFC 1918
  v4(192, 0, 0, 0, 24), // IETF protocol assignments
  v4(192, 0, 2, 0, 24), // documentation
  v4(192, 88, 99, 0, 24), // 6to4 relay anycast
  v4(192, 168, 0, 0, 16), // RFC 1918
  v4(198, 18, 0, 0, 15), // benchmarking
  v4(198, 51, 100, 0, 24), // documentation
  v4(203, 0, 113, 0, 24), // documentation
  v4(224, 0, 0, 0, 4), // multicast
  v4(240, 0, 0, 0, 4), // reserved, and 255.255.255.255 broadcast
]

const v6 = (groups: readonly number[], bits: number): Range => [
  groups.flatMap((g) => [g >> 8, g & 0xff]).concat(Array(16 - groups.length * 2).fill(0)),
  bits,
]

/** IPv6 ranges refused outright. */
const V6_REFUSED: readonly Range[] = [
  v6([], 96), // ::/96: unspecified, loopback ::1, IPv4-compatible (deprecated)
  v6([0x64, 0xff9b, 1], 48), // local-use NAT64
  v6([0x100], 64), // discard
  v6([0x2001, 0], 32), // Teredo: the IPv4 inside is obfuscated, so never trusted
  v6([0x2001, 0x10], 28), // ORCHID
  v6([0x2001, 0xdb8], 32), // documentation
  v6([0xfc00], 7), // unique local
  v6([0xfe80], 10), // link-local
  v6([0xfec0], 10), // site-local (deprecated)
  v6([0xff00], 8), // multicast
]

/** IPv6 ranges that carry an IPv4 address: judged by that address. [prefix, where the IPv4 starts]. */
const V6_EMBEDDING: readonly (readonly [Range, number])[] = [
  [v6([0, 0, 0, 0, 0, 0xffff], 96), 12], // IPv4-mapped ::ffff:a.b.c.d
  [v6([0, 0, 0, 0, 0xffff, 0], 96), 12], // IPv4-translated ::ffff:0:a.b.c.d
  [v6([0x64, 0xff9b], 96), 12], // NAT64 well-known prefix
  [v6([0x2002], 16), 2], // 6to4
]

function inRange(bytes: readonly number[], [net, bits]: Range): boolean {
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff
    if ((bytes[i]! & mask) !== (net[i]! & mask)) return false
  }
  return true
}

/** Dotted-quad IPv4 as four bytes, or null. */
export function parseIPv4(s: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s)
  if (!m) return null
  const bytes = m.slice(1).map(Number)
  return bytes.every((b) => b <= 255) ? bytes : null
}

/** IPv6 (with `::`, an IPv4 tail, a zone) as sixteen bytes, or null. */
export function parseIPv6(s: string): number[] | null {
  const text = s.replace(/%.*$/, '')
  if (!/^[\da-f:.]+$/i.test(text) || (text.match(/::/g)?.length ?? 0) > 1) return null
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined]
  const part = (p: string | undefined) => (p ? p.split(':') : [])
  const left = part(head)
  const right = part(tail)
  const words: number[] = []
  const push = (list: string[], last: boolean) => {
    for (const [i, g] of list.entries()) {
      if (last && i === list.length - 1 && g.includes('.')) {
        const quad = parseIPv4(g)
        if (!quad) return false
        words.push((quad[0]! << 8) | quad[1]!, (quad[2]! << 8) | quad[3]!)
      } else if (/^[\da-f]{1,4}$/i.test(g)) words.push(Number.parseInt(g, 16))
      else return false
    }
    return true
  }
  const leftWords: number[] = []
  if (!push(left, tail === undefined)) return null
  leftWords.push(...words.splice(0))
  if (!push(right, true)) return null
  const gap = 8 - leftWords.length - words.length
  if (tail === undefined ? gap !== 0 : gap < 1) return null
  return [...leftWords, ...Array(gap).fill(0), ...words].flatMap((w) => [w >> 8, w & 0xff])
}

/**
 * Whether an address must not be called: anything but public unicast, IPv4 inside IPv6 judged as
 * IPv4, and whatever is not an IP address at all (so a caller's mistake refuses, never allows).
 */
export function isPrivateAddress(ip: string): boolean {
  const quad = parseIPv4(ip)
  if (quad) return V4_REFUSED.some((r) => inRange(quad, r))
  const bytes = parseIPv6(ip.replace(/^\[|\]$/g, ''))
  if (!bytes) return true
  for (const [range, at] of V6_EMBEDDING)
    if (inRange(bytes, range)) return isPrivateAddress(bytes.slice(at, at + 4).join('.'))
  return V6_REFUSED.some((r) => inRange(bytes, r))
}

/** Names that only mean something inside a network (RFC 6761, 6762, 8375; common private zones). */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|localdomain|home\.arpa)$/i

/** A host name (or literal) without brackets or the trailing dots that make a name absolute. */
export const bareHost = (host: string) => host.replace(/^\[|\]$/g, '').replace(/\.+$/, '')

/**
 * A host that is plainly internal without asking DNS: a private literal, a local name, or a name
 * of one label (resolved through the machine's own search domains and hosts file).
 */
export function isPlainlyPrivateHost(host: string): boolean {
  const bare = bareHost(host)
  if (parseIPv4(bare) || parseIPv6(bare)) return isPrivateAddress(bare)
  return bare === '' || LOCAL_NAMES.test(bare) || !bare.includes('.')
}

/**
 * The host a URL names, as the WHATWG parser normalises it (`0x7f.1` and `2130706433` become
 * `127.0.0.1`), or null when it is not an http(s) URL.
 */
export function hostOfUrl(url: string): string | null {
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? bareHost(u.hostname) : null
  } catch {
    return null
  }
}

/** A host as typed in a setting (an SMTP host: a name or a literal), normalised like a URL's. */
export function hostOfSetting(host: string): string | null {
  const trimmed = host.trim()
  if (!trimmed) return null
  const bracketed = trimmed.includes(':') && !trimmed.startsWith('[') ? `[${trimmed}]` : trimmed
  return hostOfUrl(`http://${bracketed}/`)
}
