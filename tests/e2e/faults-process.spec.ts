import { expect, test } from '@playwright/test'
import { ADMIN } from './env'
import { type Nodus, sleep, startNodus, waitFor } from './nodus-process'

/*
 * Issue 15 items 1 and 2, against `npm start`'s own processes (scripts/start.mjs): a crashed tier
 * is started again while the other serves on; SIGTERM under a keep-alive load drains without a 5xx
 * or a reset for any request sent before the signal, within 10 s. No browser: plain HTTP.
 */

test.describe.configure({ timeout: 300_000 })

let nodus: Nodus | undefined
test.afterEach(() => {
  nodus?.kill()
  nodus = undefined
})

async function tokenOf(origin: string) {
  const res = await fetch(`${origin}/api/users/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: { access_token: string } }).data.access_token
}

/** One Nodus for both (a start costs seconds): first a crash of the upstream, then SIGTERM. */
test('a crashed upstream is started again; then SIGTERM under load drains cleanly', async () => {
  nodus = await startNodus()
  await test.step('start.mjs starts a crashed upstream again; the web app serves on', () =>
    crashUpstream(nodus!))
  await test.step('SIGTERM under a keep-alive load: no 5xx and no reset for a request sent before it, stopped within 10 s', () =>
    sigtermUnderLoad(nodus!))
})

async function crashUpstream(nodus: Nodus) {
  const { origin } = nodus
  const web = nodus.webPid()
  const upstream = nodus.upstreamPid()
  expect(web && upstream).toBeTruthy()
  process.kill(upstream!, 'SIGKILL')
  // While it is away the web app answers (its health says degraded), it does not stop.
  await waitFor(
    'the web app to report the upstream away',
    async () => (await fetch(`${origin}/api/health`)).status === 503,
    10_000,
    50,
  )
  await waitFor('a new upstream to serve', async () => (await fetch(`${origin}/api/health`)).status === 200)
  expect(nodus.webPid(), 'the same web app process').toBe(web)
  expect(nodus.upstreamPid()).not.toBe(upstream)
  expect(nodus.child.exitCode).toBeNull()
  const token = await tokenOf(origin)
  const me = await fetch(`${origin}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
  expect(me.status).toBe(200)
}

interface Outcome {
  sentAt: number
  status: number | string
}

async function sigtermUnderLoad(nodus: Nodus) {
  const { origin } = nodus
  const token = await tokenOf(origin)
  const outcomes: Outcome[] = []
  let running = true
  let n = 0
  // Node's fetch keeps connections alive: each loop reuses its connection until told to close.
  const loops = Array.from({ length: 6 }, async () => {
    while (running) {
      const page = n++ % 3 === 0
      const sentAt = Date.now()
      try {
        const res = page
          ? await fetch(`${origin}/lk`, { headers: { cookie: `_token=${token}` }, redirect: 'manual' })
          : await fetch(`${origin}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
        await res.arrayBuffer()
        outcomes.push({ sentAt, status: res.status })
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause
        outcomes.push({ sentAt, status: cause?.code ?? cause?.message ?? String(err) })
        await sleep(20)
      }
    }
  })
  await sleep(3_000)
  const signalAt = Date.now()
  nodus.child.kill('SIGTERM')
  const exit = await nodus.exited()
  const stoppedMs = Date.now() - signalAt
  await sleep(200)
  running = false
  await Promise.all(loops)

  const before = outcomes.filter((o) => o.sentAt < signalAt)
  const after = outcomes.filter((o) => o.sentAt >= signalAt)
  const count = (list: Outcome[]) => {
    const t: Record<string, number> = {}
    for (const o of list) t[String(o.status)] = (t[String(o.status)] ?? 0) + 1
    return t
  }
  const summary = JSON.stringify({ before: count(before), after: count(after), stoppedMs })
  console.info(`[faults] SIGTERM under load: ${summary}`)
  expect(before.length, summary).toBeGreaterThan(5)
  // Sent before the signal: answered, and never with a 5xx.
  expect(
    before.filter((o) => typeof o.status !== 'number' || o.status >= 500),
    summary,
  ).toEqual([])
  // After it: served (Connection: close) or refused as a new connection; never a 5xx.
  expect(
    after.filter((o) => typeof o.status === 'number' && o.status >= 500),
    summary,
  ).toEqual([])
  expect(exit.code, summary).toBe(0)
  expect(stoppedMs, summary).toBeLessThanOrEqual(10_000)
}
