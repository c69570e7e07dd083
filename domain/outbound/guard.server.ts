import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { bareHost, isPlainlyPrivateHost, isPrivateAddress } from './address'

/*
 * The one outbound-address guard (ADR 027) that every call the servers make on a tenant's behalf
 * goes through: webhooks, the SMTP host, the SSO plugin's JWKS and service centre, and whatever a
 * plugin adds. The address checked is the address connected to: DNS is asked once, inside the
 * socket's own `lookup`, and every answer is checked there; a literal is checked before connecting
 * (Node skips `lookup` for literals). Redirects are never followed. Server-only (Node modules).
 */

/** "Is a private address allowed now?": read at every connection, so a changed opt-in counts at once. */
export type AllowPrivate = () => boolean

/** A refused address; `code` is the catalogue's. */
export class PrivateTargetError extends Error {
  readonly code = 'plugins.private_target'
  constructor(readonly address: string) {
    super(`refused: ${address} is a private address`)
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/**
 * A socket's `lookup` (http.request, net.connect, tls.connect, nodemailer): DNS as usual, then
 * every answer checked — one private answer refuses the name, so a round-robin cannot smuggle one in.
 */
export function guardedLookup(allowPrivate: AllowPrivate) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '')
      const list = addresses as LookupAddress[]
      const bad = allowPrivate() ? undefined : list.find((a) => isPrivateAddress(a.address))
      if (bad) return callback(new PrivateTargetError(bad.address) as NodeJS.ErrnoException, '')
      if ((options as { all?: boolean }).all) return callback(null, list)
      const first = list[0]
      if (!first) return callback(new Error(`no address for ${hostname}`) as NodeJS.ErrnoException, '')
      callback(null, first.address, first.family)
    })
  }
}

/** A literal host checked now; a name left to `guardedLookup` at connect time. Throws when refused. */
export function checkLiteral(host: string, allowPrivate: AllowPrivate): void {
  const bare = bareHost(host)
  if (isIP(bare) && !allowPrivate() && isPrivateAddress(bare)) throw new PrivateTargetError(bare)
}

/**
 * The address to connect to, resolved and checked now (for clients that take an address rather
 * than a `lookup`, such as the SMTP transport: it connects to this address, not the name again).
 */
export async function resolveTarget(host: string, allowPrivate: AllowPrivate): Promise<LookupAddress> {
  const bare = bareHost(host)
  const family = isIP(bare)
  if (family) {
    checkLiteral(bare, allowPrivate)
    return { address: bare, family }
  }
  return new Promise((resolve, reject) =>
    guardedLookup(allowPrivate)(bare, {}, (err, address, fam) =>
      err ? reject(err) : resolve({ address: address as string, family: fam ?? 4 }),
    ),
  )
}

const SAVE_LOOKUP_MS = 1500

/**
 * When a setting is saved: refused if the host is plainly private (a literal, a local name) or DNS
 * answers with a private address now. A name DNS cannot answer in time is accepted — the
 * connection checks again on whatever it resolves to then.
 */
export async function refusedWhenSaved(host: string, allowPrivate: boolean): Promise<boolean> {
  if (allowPrivate) return false
  const bare = bareHost(host)
  if (isPlainlyPrivateHost(bare)) return true
  let timer: NodeJS.Timeout | undefined
  const answers = await Promise.race([
    new Promise<LookupAddress[]>((resolve) =>
      dnsLookup(bare, { all: true }, (err, list) => resolve(err ? [] : list)),
    ),
    new Promise<LookupAddress[]>((resolve) => {
      timer = setTimeout(() => resolve([]), SAVE_LOOKUP_MS)
    }),
  ])
  clearTimeout(timer)
  return answers.some((a) => isPrivateAddress(a.address))
}

export interface GuardedRequest {
  method?: 'GET' | 'POST'
  headers?: Record<string, string | number>
  body?: string
  /** The whole exchange, connecting included: past it the request is destroyed. */
  timeoutMs: number
  /** The most of the answer read; a longer one is cut there (`complete: false`). */
  maxBytes: number
  allowPrivate: AllowPrivate
}

export interface GuardedResponse {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
  /** False when the answer was longer than `maxBytes` and was cut. */
  complete: boolean
}

/**
 * One HTTP(S) exchange through the guard: a fresh connection (no pooled socket checked under other
 * rules), redirects answered as they are (3xx, never followed), a bounded time and a bounded
 * answer. Rejects with PrivateTargetError for a refused address, an Error for anything else.
 */
export function guardedRequest(url: string, opts: GuardedRequest): Promise<GuardedResponse> {
  return new Promise((resolve, reject) => {
    let target: URL
    try {
      target = new URL(url)
      checkLiteral(target.hostname, opts.allowPrivate)
    } catch (err) {
      return reject(err)
    }
    const send =
      target.protocol === 'https:' ? httpsRequest : target.protocol === 'http:' ? httpRequest : null
    if (!send) return reject(new Error('unsupported scheme'))
    const fail = (err: Error) => {
      clearTimeout(timer)
      reject(err)
    }
    const req = send(
      target,
      {
        method: opts.method ?? 'GET',
        agent: false,
        lookup: guardedLookup(opts.allowPrivate) as never,
        headers: opts.headers,
      },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        const done = (complete: boolean) => {
          clearTimeout(timer)
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            complete,
          })
        }
        res.on('data', (chunk: Buffer) => {
          const room = opts.maxBytes - size
          if (chunk.length > room) {
            if (room > 0) chunks.push(chunk.subarray(0, room))
            size = opts.maxBytes
            done(false)
            req.destroy()
            return
          }
          chunks.push(chunk)
          size += chunk.length
        })
        res.on('end', () => done(true))
        res.on('error', fail)
      },
    )
    // A hard stop: a peer that never answers, or answers a byte a minute, costs one time-out.
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer in ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    )
    req.on('error', fail)
    req.end(opts.body)
  })
}
