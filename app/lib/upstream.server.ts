import type { DetailEntry } from '@domain/errors/catalogue'
import { redirect } from '@remix-run/node'
import { type Dispatcher, Pool } from 'undici'
import { env } from './env.server'
import { proxyKey } from './proxy-key.server'
import { pathWithSearch } from './redirect-to'
import { clientAddress, type HeaderSource, requestId, requestStartedAt } from './request-context.server'
import { routes } from './routes'
import { readToken, signOutHeaders } from './session.server'
import type { paths } from './upstream/schema'
import type { Schema } from './upstream/types'

/**
 * The one way the web app talks to the upstream API (STYLE.md: browser → route → this → upstream).
 * One keep-alive undici Pool per process. Every call carries the caller's bearer (from `_token`), its
 * address (X-Forwarded-For), a request id, and `x-nodus-proxy` so the upstream believes the last two.
 */

const CONNECT_TIMEOUT_MS = 5_000
const HEADERS_TIMEOUT_MS = 30_000
const BODY_TIMEOUT_MS = 60_000
/**
 * A page (a GET or HEAD of the web app) shows its error page within 10 s even when the upstream
 * accepts and never answers: every call the page makes must have its answer's headers within this
 * many ms of the request's arrival, else it is a 504. A write (an action) keeps the per-call limit
 * above: a slow write that the upstream may still commit is not cut short.
 */
export const PAGE_BUDGET_MS = 8_000

let pool: Pool | undefined
let base: { origin: string; prefix: string } | undefined

