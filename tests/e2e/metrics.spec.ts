import { expect, test } from '@playwright/test'
import { ADMIN, METRICS_TOKEN, ORIGIN } from './env'
import { apiToken } from './utils'

/*
 * GET /metrics on the web tier, and the upstream's through it (PRODUCT.md §10): what a Prometheus
 * scrape with the suite's METRICS_TOKEN reads after a few pages and /api calls — latency by route
 * template, never the raw path; nothing without the token.
 */
const bearer = { authorization: `Bearer ${METRICS_TOKEN}` }
const count = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${series} `))
      ?.split(' ')[1] ?? Number.NaN,
  )

test.describe('GET /metrics', () => {
  test('answers 401 without the token, on both paths', async ({ request }) => {
    for (const path of ['/metrics', '/metrics/upstream'])
      for (const headers of [{}, { authorization: 'Bearer not-the-token' }] as Record<string, string>[]) {
        const res = await request.get(`${ORIGIN}${path}`, { headers })
        expect(res.status()).toBe(401)
        expect((await res.json()).detail[0].type).toBe('users.user_not_authenticated')
      }
  })

  test('the web tier: pages by route pattern, /api forwarding, process metrics', async ({ request }) => {
    const token = await apiToken(request, ADMIN)
    const cookie = { cookie: `_token=${token}` }
    // Two task cards of the demo: one route pattern, whatever the key.
    for (const key of ['TASK-1', 'TASK-2'])
      expect((await request.get(`${ORIGIN}/lk/t/TASK/${key}`, { headers: cookie })).status()).toBe(200)
    expect((await request.get(`${ORIGIN}/api/users/me`, { headers: cookie })).status()).toBe(200)
    const res = await request.get(`${ORIGIN}/metrics`, { headers: bearer })
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await res.text()
    const card = text
      .split('\n')
      .find((l) =>
        /^http_request_duration_seconds_count\{route="\/lk\/t\/:[^/]+\/:[^"]+",method="GET",status="200"\}/.test(
          l,
        ),
      )
    expect(card, text.slice(0, 2000)).toBeDefined()
    expect(Number(card!.split(' ')[1])).toBeGreaterThanOrEqual(2)
    expect(
      count(text, 'http_request_duration_seconds_count{route="/api/*",method="GET",status="200"}'),
    ).toBeGreaterThanOrEqual(1)
    expect(text).not.toContain('TASK-1')
    expect(text).toContain('# TYPE process_cpu_seconds_total counter')
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge')
    expect(text).toMatch(/^nodus_live_streams \d+$/m)
  })

  test("the upstream's, relayed: its routes by template, the outbox and its streams", async ({ request }) => {
    const token = await apiToken(request, ADMIN)
    await request.get(`${ORIGIN}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
    const res = await request.get(`${ORIGIN}/metrics/upstream`, { headers: bearer })
    expect(res.status()).toBe(200)
    const text = await res.text()
    expect(
      count(text, 'http_request_duration_seconds_count{route="/api/users/me",method="GET",status="200"}'),
    ).toBeGreaterThanOrEqual(1)
    expect(text).toMatch(/^nodus_outbox_lag_seconds\{consumer="[^"]+"\} [\d.e+-]+$/m)
    expect(text).toMatch(/^nodus_live_streams \d+$/m)
    expect(text).toContain('# TYPE process_cpu_seconds_total counter')
  })
})
