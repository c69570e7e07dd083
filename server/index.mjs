#!/usr/bin/env node
// The web app's HTTP server: what remix-serve does (compression, static assets, the Remix handler),
// plus structured logs (pino) carrying the request id that the app forwards to the upstream, and a
// graceful drain on SIGTERM. Started by scripts/start.mjs with PORT/HOST.
import { randomUUID } from 'node:crypto'
import diagnosticsChannel from 'node:diagnostics_channel'
import http from 'node:http'
import net from 'node:net'
import { extname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRemixRequest, sendRemixResponse } from '@remix-run/express/dist/server.js'
import { createRequestHandler } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import pino from 'pino'
import { pinoHttp } from 'pino-http'
import { webMetrics } from './metrics.mjs'

const log = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { tier: 'web' },
  redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
})

// Runs before the app's own subscriber (app/lib/request-context.server.ts), which takes this header
// as the request's id: so the log line, the upstream call and the app all share one id.
const cleanId = (v) => (typeof v === 'string' && /^[\w.:@/+=-]{1,128}$/.test(v.trim()) ? v.trim() : null)
diagnosticsChannel.subscribe('http.server.request.start', ({ request }) => {
  request.headers['x-request-id'] = cleanId(request.headers['x-request-id']) ?? randomUUID()
})

const buildPath = resolve(process.argv[2] ?? 'build/index.js')
const build = await import(pathToFileURL(buildPath).href)

const app = express()
app.disable('x-powered-by')
app.use(
  pinoHttp({
    logger: log,
    genReqId: (req) => req.headers['x-request-id'],
    // One line per request, without headers (cookies and bearers never reach the log).
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    autoLogging: { ignore: (req) => req.url.startsWith(build.publicPath) },
  }),
)
// GET /events: the tab's live stream (app/lib/live-proxy.server.ts), likewise before compression —
// compression would hold each frame back until its buffer fills. Frames are written as they come.
const forwardEvents = build.entry.module.forwardEvents
/** The open live streams: a graceful stop closes them (the browser resumes elsewhere with Last-Event-ID). */
const liveStreams = new Set()
app.get('/events', async (req, res, next) => {
  liveStreams.add(res)
  // The tab's going away ends the upstream stream through a signal of our own, held by this
  // listener. The Remix Request's signal follows the response's close only through a WeakRef to the
  // Request's controller (Node's fetch Request): once the Request was garbage collected, mid-stream,
  // the close reached nothing and the upstream kept the stream open, counted against the user's
  // limit (ADR 017) until the web app stopped.
  const gone = new AbortController()
  res.once('close', () => {
    liveStreams.delete(res)
    gone.abort()
  })
  try {
    req.socket.setNoDelay(true)
    await sendRemixResponse(res, await forwardEvents(createRemixRequest(req, res), gone.signal))
  } catch (error) {
    // The browser went away (or the upstream did) mid-stream: nothing is left to answer.
    if (res.headersSent) return res.destroy()
    next(error)
  }
})
app.use(compression())
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: '1y' }))
// Files in public/ all have an extension; pages never do: a page skips the file-system look-up.
const publicFiles = express.static('public', { maxAge: '1h' })
app.use((req, res, next) => (extname(req.path) ? publicFiles(req, res, next) : next()))
// The Remix handler, over a request whose body is bounded by its route's limit (issue 23, ADR 026):
// app/lib/body-limit.server.ts builds it as @remix-run/express does, the body cut at the limit.
const { admitBody, remixRequest } = build.entry.module
const handleRemix = createRequestHandler(build, process.env.NODE_ENV)
app.all('*', async (req, res, next) => {
  try {
    await sendRemixResponse(res, await handleRemix(remixRequest(req, res)))
  } catch (error) {
    next(error)
  }
})

// /api/* (but the web tier's own /api/health) never reaches Express: the app's forwarding
// (app/lib/api-forward.server.ts) takes Node's request and response and streams the upstream's
// answer straight into it — no Express middleware, no Fetch Request/Response, no compression (the
// upstream's bodies are streamed as they come). One log line per request, as pino-http writes them.
const forwardApi = build.entry.module.forwardApi
const isForwarded = (url) =>
  url.startsWith('/api/') && !(url.startsWith('/api/health') && (url.length === 11 || url[11] === '?'))
function logForwarded(req, res, startedAt) {
  const level = res.statusCode >= 500 ? 'error' : 'info'
  if (!log.isLevelEnabled(level)) return
  log[level](
    {
      req: { id: req.headers['x-request-id'], method: req.method, url: req.url },
      res: { statusCode: res.statusCode },
      responseTime: Date.now() - startedAt,
    },
    'request completed',
  )
}

const SERVER_ERROR = JSON.stringify({
  detail: [{ type: 'server.error', msg: 'Something went wrong on our side' }],
})

// GET /metrics (METRICS_TOKEN set): before Express, and the latency of every request.
const metrics = webMetrics({ build, liveStreams })

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
const server = http.createServer((req, res) => {
  if (metrics?.serve(req, res)) return
  const forwarded = isForwarded(req.url)
  metrics?.observe(req, res, forwarded ? '/api/*' : undefined)
  if (!forwarded) {
    // Before anything reads the body: its limit, and whether it is refused unread (ADR 026).
    admitBody(req, res)
    return app(req, res)
  }
  const startedAt = Date.now()
  res.once('finish', () => logForwarded(req, res, startedAt))
  forwardApi(req, res).catch((error) => {
    log.error(
      { err: error, req: { id: req.headers['x-request-id'], url: req.url } },
      '/api forwarding failed',
    )
    if (res.headersSent) return res.destroy()
    res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
    res.end(SERVER_ERROR)
  })
})
server.listen(port, host, () => log.info({ url: `http://${host}:${port}` }, 'web app listening'))

// Graceful stop (SIGTERM/SIGINT): stop accepting connections; every response from now on, and
// every one still being prepared, says `Connection: close`, so that a keep-alive client finishes
// what it asked and then reconnects (elsewhere) instead of meeting a closed socket; connections
// idle at the signal are closed after a moment (a request already on its way is served); the
// process exits when the last connection has gone, or after 8 s. scripts/start.mjs stops the
// upstream only after this, so that in-flight requests can still reach it.
let draining = false
const inFlight = new Set()
server.on('request', (_req, res) => {
  if (draining) res.shouldKeepAlive = false
  inFlight.add(res)
  res.once('close', () => inFlight.delete(res))
})
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (draining) return
    draining = true
    log.info({ signal, inFlight: inFlight.size }, 'draining')
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false
    // A live stream never ends by itself: it would hold the stop to its last second.
    for (const res of liveStreams) res.destroy()
    // net.Server's close: no new connections, without Node's http close that also drops idle
    // keep-alive connections at once (a request that was just sent on one would meet a reset).
    net.Server.prototype.close.call(server, () => process.exit(0))
    setTimeout(() => server.closeIdleConnections(), 500).unref()
    setTimeout(() => server.closeIdleConnections(), 2_000).unref()
    setTimeout(() => process.exit(0), 8_000).unref()
  })
}
