import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startApi } from '../test/harness'
import { makeFields, makeTask, makeTaskProcess } from '../test/task-factories'
import { startWorkflowApi } from '../test/workflow-factories'
import { deliveryWorker } from './plugins/webhooks/start'

/*
 * GET /metrics on the upstream (PRODUCT.md §10): what a Prometheus scrape with the token reads —
 * request latency by route template, the pool (PostgreSQL), the outbox's lag, live streams,
 * deliveries by plugin and outcome, the process metrics — and nothing without the token.
 */

const TOKEN = 'metrics-token-for-the-scraper'
let w: Awaited<ReturnType<typeof startWorkflowApi>>
let receiver: Server
let base: string
let processId: string

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.statusCode = req.url === '/down' ? 500 : 200
      res.end()
    })
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  w = await startWorkflowApi({
    METRICS_TOKEN: TOKEN,
    WEBHOOKS_ALLOW_PRIVATE: '1',
    WEBHOOKS_RETRY_BASE_MS: '60000',
    WEBHOOKS_POLL_MS: '60000',
  })
  await makeFields(w.h, w.adminToken, w.startId)
  processId = (await makeTaskProcess(w.h, w.adminToken, w.startId)).process.id
})
afterAll(async () => {
  await w?.h.close()
  await new Promise((r) => receiver.close(r))
})

/** The upstream's root, where /metrics is (outside /api). */
const root = () => w.h.url.replace(/\/api$/, '')
async function scrape(authorization?: string) {
  const res = await fetch(`${root()}/metrics`, { headers: authorization ? { authorization } : {} })
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() }
}
/** A sample's value, by its exact name and labels as printed. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /metrics', () => {
  it('answers only to the token: 401 without it or with another, never the figures', async () => {
    for (const auth of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(auth)
      expect(res.status).toBe(401)
      expect(JSON.parse(res.text).detail[0].type).toBe('users.user_not_authenticated')
      expect(res.text).not.toContain('http_request_duration_seconds')
    }
  })

  it('labels request latency by route template, never by the raw path', async () => {
    const task = await makeTask(w.h, w.adminToken, w.startId, processId)
    for (let i = 0; i < 3; i++) {
      const got = await w.h.call('GET', `/tasks/${w.startId}/${task.id}`, { token: w.adminToken })
      expect(got.status).toBe(200)
    }
    await w.h.call('GET', `/no/such/${task.id}`)
    const res = await scrape(`Bearer ${TOKEN}`)
    expect(res.status).toBe(200)
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram')
    const count = sample(
      res.text,
      'http_request_duration_seconds_count{route="/api/tasks/:nodeId/:id",method="GET",status="200"}',
    )
    expect(count).toBeGreaterThanOrEqual(3)
    expect(res.text).toContain('route="unmatched",method="GET",status="404"')
    // Neither ids nor an unknown path become label values.
    expect(res.text).not.toContain(task.id)
    expect(res.text).not.toContain(w.startId)
  })

  it('reports the process, the event loop, live streams, the outbox lag and (PostgreSQL) the pool', async () => {
    const { text } = await scrape(`Bearer ${TOKEN}`)
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(text).toContain(`# TYPE ${name} `)
    expect(sample(text, 'nodus_live_streams')).toBe(0)
    // Every durable consumer, each level or a few seconds behind at most.
    const lags = text.split('\n').filter((l) => l.startsWith('nodus_outbox_lag_seconds{consumer='))
    expect(lags.length).toBeGreaterThan(0)
    for (const l of lags) expect(Number(l.split(' ')[1])).toBeLessThan(60)
    if (w.h.database.kind === 'postgres') {
      expect(sample(text, 'nodus_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0)
      expect(sample(text, 'nodus_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0)
      expect(sample(text, 'nodus_db_pool_waiting')).toBe(0)
    } else {
      expect(text).not.toContain('nodus_db_pool')
    }
  })

  it('counts plugin deliveries by plugin and outcome', async () => {
    const before = await scrape(`Bearer ${TOKEN}`)
    const ok = 'nodus_plugin_deliveries_total{plugin="webhooks",outcome="delivered"}'
    const failed = 'nodus_plugin_deliveries_total{plugin="webhooks",outcome="failed"}'
    for (const path of ['/up', '/down']) {
      const res = await w.h.call('POST', `/plugin-configs/${w.startId}/webhooks`, {
        token: w.adminToken,
        body: {
          name: `hook ${path}`,
          settings: { url: `${base}${path}`, events: ['task.created'], secret: 'x'.repeat(24) },
        },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
    await makeTask(w.h, w.adminToken, w.startId, processId)
    await w.h.app.events.drain()
    await deliveryWorker(w.h.app.plugins).run()
    const after = await scrape(`Bearer ${TOKEN}`)
    expect(sample(after.text, ok)).toBe((sample(before.text, ok) ?? 0) + 1)
    expect(sample(after.text, failed)).toBe((sample(before.text, failed) ?? 0) + 1)
  })
})

describe('GET /metrics without METRICS_TOKEN', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startApi()
  })
  afterAll(() => h.close())

  it('is not there: 404, whatever the bearer', async () => {
    for (const auth of [undefined, 'Bearer ', 'Bearer undefined']) {
      const res = await fetch(`${h.url.replace(/\/api$/, '')}/metrics`, {
        headers: auth ? { authorization: auth } : {},
      })
      expect(res.status).toBe(404)
      expect((await res.json()).detail[0].type).toBe('request.not_found')
    }
  })
})
