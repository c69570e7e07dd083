import { type APIRequestContext, expect, type Request, test } from '@playwright/test'
import { ADMIN, ORIGIN, USER } from './env'
import { apiToken, collectConsoleErrors, openLiveStreams } from './utils'

/*
 * The live stream's security through the real web app (issue 23 item 5, ADR 017): a tab's stream
 * ends when the user signs out in another tab, and a tab over the per-user stream limit falls back
 * to the 10 s reload without reconnecting again and again and without a console error.
 */

let adminToken: string
let node: string
let boardId: string

async function call(request: APIRequestContext, method: 'post' | 'patch', path: string, data: unknown) {
  const res = await request.fetch(`${ORIGIN}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}` },
    data,
  })
  expect(res.ok(), await res.text()).toBe(true)
  return (await res.json()).data
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  adminToken = await apiToken(request, ADMIN)
  node = (await (await request.get(`${ORIGIN}/api/nodes/domain/start`)).json()).data.id
  const table = await call(request, 'post', `/widgets/${node}`, {
    type: 'table',
    title: 'Live limits e2e',
    settings: { view: { headers: ['key', 'title'] }, pagination: { per_page: 10 } },
    query: 'order by key',
  })
  boardId = (await call(request, 'post', `/boards/${node}`, { name: 'Live limits e2e' })).id
  await call(request, 'post', `/widgets/bind-board/${node}`, { board_id: boardId, widget_ids: [table.id] })
  await call(request, 'patch', `/boards/${node}/${boardId}`, {
    layout: [{ i: table.id, x: 0, y: 0, w: 32, h: 8 }],
  })
  await request.dispose()
})

// The held streams were aborted and every tab closed: the upstream holds none of them any more.
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  await expect.poll(() => openLiveStreams(request), { timeout: 10_000 }).toBe(0)
  await request.dispose()
})

const isEvents = (r: Request) => new URL(r.url()).pathname === '/events'

test('a tab’s live stream ends when the user signs out in another tab', async ({ browser, request }) => {
  const context = await browser.newContext()
  const token = await apiToken(request, USER)
  await context.addCookies([{ name: '_token', value: token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' }])
  const board = await context.newPage()
  // The board's stream (the shell's own, opened first, is widened to the board's).
  const opened = board.waitForRequest((r) => isEvents(r) && r.url().includes('boards='))
  await board.goto(`/lk/b/${boardId}`)
  await expect(board.getByTestId('board-grid')).toHaveAttribute('data-live', 'true')
  const stream = await opened
  // The end of the response, or the browser's reconnect (which comes only after the end).
  let endedAt = 0
  board.on('requestfinished', (r) => {
    if (r === stream) endedAt ||= Date.now()
  })
  board.on('request', (r) => {
    if (isEvents(r) && r !== stream) endedAt ||= Date.now()
  })

  const other = await context.newPage()
  await other.goto('/lk')
  expect(endedAt).toBe(0)
  const started = Date.now()
  // The header's sign-out button: a POST that revokes the session upstream.
  await other.locator('form[action="/auth/logout"] button:visible').first().click()
  await other.waitForURL((u) => !u.pathname.startsWith('/lk'))
  // The upstream closed it on the session's revocation notice: within seconds, not at the token's expiry.
  await expect.poll(() => endedAt, { timeout: 8_000 }).toBeGreaterThan(0)
  expect(endedAt - started).toBeLessThan(8_000)
  // The browser's one reconnect is refused (signed out): the board stops counting as live.
  await expect(board.getByTestId('board-grid')).not.toHaveAttribute('data-live', 'true', { timeout: 10_000 })
  expect(
    (await request.get(`${ORIGIN}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(401)
  await context.close()
})

test('a tab over the stream limit falls back to the 10 s reload, without errors or reconnects', async ({
  browser,
  request,
}) => {
  const token = await apiToken(request, USER)
  // Eight streams of the user held open elsewhere (other tabs, other browsers).
  const held: AbortController[] = []
  for (let i = 0; i < 8; i++) {
    const ctrl = new AbortController()
    const res = await fetch(`${ORIGIN}/events`, {
      headers: { cookie: `_token=${token}`, accept: 'text/event-stream' },
      signal: ctrl.signal,
    })
    expect(res.status).toBe(200)
    held.push(ctrl)
  }
  try {
    // Asked for by a client that is no browser tab: the status and the catalogue code as they are.
    const refused = await fetch(`${ORIGIN}/events`, { headers: { cookie: `_token=${token}` } })
    expect(refused.status).toBe(429)
    expect((await refused.json()).detail[0].type).toBe('events.too_many_streams')

    const context = await browser.newContext()
    await context.addCookies([{ name: '_token', value: token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' }])
    const page = await context.newPage()
    const errors = collectConsoleErrors(page)
    const streams: string[] = []
    const reloads: number[] = []
    page.on('request', (r) => {
      if (isEvents(r)) streams.push(r.url())
      if (r.url().includes('/data.data')) reloads.push(Date.now())
    })
    // Asked for as a tab's EventSource asks: an answer it reads, the refusal with its code. (Read
    // here, not from the browser: DevTools keeps no body of an event stream to read back.)
    const asTab = await fetch(`${ORIGIN}/events`, {
      headers: { cookie: `_token=${token}`, accept: 'text/event-stream' },
    })
    const body = await asTab.text()
    expect(body).toContain('event: refused')
    expect(body).toContain('events.too_many_streams')

    const answered = page.waitForResponse((r) => isEvents(r.request()))
    await page.goto(`/lk/b/${boardId}`)
    expect((await answered).status()).toBe(200)
    // The board reloads its data every 10 s instead, and the tab does not knock again meanwhile
    // (the shell's stream, then the board's: one refused request each, no reconnect loop).
    await expect.poll(() => reloads.length, { timeout: 15_000 }).toBeGreaterThan(0)
    await expect(page.getByTestId('board-grid')).not.toHaveAttribute('data-live', 'true')
    const knocked = streams.length
    expect(knocked).toBeLessThanOrEqual(2)
    await expect.poll(() => reloads.length, { timeout: 12_000 }).toBeGreaterThan(1)
    expect(streams).toHaveLength(knocked)
    expect(errors).toEqual([])
    await context.close()
  } finally {
    for (const c of held) c.abort()
  }
})
