import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import diagnosticsChannel from 'node:diagnostics_channel'
import { isIP } from 'node:net'

/**
 * Per-HTTP-request facts that a Fetch `Request` does not carry: the socket's peer address and one
 * request id shared by every upstream call the request makes.
 *
 * remix-serve (Express) gives loaders a `Request` without the socket and lets us pass no load
 * context. Node publishes every incoming HTTP request on the `http.server.request.start` diagnostics
 * channel, synchronously, before Express sees it; we put the peer address and the request id in an
 * AsyncLocalStorage there, and everything the request's handler runs (loaders, actions, the render)
 * inherits that store. Outside a server (unit tests) the store is empty and the helpers fall back to
 * the headers.
 *
 * X-Forwarded-For is believed only when the peer is itself a loopback or private address (a reverse
 * proxy on this host or network, like Express's `trust proxy = 'loopback, linklocal, uniquelocal'`);
 * a caller on a public address cannot choose its own address by sending the header.
 */
interface RequestContext {
  peer?: string
  requestId: string
  /** When the request arrived (ms since the epoch): its page's time budget counts from here. */
  startedAt: number
  /** Work shared by the loaders of one request (see `perRequest`). */
  memo?: Map<string, Promise<unknown>>
}

const store = new AsyncLocalStorage<RequestContext>()

interface RequestStart {
  request?: { headers?: Record<string, string | string[] | undefined> }
  socket?: { remoteAddress?: string }
}

diagnosticsChannel.subscribe('http.server.request.start', (message) => {
  const { request, socket } = message as RequestStart
  const incoming = request?.headers?.['x-request-id']
  store.enterWith({
    peer: socket?.remoteAddress,
    requestId: cleanRequestId(typeof incoming === 'string' ? incoming : null) ?? randomUUID(),
    startedAt: Date.now(),
  })
})

/** An incoming X-Request-Id is kept when it is short and plain; otherwise we make our own. */
export function cleanRequestId(value: string | null): string | null {
  if (!value) return null
  const v = value.trim()
  return /^[\w.:@/+=-]{1,128}$/.test(v) ? v : null
}

/**
 * What the helpers below read of an incoming request: its headers. A Fetch `Request` fits, and so
 * does the web server's view of Node's IncomingMessage (app/lib/api-forward.server.ts).
 */
export interface HeaderSource {
  headers: { get(name: string): string | null }
}

/** The id of this request: the caller's X-Request-Id when it sent a sane one, else a new UUID. */
export function requestId(request: HeaderSource): string {
  return store.getStore()?.requestId ?? cleanRequestId(request.headers.get('x-request-id')) ?? randomUUID()
}

/** When the incoming HTTP request arrived; undefined outside a server (tests). */
export function requestStartedAt(): number | undefined {
  return store.getStore()?.startedAt
}

/** `::ffff:127.0.0.1` → `127.0.0.1`. */
export function normaliseAddress(address: string): string {
  const a = address.trim().replace(/^\[|\]$/g, '')
  return a.toLowerCase().startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a
}

/** Loopback, RFC 1918, link-local and IPv6 unique-local addresses: a proxy we may believe. */
export function isTrustedProxy(address: string): boolean {
  const a = normaliseAddress(address)
  if (isIP(a) === 4) {
    const [x, y] = a.split('.').map(Number) as [number, number]
    return (
      x === 127 ||
      x === 10 ||
      (x === 172 && y >= 16 && y <= 31) ||
      (x === 192 && y === 168) ||
      (x === 169 && y === 254)
    )
  }
  if (isIP(a) === 6) {
    const l = a.toLowerCase()
    return l === '::1' || l.startsWith('fc') || l.startsWith('fd') || l.startsWith('fe80:')
  }
  return false
}

/** The first address of an X-Forwarded-For list when it is a real IP address, or null. */
export function firstForwarded(header: string | null): string | null {
  if (!header) return null
  const first = normaliseAddress(header.split(',')[0] ?? '')
  return isIP(first) ? first : null
}

/** The caller's address from the socket peer (when known) and X-Forwarded-For. Pure, for tests. */
export function decideClientAddress(
  socketPeer: string | undefined,
  forwardedFor: string | null,
): string | null {
  const fwd = firstForwarded(forwardedFor)
  if (!socketPeer) return fwd
  const p = normaliseAddress(socketPeer)
  return fwd && isTrustedProxy(p) ? fwd : p
}

/**
 * Runs `work` once per incoming HTTP request and key, for GET requests: Remix runs a page's loaders
 * in parallel, each with its own copy of the Request, so the layout's access check and a child
 * page's would otherwise both ask the upstream. Loaders that run after an action get a GET request
 * of their own, so nothing an action changed is served stale. Outside a server (tests), or for
 * other methods, the work simply runs.
 */
export function perRequest<T>(request: Request, key: string, work: () => Promise<T>): Promise<T> {
  const context = store.getStore()
  if (!context || request.method !== 'GET') return work()
  context.memo ??= new Map()
  const known = context.memo.get(key) as Promise<T> | undefined
  if (known) return known
  const started = work()
  context.memo.set(key, started)
  return started
}

/** For tests: run `fn` as if inside one incoming HTTP request. */
export function runInRequestContext<T>(fn: () => T): T {
  return store.run({ requestId: randomUUID(), startedAt: Date.now() }, fn)
}

export function clientAddress(request: HeaderSource): string | null {
  return decideClientAddress(store.getStore()?.peer, request.headers.get('x-forwarded-for'))
}
