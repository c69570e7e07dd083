import { Readable } from 'node:stream'
import { messageFor } from '@domain/errors/catalogue'
import { BODY_LIMIT, DISCARD_LIMIT, MULTIPART_OVERHEAD } from '@domain/http-limits'
import type { Dispatcher } from 'undici'
import { isCrossOrigin } from './csrf.server'
import { env } from './env.server'
import type { HeaderSource } from './request-context.server'
import { readToken } from './session.server'
import {
  isUpstreamDown,
  noteUpstreamWrite,
  proxyHeaders,
  upstreamPath,
  upstreamPool,
  upstreamUnavailableResponse,
} from './upstream.server'

/**
 * `/api/*` on the public host, forwarded to the upstream (PRODUCT.md §1): any method, the same path
 * and query, bodies streamed both ways (an upload is never held whole in memory). The bearer comes
 * from the `_token` cookie when the caller sent no Authorization; the upstream learns the caller's
 * address and request id, and trusts them because of `x-nodus-proxy`.
 */

/** RFC 9110 §7.6.1 hop-by-hop headers, never forwarded either way. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'trailers',
  'transfer-encoding',
  'upgrade',
])

/**
 * Request headers we set ourselves or must not pass on: the caller's cookies (the upstream needs only
 * the bearer), forwarding headers a caller could forge, and Accept-Encoding (the upstream answers
 * plainly; remix-serve compresses for the browser).
 */
const DROP_REQUEST = new Set([
  'host',
  'cookie',
  'x-nodus-proxy',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'forwarded',
  'x-real-ip',
  'x-request-id',
  'accept-encoding',
  'expect',
])

/**
 * Response headers that matter to API clients; everything else (server, date, cors…) stays behind.
 * An attachment's nosniff and sandbox CSP go through: on the public host they guard the browser.
 */
const KEEP_RESPONSE = new Set([
  'content-type',
  'x-content-type-options',
  'content-security-policy',
  'content-length',
  'content-disposition',
  'content-language',
  'content-range',
  'accept-ranges',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  'vary',
  'x-request-id',
  'retry-after',
  'location',
  'www-authenticate',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
])

export const NO_BODY_STATUS = new Set([101, 103, 204, 205, 304])

/**
 * What the forwarding reads of an incoming request. A Fetch `Request` fits (the Remix route), and so
 * does the web server's view of Node's IncomingMessage (app/lib/api-forward.server.ts).
 */
export interface ForwardedRequest extends HeaderSource {
  method: string
  url: string
  headers: HeaderSource['headers'] & { forEach(fn: (value: string, key: string) => void): void }
}

export function forwardRequestHeaders(request: ForwardedRequest): Record<string, string> {
  const connectionListed = new Set(
    (request.headers.get('connection') ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  )
  const out: Record<string, string> = {}
  request.headers.forEach((value, key) => {
    const k = key.toLowerCase()
    if (HOP_BY_HOP.has(k) || DROP_REQUEST.has(k) || connectionListed.has(k)) return
    out[k] = value
  })
  if (!out.authorization) {
    const token = readToken(request)
    if (token) out.authorization = `Bearer ${token}`
  }
  return { ...out, ...proxyHeaders(request) }
}

let upstreamOrigin: { url: string; origin: string } | undefined
function originOfUpstream(): string {
  const url = env().UPSTREAM_API_URL
  if (upstreamOrigin?.url !== url) upstreamOrigin = { url, origin: new URL(url).origin }
  return upstreamOrigin.origin
}

/** The upstream's answer headers that go on to the caller (lower-case names), as Node writes them. */
export function keptResponseHeaders(
  raw: Dispatcher.ResponseData['headers'],
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const key in raw) {
    const value = raw[key]
    const k = key.toLowerCase()
    if (!KEEP_RESPONSE.has(k) || value === undefined) continue
    // A Location on the upstream's own origin becomes a path here: the internal address stays inside.
    if (k === 'location') {
      const origin = originOfUpstream()
      const v = Array.isArray(value) ? value[0] : value
      out[k] = v?.startsWith(origin) ? v.slice(origin.length) || '/' : (v ?? '')
    } else out[k] = value
  }
  return out
}

/**
 * The same, from undici's raw header list (name, value, name, value… as Buffers): only the kept
 * names are decoded into an object.
 */
