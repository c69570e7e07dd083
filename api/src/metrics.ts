import { timingSafeEqual } from 'node:crypto'
import diagnosticsChannel from 'node:diagnostics_channel'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from './db/client'
import { AppError } from './http/errors'

/*
 * GET /metrics (PRODUCT.md §10, docs/operations.md): Prometheus' text format, answered only to
 * `Authorization: Bearer $METRICS_TOKEN`, 404 while that is unset. Outside /api: the web app
 * forwards /api/* only, so the public host never reaches it. Each app has a registry of its own
 * (tests build several in one process); what is measured at scrape time (pool, outbox, streams) is
 * read then, so the hot path pays one histogram observation per request and nothing else.
 */

/** Where the plugins' workers tell each delivery's outcome; the metrics count what they hear. */
export const deliveries = diagnosticsChannel.channel('nodus:plugin-delivery')

export interface DeliveryOutcome {
  /** 'webhooks', 'email' */
  plugin: string
  /** 'delivered'; 'failed' (retried later); 'abandoned' (no retry left: disabled, too many tries) */
  outcome: 'delivered' | 'failed' | 'abandoned'
}

export function reportDelivery(outcome: DeliveryOutcome) {
  if (deliveries.hasSubscribers) deliveries.publish(outcome)
}

/** Seconds: a get-by-id answers in about a millisecond here; an export may take tens of seconds. */
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/** The Bearer in `authorization` matches `token`, in constant time. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const sent = Buffer.from(/^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '')
  const want = Buffer.from(token)
  return sent.length === want.length && timingSafeEqual(sent, want)
}

export async function registerMetrics(
  app: FastifyInstance,
  opts: { token: string | undefined; database: Database },
) {
  // Unset: no route (404 as any unknown path) and nothing measured.
  if (!opts.token) return
  const token = opts.token
  const register = new Registry()
  collectDefaultMetrics({ register })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route template (never the raw path), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: BUCKETS,
    registers: [register],
  })
  // A callback hook: no promise per request.
  app.addHook('onResponse', (req, reply, done) => {
    // Unmatched requests (404 of any path) share one label: a raw path would grow the series without bound.
    const route = req.is404 ? 'unmatched' : (req.routeOptions.url ?? 'unmatched')
    duration.observe(
      { route, method: req.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    )
    done()
  })

  const { database } = opts
  if (database.pool) {
    const pool = database.pool.bind(database)
    new Gauge({
      name: 'nodus_db_pool_connections',
      help: 'Database connections of this process: in use (checked out), idle.',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        const p = pool()
        this.set({ state: 'in_use' }, p.total - p.idle)
        this.set({ state: 'idle' }, p.idle)
      },
    })
    new Gauge({
      name: 'nodus_db_pool_waiting',
      help: 'Queries waiting for a free database connection of this process.',
      registers: [register],
      collect() {
        this.set(pool().waiting)
      },
    })
  }
  new Gauge({
    name: 'nodus_outbox_lag_seconds',
    help: 'Age of the oldest event a durable consumer (webhooks, notifications, e-mail) has not passed yet; 0 when it is level.',
    labelNames: ['consumer'] as const,
    registers: [register],
    async collect() {
      // One row per consumer: the first event after its position, by the primary key (txid, id).
      const res = (await database.db.execute(sql`
        select c.name, coalesce(extract(epoch from now() - e.occurred_at), 0)::float8 as lag
          from event_consumers c
          left join lateral (
            select occurred_at from events e
             where (e.txid, e.id) > (c.last_txid, c.last_id)
             order by e.txid, e.id limit 1) e on true`)) as unknown as {
        rows: { name: string; lag: number | string }[]
      }
      this.reset()
      for (const r of res.rows) this.set({ consumer: r.name }, Math.max(0, Number(r.lag)))
    },
  })
  new Gauge({
    name: 'nodus_live_streams',
    help: 'Live streams (browser tabs) open on this process.',
    registers: [register],
    collect() {
      this.set(app.live?.size ?? 0)
    },
  })
  const delivered = new Counter({
    name: 'nodus_plugin_deliveries_total',
    help: 'Plugin deliveries (webhook calls, e-mails) attempted by this process, by plugin and outcome.',
    labelNames: ['plugin', 'outcome'] as const,
    registers: [register],
  })
  const count = (message: unknown) => {
    const m = message as DeliveryOutcome
    delivered.inc({ plugin: m.plugin, outcome: m.outcome })
  }
  deliveries.subscribe(count)
  app.addHook('onClose', async () => {
    deliveries.unsubscribe(count)
  })

  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token))
      throw new AppError(401, 'users.user_not_authenticated')
    reply.header('content-type', register.contentType)
    reply.header('cache-control', 'no-store')
    return register.metrics()
  })
}
