import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import { messageFor } from '@domain/errors/catalogue'
import { DISCARD_LIMIT } from '@domain/http-limits'
import { type Dispatcher, errors } from 'undici'
import {
  bodyLimitFor,
  FORBIDDEN_BODY,
  type ForwardedRequest,
  forwardRequestHeaders,
  isCrossOriginCookieWrite,
  keptRawResponseHeaders,
  TOO_LARGE_BODY,
} from './api-proxy.server'
import {
  isUpstreamDown,
  noteUpstreamWrite,
  upstreamPath,
  upstreamPool,
  upstreamUnavailableBody,
} from './upstream.server'

/**
 * `/api/*` forwarded in Node's own terms (issue 15): the web server hands over its IncomingMessage
 * and ServerResponse, and an undici dispatch handler writes the upstream's answer straight into the
 * response — no Fetch Request/Response, no Web streams, no Remix on the way. The policy is the one of
 * app/lib/api-proxy.server.ts (which headers go either way, the cookie's bearer, the cross-origin
 * refusal, the body limits); this module is only the Node plumbing around it.
 *
 * - A small body with a Content-Length is read whole first and sent as one buffer; any other body
 *   (an upload, a chunked one) is streamed across as it arrives.
 * - A caller who goes away cancels the upstream call, before or after its answer began.
 * - The upstream unreachable: 502 (504 when it accepted and never answered), in the error envelope;
 *   a path or header undici will not send: 400. Past the answer's headers an upstream failure can
 *   only cut the body short (the connection is closed).
 * - An answer given before the caller's body was read whole closes the connection after it, so the
 *   rest of that body is never taken for the next request.
 */

/** Bodies up to this size (with a Content-Length) are read whole and sent in one write. */
const BUFFER_UP_TO = 64 * 1024

const JSON_TYPE = 'application/json; charset=utf-8'

/** The request as the shared policy reads it (`ForwardedRequest`), over Node's parsed headers. */
function viewOf(req: IncomingMessage): ForwardedRequest {
  const h = req.headers
  const one = (v: string | string[] | undefined) =>
    v === undefined ? null : Array.isArray(v) ? v.join(', ') : v
  return {
    method: req.method ?? 'GET',
    get url() {
      return `http://${h.host ?? 'localhost'}${req.url ?? '/'}`
    },
    headers: {
      get: (name) => one(h[name.toLowerCase()]),
      forEach: (fn) => {
        for (const key in h) {
          const v = one(h[key])
          if (v !== null) fn(v, key)
        }
      },
    },
  }
}

function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: string, extra = {}) {
  if (res.headersSent || res.destroyed) return
  // The caller's body not read to its end: the connection cannot carry another request.
  if (!req.complete) res.shouldKeepAlive = false
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body), ...extra })
  res.end(body)
}

const errorBody = (type: string, loc?: string[]) =>
  JSON.stringify({ detail: [{ type, msg: messageFor(type as never), ...(loc ? { loc } : {}) }] })

/** Reads a body of a known small size whole; null when the caller went away first. */
function readWhole(req: IncomingMessage, length: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.length
    })
    req.once('end', () =>
      resolve(chunks.length === 1 && size === length ? chunks[0]! : Buffer.concat(chunks, size)),
    )
    req.once('error', () => resolve(null))
    req.once('close', () => resolve(req.complete ? Buffer.concat(chunks, size) : null))
  })
}

/** Reads a refused body to its end (at most `limit` bytes) and throws it away. */
function discard(req: IncomingMessage, limit: number): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    let seen = 0
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length
      if (seen > limit) resolve()
    })
    req.once('end', resolve)
    req.once('error', () => resolve())
    req.once('close', resolve)
    req.resume()
  })
}

/** Request headers for the upstream: the shared policy's, without a body's framing when none is sent. */
function upstreamHeaders(view: ForwardedRequest, withBody: boolean): Record<string, string> {
  const headers = forwardRequestHeaders(view)
  if (!withBody) delete headers['content-length']
  return headers
}

/** The body to send across: none, a buffer, or the request itself as a stream. */
async function bodyOf(
  req: IncomingMessage,
  method: string,
): Promise<{ body: Buffer | Readable | undefined } | null> {
  if (method === 'GET' || method === 'HEAD') return { body: undefined }
  const declared = req.headers['content-length']
  if (declared !== undefined) {
    const length = Number(declared)
    if (length === 0) return { body: undefined }
    if (length <= BUFFER_UP_TO) {
      const whole = await readWhole(req, length)
      return whole ? { body: whole } : null
    }
    return { body: req }
  }
  // No Content-Length: a chunked body, or none at all.
  return { body: req.headers['transfer-encoding'] ? req : undefined }
}

/** Answers of a known length up to this size are gathered and written with their headers at once. */
const GATHER_UP_TO = 64 * 1024

/**
 * undici's dispatch handler writing the upstream's answer into Node's response: no stream()
 * wrapper (its Writable checks, `finished` listeners, async scope and promise per call). A small
 * answer with a Content-Length is gathered and written in one go with its headers (one write to
 * the caller); any other answer is streamed as it arrives, pausing the upstream while the caller
 * lags (`resume` on the response's drain).
 */
