import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP } from 'node:net'

/*
 * Where a webhook may go (PRODUCT.md §7): never loopback, private, link-local or otherwise
 * internal addresses unless WEBHOOKS_ALLOW_PRIVATE=1, so a tenant cannot make the server call
 * internal services. Checked when the URL is saved (literal addresses and local names) and again on
 * every connection, on the address DNS answered (a name that later resolves inside is refused).
 */

const blocked = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6')

/** An internal address (IPv4, IPv6, or IPv4 mapped into IPv6). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return blocked.check(mapped[1]!, 'ipv4')
  const family = isIP(ip)
  if (family === 0) return true
  return blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain)$/i

/** A URL's host that is plainly internal without asking DNS: a private literal or a local name. */
export function isPrivateHost(url: string): boolean {
  let host: string
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  } catch {
    return false
  }
  if (isIP(host)) return isPrivateAddress(host)
  return LOCAL_NAMES.test(host) || !host.includes('.')
}

export class PrivateTargetError extends Error {
  constructor(readonly address: string) {
    super(`refused: ${address} is a private address`)
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/** http.request's `lookup`: DNS as usual, then every answer checked (unless private targets are allowed). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '')
      const list = addresses as LookupAddress[]
      const bad = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address))
      if (bad) return callback(new PrivateTargetError(bad.address) as NodeJS.ErrnoException, '')
      if ((options as { all?: boolean }).all) return callback(null, list)
      const first = list[0]
      if (!first) return callback(new Error(`no address for ${hostname}`) as NodeJS.ErrnoException, '')
      callback(null, first.address, first.family)
    })
  }
}