function upstreamBase() {
  if (!base) {
    const url = new URL(env().UPSTREAM_API_URL)
    base = { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') }
  }
  return base
}

/** How a pool reaches the upstream: its Unix socket when there is one (ADR 024), else TCP. */
export function upstreamConnect(timeout: number): { timeout: number; socketPath?: string } {
  const socketPath = env().UPSTREAM_API_SOCKET
  return socketPath ? { timeout, socketPath } : { timeout }
}

export function upstreamPool(): Pool {
  pool ??= new Pool(upstreamBase().origin, {
    connections: 64,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    connect: upstreamConnect(CONNECT_TIMEOUT_MS),
    headersTimeout: HEADERS_TIMEOUT_MS,
    bodyTimeout: BODY_TIMEOUT_MS,
  })
  return pool
}

/** The path on the upstream for an `/api/...` path (UPSTREAM_API_URL may carry a prefix). */
export function upstreamPath(pathAndQuery: string): string {
  return `${upstreamBase().prefix}${pathAndQuery}`
}

/** `x-nodus-proxy`'s value, an HMAC of SECRET: computed once, not on every call. */
let proxyKeyFor: { secret: string; key: string } | undefined
function currentProxyKey(): string {
  const secret = env().SECRET
  if (proxyKeyFor?.secret !== secret) proxyKeyFor = { secret, key: proxyKey(secret) }
  return proxyKeyFor.key
}

/** The headers that make the upstream trust this call as coming from the web tier. */
export function proxyHeaders(request: HeaderSource): Record<string, string> {
  const headers: Record<string, string> = {
    'x-request-id': requestId(request),
    'x-nodus-proxy': currentProxyKey(),
  }
  const address = clientAddress(request)
  if (address) headers['x-forwarded-for'] = address
  return headers
}

/** A network failure or timeout talking to the upstream (not an HTTP error status). */
export function isUpstreamDown(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return (
    typeof code === 'string' &&
    (code.startsWith('UND_ERR') ||
      // ENOENT: the upstream's Unix socket is not there (yet, or any more).
      ['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOENT', 'ENOTFOUND', 'EPIPE', 'ETIMEDOUT'].includes(
        code,
      )) &&
    code !== 'UND_ERR_ABORTED'
  )
}

export function upstreamUnavailableBody(): { detail: DetailEntry[] } {
  return {
    detail: [{ type: 'request.upstream_unavailable', msg: 'The service is unavailable, try again later' }],
  }
}

/** Thrown into Remix when the upstream cannot be reached: the error page shows a translated 502. */
export function upstreamUnavailableResponse(status = 502): Response {
  return new Response(JSON.stringify(upstreamUnavailableBody()), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}

/*
 * The web app caches public facts about nodes for a few seconds (node-assets.server.ts). A change
 * to a node that goes through this process (the admin pages, the /api forwarding) makes it forget
 * them at once, so the administrator sees the new menu or logo on the next page.
 */
const nodeChangeListeners = new Set<() => void>()

export function onNodeChange(listener: () => void) {
  nodeChangeListeners.add(listener)
}

/** After an accepted change: a write under /api/nodes tells the node caches to forget. */
export function noteUpstreamWrite(method: string, path: string, status: number) {
  if (method === 'GET' || method === 'HEAD' || status < 200 || status >= 300) return
  if (!/^\/api\/nodes(\/|$|\?)/.test(path)) return
  for (const listener of nodeChangeListeners) listener()
}

export type { Schema }
export type ListMeta = Schema<'ListMeta'>

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
/** The contract's paths that answer a method, e.g. `PathsWith<'get'>`. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, object> ? P : never
}[keyof paths]
type Operation<P extends keyof paths, M extends Method> = paths[P] extends Record<M, infer O> ? O : never

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : undefined
type SuccessJson<O> = O extends { responses: infer R }
  ? { [C in keyof R]: C extends 200 | 201 ? JsonOf<R[C]> : never }[keyof R]
  : never
/** What a success answers in `data` (the envelope's payload). */
export type DataOf<P extends keyof paths, M extends Method> =
  SuccessJson<Operation<P, M>> extends { data: infer D } ? D : undefined
/** The parameters of the path template. */
export type PathParamsOf<P extends keyof paths, M extends Method> =
  InitOf<P, M> extends { path: infer X } ? X : never
/** A list's `meta`. */
type MetaOf<O> = SuccessJson<O> extends { meta: infer T } ? T : undefined

type PathInit<O> = O extends { parameters: { path: infer X } }
  ? [X] extends [never]
    ? object
    : { path: X }
  : object
type QueryInit<O> = O extends { parameters: { query?: infer Q } }
  ? [Exclude<Q, undefined>] extends [never]
    ? object
    : { query?: Exclude<Q, undefined> }
  : object
type BodyInit<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? { body: B }
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? { body?: B }
    : object
/** A call's parameters as the contract states them: path and query parameters, body, and our options. */
export type InitOf<P extends keyof paths, M extends Method> = PathInit<Operation<P, M>> &
  QueryInit<Operation<P, M>> &
  BodyInit<Operation<P, M>> &
  CallOptions
type Args<I> = object extends I ? [init?: I] : [init: I]

export type UpstreamResult<T = unknown, Meta = ListMeta | undefined> = {
  status: number
  detail: DetailEntry[]
  headers: Record<string, string | string[] | undefined>
} & ({ ok: true; data: T; meta: Meta } | { ok: false; data: undefined; meta: undefined })
/** The answer of one operation of the contract. */
export type ResultOf<P extends keyof paths, M extends Method> = UpstreamResult<
  DataOf<P, M>,
  MetaOf<Operation<P, M>>
>

type Query = Record<string, string | number | boolean | null | undefined>

export interface CallOptions {
  /** Another token than the caller's `_token` (null: send none). */
  token?: string | null
  /** What a 401 does: `signout` (default) throws the sign-out redirect; `return` hands it back. */
  on401?: 'signout' | 'return'
}

interface RawInit extends CallOptions {
  path?: Record<string, string>
  query?: Query
  body?: unknown
}

/** `/api/statuses/{nodeId}` with `{ nodeId }`: each parameter percent-encoded into its place. */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`upstream path ${template}: no value for {${name}}`)
    return encodeURIComponent(value)
  })
}

