import type { ChildProcess } from 'node:child_process'
import { createServer, request, type Server } from 'node:http'
import { expect, test } from '@playwright/test'
import { ADMIN } from './env'
import { freePort, type Nodus, startNodus, startUpstream } from './nodus-process'

/*
 * Issue 15 item 4: an upstream that accepts and never answers. The web app (scripts/start.mjs with
 * UPSTREAM_API_URL) talks to a real upstream through a proxy the test can freeze: frozen, it takes
 * each request and never answers. A page must show its error page within 10 s.
 */

test.describe.configure({ timeout: 300_000 })

const SECRET = 'a-fixed-secret-for-the-frozen-upstream-test'
let upstream: { child: ChildProcess } | undefined
let nodus: Nodus | undefined
let proxy: Server | undefined
test.afterAll(() => {
  nodus?.kill()
  upstream?.child.kill('SIGKILL')
  proxy?.closeAllConnections()
  proxy?.close()
})

interface Call {
  path: string
  start: number
  end: number
}

/**
 * Forwards to `target`, each call after `delayMs` and logged with when it started and ended; or,
 * frozen, holds every request without an answer.
 */
async function freezableProxy(target: string) {
  const state = { frozen: false, held: 0, delayMs: 0, calls: [] as Call[] }
  const port = await freePort()
  proxy = createServer((req, res) => {
    if (state.frozen) {
      state.held++
      return // accepted, never answered
    }
    const call: Call = { path: req.url ?? '', start: Date.now(), end: 0 }
    state.calls.push(call)
    res.once('finish', () => {
      call.end = Date.now()
    })
    setTimeout(() => {
      const up = request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      up.on('error', () => res.destroy())
      req.pipe(up)
    }, state.delayMs)
  })
  await new Promise<void>((ok) => proxy!.listen(port, '127.0.0.1', ok))
  return { url: `http://127.0.0.1:${port}`, state }
}

test('a frozen upstream: the page shows its error page within 10 s', async () => {
  upstream = await startUpstream({ SECRET })
  const api = upstream as { url: string; child: ChildProcess }
  const p = await freezableProxy(api.url)
  nodus = await startNodus({ SECRET, UPSTREAM_API_URL: p.url })
  const { origin } = nodus
  const signIn = await fetch(`${origin}/api/users/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  })
  expect(signIn.status).toBe(200)
  const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token
  const headers = { cookie: `_token=${token}`, 'accept-language': 'en' }
  expect((await fetch(`${origin}/lk`, { headers, redirect: 'manual' })).status).toBe(200)

  // Independent calls run side by side: the home board and the task are asked for with the access
  // check's rights, not after them (each call takes 300 ms more here).
  p.state.delayMs = 300
  for (const [page, first] of [
    ['/lk', /\/api\/boards\/[^/]+\/home/],
    ['/lk/t/TASK/TASK-1', /\/api\/tasks\/[^/]+\/TASK-1\/key/],
  ] as const) {
    p.state.calls = []
    const res = await fetch(`${origin}${page}`, { headers, redirect: 'manual' })
    await res.text()
    expect(res.status, page).toBe(200)
    const rights = p.state.calls.find((c) => c.path.startsWith('/api/rights/all-users/'))
    const call = p.state.calls.find((c) => first.test(c.path))
    const log = JSON.stringify(p.state.calls.map((c) => [c.path, c.start % 100_000, c.end % 100_000]))
    expect(rights && call, log).toBeTruthy()
    expect(call!.start, `${page}: starts before the rights have come: ${log}`).toBeLessThan(rights!.end)
  }
  p.state.delayMs = 0

  p.state.frozen = true
  const started = Date.now()
  const res = await fetch(`${origin}/lk`, {
    headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  })
  const html = await res.text()
  const ms = Date.now() - started
  console.info(
    `[faults] /lk with a frozen upstream: ${res.status} after ${ms} ms (${p.state.held} calls held)`,
  )
  expect(res.status).toBe(504)
  expect(res.headers.get('content-type')).toContain('text/html')
  expect(html).toContain('<html')
  expect(ms).toBeLessThan(10_000)
  expect(p.state.held).toBeGreaterThan(0)
})