class ForwardHandler {
  private abort: ((reason?: Error) => void) | null = null
  private cancelled = false
  /** An answer begun: its status and headers (held back while a small body is gathered). */
  private head: { status: number; headers: Record<string, string | string[]> } | null = null
  private gathered: Buffer[] | null = null
  private size = 0

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly method: string,
    private readonly pathname: string,
    private readonly done: () => void,
  ) {}

  /** The caller went away: the upstream call is cancelled, before or after its answer began. */
  cancel() {
    this.cancelled = true
    this.abort?.(new errors.RequestAbortedError())
  }

  onConnect(abort: (reason?: Error) => void) {
    if (this.cancelled) return abort(new errors.RequestAbortedError())
    this.abort = abort
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void): boolean {
    if (statusCode < 200) return true // an interim answer (100 Continue) is not passed on
    const headers = keptRawResponseHeaders(rawHeaders)
    noteUpstreamWrite(this.method, this.pathname, statusCode)
    this.head = { status: statusCode, headers }
    const length = Number(headers['content-length'] ?? Number.NaN)
    if (length <= GATHER_UP_TO) {
      this.gathered = []
      return true
    }
    this.writeHead()
    this.res.on('drain', resume)
    return !this.res.writableNeedDrain
  }

  private writeHead() {
    const { req, res, head } = this
    if (!head || res.headersSent || res.destroyed) return
    if (!req.complete) res.shouldKeepAlive = false
    res.writeHead(head.status, head.headers)
  }

  onData(chunk: Buffer): boolean {
    if (this.gathered) {
      this.gathered.push(chunk)
      this.size += chunk.length
      return true
    }
    return this.res.destroyed ? true : this.res.write(chunk)
  }

  onComplete() {
    const { gathered, res } = this
    if (gathered) {
      this.writeHead()
      if (!res.destroyed)
        res.end(
          gathered.length === 1
            ? gathered[0]
            : gathered.length
              ? Buffer.concat(gathered, this.size)
              : undefined,
        )
    } else if (!res.destroyed) res.end()
    this.done()
  }

  onError(error: Error) {
    if (this.head) {
      // Past the answer's headers (the upstream failed mid-body): nothing left to answer.
      this.res.destroy()
    } else answerFailure(this.req, this.res, this.method, this.pathname, error)
    this.done()
  }
}

export async function forwardApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const view = viewOf(req)
  const method = view.method.toUpperCase() as Dispatcher.HttpMethod
  const path = req.url ?? '/'
  const pathname = path.split('?', 1)[0] ?? path
  if (isCrossOriginCookieWrite(view)) return sendJson(req, res, 403, FORBIDDEN_BODY)
  if (Number(req.headers['content-length'] ?? Number.NaN) > bodyLimitFor(view)) {
    // What the upstream would refuse anyway is not sent across; its rest is read so that a client
    // still sending it reads the 413 instead of meeting a reset connection.
    await discard(req, DISCARD_LIMIT)
    return sendJson(req, res, 413, TOO_LARGE_BODY)
  }
  const sent = method === 'GET' || method === 'HEAD' ? { body: undefined } : await bodyOf(req, method)
  if (!sent) return // the caller went away while sending
  return new Promise<void>((resolve) => {
    const handler = new ForwardHandler(req, res, method, pathname, resolve)
    res.once('close', () => {
      if (!res.writableFinished) handler.cancel()
    })
    try {
      upstreamPool().dispatch(
        {
          method,
          path: upstreamPath(path),
          headers: upstreamHeaders(view, sent.body !== undefined),
          body: sent.body,
        },
        handler as unknown as Dispatcher.DispatchHandler,
      )
    } catch (error) {
      // undici refuses the call before sending it (e.g. a header value it will not write).
      handler.onError(error as Error)
    }
  })
}

function answerFailure(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  pathname: string,
  error: unknown,
) {
  // Past the headers (the upstream failed mid-body) or with the caller gone: nothing left to answer.
  if (res.headersSent || res.destroyed) return void res.destroy()
  const code = (error as { code?: string } | null)?.code
  if (code === 'UND_ERR_INVALID_ARG') {
    // A path or header that Node's parser let through but undici refuses to send (e.g. a
    // non-ASCII byte in a header value): the caller's input, not our failure.
    return sendJson(req, res, 400, errorBody('value_error', ['request']))
  }
  if (isUpstreamDown(error)) {
    console.error(`[web] /api forwarding ${method} ${pathname} failed: ${(error as Error).message}`)
    const status = code === 'UND_ERR_HEADERS_TIMEOUT' ? 504 : 502
    return sendJson(req, res, status, JSON.stringify(upstreamUnavailableBody()))
  }
  console.error(`[web] /api forwarding ${method} ${pathname} failed:`, error)
  sendJson(req, res, 500, errorBody('server.error'))
}