/** A POST path of the contract with its parameters in place, for the one call that streams (uploads). */
export const postPath = <P extends PathsWith<'post'>>(template: P, params: PathParamsOf<P, 'post'>) =>
  fillPath(template, params as Record<string, string>)

/** A PUT path of the contract with its parameters in place (a user's picture streams too). */
export const putPath = <P extends PathsWith<'put'>>(template: P, params: PathParamsOf<P, 'put'>) =>
  fillPath(template, params as Record<string, string>)

function withQuery(path: string, query?: Query): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v))
  const qs = params.toString()
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path
}

async function readJson(
  body: Dispatcher.ResponseData['body'],
  contentType: string | undefined,
): Promise<unknown> {
  const text = await body.text()
  if (!text || !contentType?.includes('json')) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The ms a page's call may still wait for its answer, or undefined when no page budget applies. */
function pageTimeLeft(request: Request): number | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  return (requestStartedAt() ?? Date.now()) + PAGE_BUDGET_MS - Date.now()
}

/** The request to the upstream; a network failure or timeout is thrown as Remix's 502 / 504. */
async function dispatch(
  method: Dispatcher.HttpMethod,
  path: string,
  init: { path: string; headers: Record<string, string>; body?: string; request: Request },
): Promise<Dispatcher.ResponseData> {
  const left = pageTimeLeft(init.request)
  if (left !== undefined && left <= 0) {
    console.error(`[web] upstream ${method} ${path}: the page's ${PAGE_BUDGET_MS} ms are spent`)
    throw upstreamUnavailableResponse(504)
  }
  // Until the answer's headers arrive: its body (a stream) is not cut by the page's budget.
  const budget = left === undefined ? undefined : new AbortController()
  const timer = budget && setTimeout(() => budget.abort(), left)
  try {
    return await upstreamPool().request({
      method,
      path: upstreamPath(init.path),
      headers: init.headers,
      body: init.body,
      signal: budget ? AbortSignal.any([init.request.signal, budget.signal]) : init.request.signal,
    })
  } catch (error) {
    if (budget?.signal.aborted && !init.request.signal.aborted) {
      console.error(`[web] upstream ${method} ${path}: no answer within the page's ${PAGE_BUDGET_MS} ms`)
      throw upstreamUnavailableResponse(504)
    }
    if (isUpstreamDown(error)) {
      console.error(`[web] upstream ${method} ${path} failed: ${(error as Error).message}`)
      throw upstreamUnavailableResponse(
        (error as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT' ? 504 : 502,
      )
    }
    throw error
  } finally {
    clearTimeout(timer)
  }
}

function callHeaders(request: Request, token: string | null, accept = 'application/json') {
  const headers: Record<string, string> = { accept, ...proxyHeaders(request) }
  if (token) headers.authorization = `Bearer ${token}`
  return headers
}

/** Spec §4: any 401 signs out. A page the user asked for is where they come back after signing in. */
async function signOutRedirect(request: Request, token: string | null, detail: DetailEntry[]) {
  const back = request.method === 'GET' ? pathWithSearch(request) : undefined
  return redirect(routes.login(back), {
    headers: await signOutHeaders(
      request,
      token ? [{ type: 'warning', code: detail[0]?.type ?? 'users.user_not_authenticated' }] : [],
    ),
  })
}

async function call(
  request: Request,
  method: Dispatcher.HttpMethod,
  template: string,
  options: RawInit = {},
): Promise<UpstreamResult<unknown, unknown>> {
  const path = fillPath(template, options.path)
  const token = options.token === undefined ? readToken(request) : options.token
  const headers = callHeaders(request, token)
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
  if (payload !== undefined) headers['content-type'] = 'application/json'

  const res = await dispatch(method, path, {
    path: withQuery(path, options.query),
    headers,
    body: payload,
    request,
  })
  const contentType = res.headers['content-type']
  const json = (await readJson(res.body, typeof contentType === 'string' ? contentType : undefined)) as
    | { data?: unknown; detail?: DetailEntry[]; meta?: unknown }
    | undefined
  const ok = res.statusCode >= 200 && res.statusCode < 300
  const result = {
    status: res.statusCode,
    ok,
    data: ok ? json?.data : undefined,
    detail: Array.isArray(json?.detail) ? json.detail : [],
    meta: ok ? json?.meta : undefined,
    headers: res.headers,
  } as UpstreamResult<unknown, unknown>
  noteUpstreamWrite(method, path, result.status)
  if (result.status === 401 && (options.on401 ?? 'signout') === 'signout')
    throw await signOutRedirect(request, token, result.detail)
  return result
}

/** A streamed answer: its body's bytes as they come (2xx), or the error's detail (the body read). */
export type UpstreamStream = {
  status: number
  headers: Record<string, string | string[] | undefined>
} & (
  | { ok: true; body: AsyncIterable<Uint8Array>; detail: [] }
  | { ok: false; body: undefined; detail: DetailEntry[] }
)

export interface StreamInit extends CallOptions {
  path?: Record<string, string>
  /** The query string as it is (repeated keys and all), e.g. a page's own `w.{id}.{param}`. */
  search?: URLSearchParams
  /** What to ask for, e.g. `application/x-ndjson`. */
  accept: string
}

/**
 * A GET whose 2xx body is read as it arrives (the board data call's NDJSON), with the same 401,
 * 502 and 504 behaviour as every call. The body must be read to its end or left to the request's
 * abort signal: the connection returns to the pool then.
 */
async function stream(request: Request, template: string, init: StreamInit): Promise<UpstreamStream> {
  const path = fillPath(template, init.path)
  const token = init.token === undefined ? readToken(request) : init.token
  const qs = init.search?.toString()
  const res = await dispatch('GET', path, {
    path: qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path,
    headers: callHeaders(request, token, init.accept),
    request,
  })
  const { statusCode: status, headers } = res
  if (status >= 200 && status < 300) return { status, headers, ok: true, body: res.body, detail: [] }
  const contentType = typeof headers['content-type'] === 'string' ? headers['content-type'] : undefined
  const json = (await readJson(res.body, contentType)) as { detail?: DetailEntry[] } | undefined
  const detail = Array.isArray(json?.detail) ? json.detail : []
  if (status === 401 && (init.on401 ?? 'signout') === 'signout')
    throw await signOutRedirect(request, token, detail)
  return { status, headers, ok: false, body: undefined, detail }
}

/**
 * The request's headers without its abort signal: for a call whose answer other requests share
 * (the public node look-ups), which must not fail because the first caller went away.
 */
export function detached(request: Request): Request {
  return new Request(request.url, { headers: request.headers })
}

/**
 * The typed client for one incoming request, from the committed contract (ADR 013): the path is a
 * template of api/openapi.json (`'/api/statuses/{nodeId}'`), its parameters, query and body are
 * checked against the operation, and the answer's `data` and `meta` have the operation's types.
 */
export function upstream(request: Request) {
  const send =
    <M extends Method>(method: M) =>
    <P extends PathsWith<M>>(path: P, ...[init]: Args<InitOf<P, M>>) =>
      call(request, method.toUpperCase() as Dispatcher.HttpMethod, path, init as RawInit) as Promise<
        ResultOf<P, M>
      >
  return {
    get: send('get'),
    post: send('post'),
    put: send('put'),
    patch: send('patch'),
    del: send('delete'),
    /** A GET of the contract read as it streams (e.g. `Accept: application/x-ndjson`). */
    stream: <P extends PathsWith<'get'>>(path: P, init: StreamInit & { path: PathParamsOf<P, 'get'> }) =>
      stream(request, path, init as StreamInit),
  }
}

export type Upstream = ReturnType<typeof upstream>
