// The web tier's GET /metrics (PRODUCT.md §10, docs/operations.md): Prometheus' text format, only
// to `Authorization: Bearer $METRICS_TOKEN` (404 while it is unset, as any unknown page).
// - request latency by route template: a page by its Remix route's path pattern
//   (/lk/t/:processKey/:taskKey), /api/* forwarding, /events, assets — never the raw path;
// - open live streams (forwarded to the upstream), and prom-client's process metrics;
// - GET /metrics/upstream relays the upstream's own /metrics (which checks the same token), since
//   `npm start` puts that tier on a private Unix socket that Prometheus cannot reach.
import { timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import { matchRoutes } from '@remix-run/router'
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/** As the upstream's (api/src/metrics.ts). */
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/** Remix's flat route manifest as the nested routes that matchRoutes walks. */
function routeTree(manifest, parentId) {
  return Object.values(manifest)
    .filter((r) => r.parentId === parentId)
    .map((r) => ({
      id: r.id,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
      children: routeTree(manifest, r.id),
    }))
}

const bearerMatches = (authorization, token) => {
  const sent = Buffer.from(/^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '')
  const want = Buffer.from(token)
  return sent.length === want.length && timingSafeEqual(sent, want)
}

/**
 * `null` when METRICS_TOKEN is unset; else `{ observe(req, res, kind), serve(req, res) }`, serve
 * answering true when it took the request (/metrics, /metrics/upstream).
 */
export function webMetrics({ build, liveStreams, env = process.env }) {
  const token = env.METRICS_TOKEN
  if (!token) return null
  const register = new Registry()
  collectDefaultMetrics({ register })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route template (never the raw path), method and status.',
    labelNames: ['route', 'method', 'status'],
    buckets: BUCKETS,
    registers: [register],
  })
  new Gauge({
    name: 'nodus_live_streams',
    help: 'Live streams (browser tabs) this web process forwards to the upstream.',
    registers: [register],
    collect() {
      this.set(liveStreams.size)
    },
  })
  const tree = routeTree(build.routes, undefined)
  const seen = new Map()
  /** Pages by their route's path pattern; the rest by what serves them. */
  const routeOf = (req, kind) => {
    if (kind) return kind
    const path = (req.url ?? '/').split('?')[0]
    if (path === '/events') return '/events'
    if (path.startsWith(build.publicPath)) return `${build.publicPath}*`
    let route = seen.get(path)
    if (route) return route
    const matches = matchRoutes(tree, path)
    route = matches
      ? `/${matches
          .map((m) => m.route.path)
          .filter(Boolean)
          .join('/')}`
      : 'unmatched'
    // Route matching compiles every route's pattern (bench/RESULTS.md, issue 24: a few ms a
    // request): the paths seen lately keep their answer; bounded, paths being unbounded.
    if (seen.size >= 2_000) seen.clear()
    seen.set(path, route)
    return route
  }

  const upstream = new URL(env.UPSTREAM_API_URL ?? 'http://127.0.0.1:3001/api')
  const relay = (req, res) => {
    const call = http.request(
      {
        ...(env.UPSTREAM_API_SOCKET
          ? { socketPath: env.UPSTREAM_API_SOCKET }
          : { host: upstream.hostname, port: upstream.port }),
        path: '/metrics',
        headers: { host: upstream.host, authorization: req.headers.authorization ?? '' },
        timeout: 10_000,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, {
          'content-type': answer.headers['content-type'] ?? 'text/plain',
          'cache-control': 'no-store',
        })
        answer.pipe(res)
      },
    )
    call.on('timeout', () => call.destroy(new Error('upstream /metrics timed out')))
    call.on('error', () => {
      if (res.headersSent) return res.destroy()
      res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' })
      res.end(
        JSON.stringify({
          detail: [{ type: 'server.upstream_unavailable', msg: 'The upstream did not answer' }],
        }),
      )
    })
    call.end()
  }

  return {
    observe(req, res, kind) {
      const started = process.hrtime.bigint()
      res.once('close', () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9
        duration.observe(
          { route: routeOf(req, kind), method: req.method, status: String(res.statusCode) },
          seconds,
        )
      })
    },
    serve(req, res) {
      const path = (req.url ?? '').split('?')[0]
      if (path !== '/metrics' && path !== '/metrics/upstream') return false
      if (req.method !== 'GET' && req.method !== 'HEAD') return false
      if (!bearerMatches(req.headers.authorization, token)) {
        res.writeHead(401, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
        res.end(
          JSON.stringify({ detail: [{ type: 'users.user_not_authenticated', msg: 'Not authenticated' }] }),
        )
        return true
      }
      if (path === '/metrics/upstream') {
        relay(req, res)
        return true
      }
      register.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' })
          res.end(text)
        },
        () => {
          res.writeHead(500)
          res.end()
        },
      )
      return true
    },
  }
}