export function keptRawResponseHeaders(raw: Buffer[]): Record<string, string | string[]> {
  const parsed: Record<string, string | string[]> = {}
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const k = raw[i]!.toString('latin1').toLowerCase()
    if (!KEEP_RESPONSE.has(k)) continue
    const v = raw[i + 1]!.toString('latin1')
    const had = parsed[k]
    parsed[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v]
  }
  return keptResponseHeaders(parsed)
}

export function forwardResponseHeaders(raw: Dispatcher.ResponseData['headers']): Headers {
  const headers = new Headers()
  for (const [k, value] of Object.entries(keptResponseHeaders(raw)))
    for (const v of Array.isArray(value) ? value : [value]) headers.append(k, v)
  return headers
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * A browser page on another origin must not spend the `_token` cookie on a change: the cookie lives on
 * the parent domain, so every tenant's subdomain is "same-site" and SameSite=Lax alone does not stop
 * it. An unsafe method whose bearer would come from the cookie is refused when the browser says it
 * comes from another origin. Scripts (no Origin header) and explicit Authorization are unaffected.
 */
export function isCrossOriginCookieWrite(request: ForwardedRequest): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false
  if (request.headers.get('authorization') || !readToken(request)) return false
  return isCrossOrigin(request)
}

export const FORBIDDEN_BODY = JSON.stringify({
  detail: [{ type: 'rights.forbidden', msg: 'You do not have the right to do this' }],
})
export const TOO_LARGE_BODY = JSON.stringify({
  detail: [{ type: 'request.too_large', msg: messageFor('request.too_large') }],
})

const forbidden = () =>
  new Response(FORBIDDEN_BODY, {
    status: 403,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })

/** The largest body the upstream would read for this request: an upload's, or its JSON limit. */
export function bodyLimitFor(request: HeaderSource): number {
  const type = request.headers.get('content-type')?.toLowerCase() ?? ''
  return type.startsWith('multipart/') ? env().UPLOAD_MAX_MB * 1024 * 1024 + MULTIPART_OVERHEAD : BODY_LIMIT
}

/** Reads a body to its end (at most DISCARD_LIMIT bytes) and throws it away. */
async function discard(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader()
  let seen = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      seen += value.byteLength
      if (seen > DISCARD_LIMIT) return void (await reader.cancel())
    }
  } catch {
    // The caller went away: nobody is left to answer.
  }
}

/**
 * A body the upstream would refuse anyway (its Content-Length says so) is not sent across: the
 * answer is the upstream's own 413 envelope. The body is read and thrown away first, so that a
 * client still sending it reads the 413 instead of meeting a reset connection.
 */
async function refuseTooLarge(request: Request): Promise<Response | null> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (!(declared > bodyLimitFor(request))) return null
  if (request.body) await discard(request.body)
  return new Response(TOO_LARGE_BODY, {
    status: 413,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}

export async function forwardToUpstream(request: Request): Promise<Response> {
  if (isCrossOriginCookieWrite(request)) return forbidden()
  const url = new URL(request.url)
  const method = request.method.toUpperCase() as Dispatcher.HttpMethod
  const hasBody = method !== 'GET' && method !== 'HEAD' && request.body !== null
  if (hasBody) {
    const refused = await refuseTooLarge(request)
    if (refused) return refused
  }
  let res: Dispatcher.ResponseData
  try {
    res = await upstreamPool().request({
      method,
      path: upstreamPath(`${url.pathname}${url.search}`),
      headers: forwardRequestHeaders(request),
      body: hasBody
        ? Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>)
        : undefined,
      signal: request.signal,
    })
  } catch (error) {
    if (isUpstreamDown(error)) {
      console.error(`[web] /api forwarding ${method} ${url.pathname} failed: ${(error as Error).message}`)
      return upstreamUnavailableResponse(
        (error as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT' ? 504 : 502,
      )
    }
    throw error
  }
  noteUpstreamWrite(method, url.pathname, res.statusCode)
  const headers = forwardResponseHeaders(res.headers)
  if (NO_BODY_STATUS.has(res.statusCode) || method === 'HEAD') {
    res.body.resume()
    return new Response(null, { status: res.statusCode, headers })
  }
  return new Response(Readable.toWeb(res.body) as ReadableStream<Uint8Array>, {
    status: res.statusCode,
    headers,
  })
}
