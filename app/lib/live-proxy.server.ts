import { Readable } from 'node:stream'
import { Pool } from 'undici'
import { env } from './env.server'
import { nodeName } from './node.server'
import { getNodeByDomain } from './node-assets.server'
import { readToken } from './session.server'
import {
  isUpstreamDown,
  proxyHeaders,
  upstreamConnect,
  upstreamPath,
  upstreamUnavailableResponse,
} from './upstream.server'

/*
 * GET /events on the node's host (PRODUCT.md §7 "Live"): the tab's server-sent events stream,
 * forwarded from the upstream's GET /events/{nodeId}/stream. The bearer is the `_token` cookie
 * (never a token in the URL); the node is the host's. The web server calls this before its
 * compression (server/index.mjs), so each frame is written the moment it arrives; the stream has no
 * body timeout and is closed upstream when the browser goes away (the request's abort signal).
 */

const json = (status: number, type: string, msg: string) =>
  new Response(JSON.stringify({ detail: [{ type, msg }] }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })

/**
 * Streams hold their connection for as long as the tab is open: a pool of their own, unbounded,
 * so that a thousand open tabs never queue the pages' calls (app/lib/upstream.server.ts).
 */
let pool: Pool | undefined
function livePool(): Pool {
  pool ??= new Pool(new URL(env().UPSTREAM_API_URL).origin, {
    connections: null,
    pipelining: 1,
    connect: upstreamConnect(5_000),
    headersTimeout: 30_000,
    bodyTimeout: 0,
  })
  return pool
}

/** The frames' own headers: never cached, never transformed or buffered by a proxy on the way. */
export const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  'x-accel-buffering': 'no',
}

const wantsStream = (request: Request) => (request.headers.get('accept') ?? '').includes('text/event-stream')

/** What the stream may watch, from the page's query: `boards=id,id` and `task=id`, passed as they are. */
function watchQuery(url: URL): string {
  const out = new URLSearchParams()
  for (const key of ['boards', 'task']) {
    const v = url.searchParams.get(key)
    if (v) out.set(key, v)
  }
  const qs = out.toString()
  return qs ? `?${qs}` : ''
}

/** How long a refused tab waits before the browser itself would try again (the channel retries sooner). */
const REFUSED_RETRY_MS = 60_000

/**
 * The upstream refused the stream for capacity (429 events.too_many_streams, 503
 * events.server_busy). An EventSource cannot read a status, and Chromium logs every answer but 200
 * as a console error: the browser gets the refusal as one `refused` frame carrying the catalogue
 * entry (and the status), then the end of the stream; the tab falls back to the 10 s reload
 * (app/lib/live/channel.ts). A client that did not ask for an event stream gets the status as is.
 */
function refusedFrame(status: number, text: string): Response {
  let detail: unknown
  try {
    detail = (JSON.parse(text) as { detail?: unknown[] }).detail?.[0]
  } catch {}
  const entry =
    detail && typeof detail === 'object'
      ? detail
      : { type: status === 429 ? 'events.too_many_streams' : 'events.server_busy', msg: '' }
  return new Response(
    `retry: ${REFUSED_RETRY_MS}\n\nevent: refused\ndata: ${JSON.stringify({ status, ...entry })}\n\n`,
    { status: 200, headers: STREAM_HEADERS },
  )
}

/** `gone` aborts when the browser goes away (server/index.mjs); the request's own signal otherwise. */
export async function forwardEvents(request: Request, gone: AbortSignal = request.signal): Promise<Response> {
  const token = readToken(request)
  if (!token) return json(401, 'users.user_not_authenticated', 'Not authenticated')
  const node = await getNodeByDomain(request, nodeName(request))
  if (!node.ok) return json(404, 'nodes.node_not_found', 'Node not found')
  const headers: Record<string, string> = {
    accept: 'text/event-stream',
    authorization: `Bearer ${token}`,
    ...proxyHeaders(request),
  }
  const last = request.headers.get('last-event-id')
  if (last) headers['last-event-id'] = last
  const path = upstreamPath(
    `/api/events/${encodeURIComponent(node.data.id)}/stream${watchQuery(new URL(request.url))}`,
  )
  let res: Awaited<ReturnType<Pool['request']>>
  try {
    res = await livePool().request({ method: 'GET', path, headers, signal: gone })
  } catch (error) {
    // The browser went away before the upstream answered: nobody is left to tell.
    if (gone.aborted) return new Response(null, { status: 204 })
    if (isUpstreamDown(error)) return upstreamUnavailableResponse(502)
    throw error
  }
  if (res.statusCode !== 200) {
    const text = await res.body.text().catch(() => '')
    if ((res.statusCode === 429 || res.statusCode === 503) && wantsStream(request))
      return refusedFrame(res.statusCode, text)
    return new Response(text || null, {
      status: res.statusCode,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
  }
  return new Response(Readable.toWeb(res.body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: STREAM_HEADERS,
  })
}
