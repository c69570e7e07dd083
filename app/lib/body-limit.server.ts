import type { IncomingMessage, ServerResponse } from 'node:http'
import { webBodyKind, webBodyLimit } from '@domain/http-limits'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { TOO_LARGE_BODY } from './api-proxy.server'
import { env } from './env.server'

/*
 * Bounded bodies on the web app's own routes (issue 23, ADR 026): every request outside /api, before
 * anything parses it. The web server (server/index.mjs) calls `admitBody` first, then builds the
 * Remix request with `remixRequest`, whose body is the caller's cut at the route's limit:
 *
 * - a Content-Length over the limit: not a byte is read. An action reading the body meets a 413
 *   Response (the error page, spec §2's 413) and the connection is closed after the answer, so the
 *   rest of the upload is never taken in;
 * - a chunked body: read as the action asks, and over the limit the reading stops and the action
 *   meets the same 413;
 * - either way the process holds at most the limit of one body (a page of form), never the upload.
 *
 * The limit is the route's kind's (domain/http-limits.ts): sign-in and small forms, other forms,
 * uploads (UPLOAD_MAX_MB).
 */

interface Verdict {
  limit: number
  /** Its Content-Length is over the limit: the body is not read at all. */
  refused: boolean
}

const verdicts = new WeakMap<IncomingMessage, Verdict>()

/** What an action meets when it reads a body over its route's limit (Remix shows the 413 page). */
export const tooLarge = () =>
  new Response(TOO_LARGE_BODY, {
    status: 413,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })

function limitOf(req: IncomingMessage): number {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const type = req.headers['content-type'] ?? ''
  return webBodyLimit(webBodyKind(url.pathname, url.searchParams, type), env().UPLOAD_MAX_MB)
}

/**
 * The body's verdict, for every request of the web app's own routes before Express sees it. A
 * body that will not be read whole (over its limit, or chunked: no length to trust) closes the
 * connection after the answer: Node would otherwise read its rest to reach the next request.
 */
export function admitBody(req: IncomingMessage, res: ServerResponse): void {
  const declared = req.headers['content-length']
  const chunked = declared === undefined && req.headers['transfer-encoding'] !== undefined
  if (!chunked && (declared === undefined || declared === '0')) return
  const limit = limitOf(req)
  const refused = Number(declared) > limit
  if (refused || chunked) res.shouldKeepAlive = false
  verdicts.set(req, { limit, refused })
}

/** A body that is never read: the action meets the 413 at its first read. */
const refusedBody = () =>
  new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.error(tooLarge())
    },
  })

/**
 * The caller's body as a web stream, read only as the action asks for it (Node's own backpressure
 * holds the rest in the socket), cut at `limit`: past it the reading stops and the stream fails
 * with the 413.
 */
function cutAt(req: IncomingMessage, res: ServerResponse, limit: number): ReadableStream<Uint8Array> {
  let seen = 0
  let done = false
  const stop = () => {
    done = true
    req.pause()
    req.removeAllListeners('data')
  }
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (done) return
          seen += chunk.length
          if (seen > limit) {
            stop()
            // Not read to its end: the connection cannot carry another request.
            if (!res.headersSent) res.shouldKeepAlive = false
            return controller.error(tooLarge())
          }
          controller.enqueue(chunk)
          if ((controller.desiredSize ?? 0) <= 0) req.pause()
        })
        req.once('end', () => {
          if (done) return
          done = true
          controller.close()
        })
        const failed = () => {
          if (done) return
          stop()
          controller.error(new Error('The request body was cut short'))
        }
        req.once('error', failed)
        req.once('close', () => {
          if (!req.complete) failed()
        })
        req.pause()
      },
      pull() {
        if (!done) req.resume()
      },
      cancel() {
        stop()
        if (!res.headersSent) res.shouldKeepAlive = false
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  )
}

/** The Remix request's body: none (GET, HEAD), the refusal, or the caller's cut at its limit. */
function bodyOf(req: IncomingMessage, res: ServerResponse): ReadableStream<Uint8Array> {
  const verdict = verdicts.get(req) ?? { limit: limitOf(req), refused: false }
  if (verdict.refused) return refusedBody()
  return cutAt(req, res, verdict.limit)
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue
    if (Array.isArray(values)) for (const value of values) headers.append(key, value)
    else headers.set(key, values)
  }
  return headers
}

/**
 * The Fetch Request that Remix handles, made as @remix-run/express's createRemixRequest makes it
 * (the URL from Express's host and protocol, an abort when the caller goes away before the answer)
 * but with the bounded body.
 */
export function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const port = (value: string | undefined) => Number.parseInt(value?.split(':')[1] ?? '', 10)
  const forwardedPort = port(req.get('X-Forwarded-Host'))
  const hostPort = port(req.get('host'))
  const p = Number.isSafeInteger(forwardedPort)
    ? forwardedPort
    : Number.isSafeInteger(hostPort)
      ? hostPort
      : ''
  const url = new URL(`${req.protocol}://${req.hostname}${p ? `:${p}` : ''}${req.originalUrl}`)
  let controller: AbortController | null = new AbortController()
  const init: RequestInit & { duplex?: 'half' } = {
    method: req.method,
    headers: headersOf(req),
    signal: controller.signal,
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = bodyOf(req, res)
    init.duplex = 'half'
  }
  res.on('finish', () => {
    controller = null
  })
  res.on('close', () => controller?.abort())
  return new Request(url.href, init)
}
