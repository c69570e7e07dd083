import { writeFileSync } from 'node:fs'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN, USER } from './env'
import { apiToken, collectConsoleErrors, cookieValue, openLiveStreams } from './utils'

/*
 * The live interface (PRODUCT.md §7 "Live", issue 13 items 3 and 4) on the real stack, in two
 * browser contexts: the administrator changes a task through the API while the user looks at a
 * board (only the widget whose query holds the task is fetched again, within a second, no reload)
 * or at the task's card (the banner "changed by … — reload"). And GET /events read through the
 * web app: its first frame arrives at once (nothing buffers it).
 */

const tokens: { admin?: string; user?: string } = {}
let node: string
let boardId: string
let tableId: string
let idleId: string
let task: { id: string; key: string; process_key: string }

async function call(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put' | 'patch',
  path: string,
  data?: unknown,
  token = tokens.admin,
) {
  const res = await request.fetch(`${ORIGIN}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  })
  expect(res.ok(), await res.text()).toBe(true)
  return (await res.json()).data
}

async function signedIn(context: BrowserContext, who: 'admin' | 'user' = 'user') {
  await context.addCookies([
    { name: '_token', value: tokens[who]!, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
  ])
}

/** The administrator renames the task (through the API, as another person would from their tab). */
async function rename(request: APIRequestContext, title: string) {
  const current = await call(request, 'get', `/tasks/${node}/${task.id}`)
  await call(request, 'patch', `/tasks/${node}/${task.id}`, { version: current.version, title })
}

// Every tab these tests opened is closed: the upstream holds none of their streams any more.
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  await expect.poll(() => openLiveStreams(request), { timeout: 10_000 }).toBe(0)
  await request.dispose()
})

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  tokens.admin = await apiToken(request, ADMIN)
  tokens.user = await apiToken(request, USER)
  node = (await (await request.get(`${ORIGIN}/api/nodes/domain/start`)).json()).data.id
  const table = await call(request, 'post', `/widgets/${node}`, {
    type: 'table',
    title: 'Live e2e',
    settings: { view: { headers: ['key', 'title', 'status'] }, pagination: { per_page: 50 } },
    query: 'order by key',
  })
  // A widget whose query holds no task: a change never makes it fetch again.
  const idle = await call(request, 'post', `/widgets/${node}`, {
    type: 'table',
    title: 'Live e2e idle',
    settings: { view: { headers: ['key', 'title'] } },
    query: 'title ~ "no-such-title-anywhere"',
  })
  tableId = table.id
  idleId = idle.id
  const board = await call(request, 'post', `/boards/${node}`, { name: 'Live e2e' })
  boardId = board.id
  await call(request, 'post', `/widgets/bind-board/${node}`, {
    board_id: boardId,
    widget_ids: [tableId, idleId],
  })
  await call(request, 'patch', `/boards/${node}/${boardId}`, {
    layout: [
      { i: tableId, x: 0, y: 0, w: 32, h: 16 },
      { i: idleId, x: 32, y: 0, w: 16, h: 8 },
    ],
  })
  const data = await call(request, 'get', `/boards/${node}/${boardId}/data`, undefined, tokens.user)
  const row = data[tableId].data.rows[0]
  task = { id: row.id, key: row.key, process_key: row.process_key }
  await request.dispose()
})

const rowOf = (page: Page) =>
  page
    .getByTestId('table-widget')
    .first()
    .locator('tr', { has: page.getByText(task.key, { exact: true }) })

test('a board updates the widget holding a changed task, alone, without a reload (times recorded)', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext()
  await signedIn(context)
  const page = await context.newPage()
  const errors = collectConsoleErrors(page)
  await page.goto(`/lk/b/${boardId}`)
  await expect(page.getByTestId('board-grid')).toHaveAttribute('data-live', 'true')
  await page.evaluate(() => {
    ;(window as unknown as { stayed: boolean }).stayed = true
  })
  const fetched: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/data.data')) fetched.push(new URL(r.url()).searchParams.get('widgets') ?? 'all')
  })
  const times: number[] = []
  for (let i = 0; i < 12; i++) {
    const title = `Live e2e ${Date.now()} #${i}`
    await rename(request, title)
    const committed = Date.now()
    // The one-second target is judged on the times written below (bench/RESULTS.md, on a quiet
    // machine); on a CI machine shared with other suites the arrival without a reload is asserted.
    await expect(rowOf(page)).toContainText(title, { timeout: 10_000 })
    times.push(Date.now() - committed)
  }
  // Only the widget that holds the task was fetched again, never the idle one nor the whole board.
  expect(fetched.length).toBeGreaterThan(0)
  expect(new Set(fetched)).toEqual(new Set([tableId]))
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  expect(errors).toEqual([])
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  writeFileSync(
    process.env.LIVE_TIMES ?? '/tmp/live-e2e-times.json',
    JSON.stringify({ times, p50: at(0.5), p95: at(0.95) }),
  )
  await context.close()
})

test('an administrator’s edit of a widget’s query shows on a user’s open board within seconds, without a reload', async ({
  browser,
  request,
}) => {
  const widget = await call(request, 'post', `/widgets/${node}`, {
    type: 'table',
    title: 'Live e2e admin edit',
    settings: { view: { headers: ['key', 'title'] } },
    query: 'title ~ "no-such-title-anywhere"',
  })
  const board = await call(request, 'post', `/boards/${node}`, { name: 'Live e2e admin edit' })
  await call(request, 'post', `/widgets/bind-board/${node}`, { board_id: board.id, widget_ids: [widget.id] })
  const userContext = await browser.newContext()
  await signedIn(userContext)
  const page = await userContext.newPage()
  const errors = collectConsoleErrors(page)
  await page.goto(`/lk/b/${board.id}`)
  await expect(page.getByTestId('board-grid')).toHaveAttribute('data-live', 'true')
  const table = page.locator(`[data-widget-id="${widget.id}"]`)
  await expect(table.getByTestId('table-key')).toHaveCount(0)
  await page.evaluate(() => {
    ;(window as unknown as { stayed: boolean }).stayed = true
  })

  // The administrator, in their own browser, changes the widget's query and title in /admin/widgets.
  const adminContext = await browser.newContext()
  await signedIn(adminContext, 'admin')
  await adminContext.addCookies([
    { name: 'lng', value: Buffer.from(JSON.stringify('en')).toString('base64'), url: ORIGIN },
  ])
  const admin = await adminContext.newPage()
  await admin.goto(`/admin/widgets/${widget.id}`)
  await admin.locator('.dialog-overlay:not([data-static])').waitFor()
  const edit = admin.getByRole('dialog')
  await edit.getByLabel('Title', { exact: true }).fill('Live e2e admin edit: every task')
  await edit.getByLabel('Query').fill(`key = "${task.key}"`)
  await expect(edit.getByTestId('query-ok')).toHaveText('The query is correct')
  await edit.getByRole('button', { name: 'Save' }).click()
  const saved = Date.now()
  await expect(admin.locator('.alert-list [data-alert="success"]').first()).toContainText('Changes saved')

  await expect(table.getByTestId('table-key')).toHaveText([task.key], { timeout: 5_000 })
  await expect(table.getByRole('heading', { name: 'Live e2e admin edit: every task' })).toBeVisible()
  const shownAfter = Date.now() - saved
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  expect(errors).toEqual([])
  await page.screenshot({ path: '/tmp/shots-live/board-admin-edit.png' })
  console.log(`board showed the administrator's edit ${shownAfter} ms after the save`)
  await adminContext.close()
  await userContext.close()
})

test('the task card tells its viewer that someone else changed the task', async ({ browser, request }) => {
  for (const theme of ['dark', 'light'] as const) {
    const context = await browser.newContext()
    await signedIn(context)
    await context.addCookies([{ name: 'theme', value: cookieValue(theme), url: ORIGIN }])
    const page = await context.newPage()
    // The card's stream is open before the change.
    const opened = page.waitForResponse((r) => r.url().includes('/events?') && r.url().includes(task.id))
    await page.goto(`/lk/t/${task.process_key}/${task.key}`)
    await expect(page.getByTestId('task-card')).toBeVisible()
    await opened
    await page.waitForTimeout(300)
    const title = `Changed live ${theme} ${Date.now()}`
    await rename(request, title)
    const banner = page.getByTestId('task-live-banner')
    await expect(banner).toContainText(`Задачу изменил(а) ${ADMIN.fullName}`, { timeout: 2_000 })
    await page.screenshot({ path: `/tmp/shots-live/card-banner-${theme}.png` })
    await page.getByTestId('task-live-reload').click()
    await expect(page.getByTestId('task-key')).toBeVisible()
    await expect(page.getByText(title).first()).toBeVisible()
    await expect(banner).toBeHidden()
    await context.close()
  }
})

test('a notification for the user reaches their open page as the DOM event nodus:notification', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext()
  await signedIn(context)
  const page = await context.newPage()
  const opened = page.waitForResponse((r) => r.url().includes('/events'))
  await page.goto('/lk/profile')
  await opened
  await page.evaluate(() => {
    const w = window as unknown as { told: unknown[] }
    w.told = []
    window.addEventListener('nodus:notification', (e) => w.told.push((e as CustomEvent).detail))
  })
  const me = await call(request, 'get', '/users/me', undefined, tokens.user)
  const admin = await call(request, 'get', '/users/me')
  // Given to the administrator, then back to the user: "assigned to you", by the administrator.
  for (const assignee of [admin.id, me.id]) {
    const current = await call(request, 'get', `/tasks/${node}/${task.id}`)
    await call(request, 'patch', `/tasks/${node}/${task.id}`, {
      version: current.version,
      assignee_id: assignee,
    })
  }
  await expect
    .poll(
      () =>
        page.evaluate(() => (window as unknown as { told: { kind: string; task: { key: string } }[] }).told),
      {
        timeout: 5_000,
      },
    )
    .toEqual([
      expect.objectContaining({ kind: 'assigned', task: expect.objectContaining({ key: task.key }) }),
    ])
  await context.close()
})

test('GET /events through the web app: the first frame arrives at once, not buffered', async () => {
  const started = Date.now()
  const ctrl = new AbortController()
  const res = await fetch(`${ORIGIN}/events?boards=${boardId}`, {
    headers: { cookie: `_token=${tokens.user}`, 'accept-encoding': 'gzip, deflate, br' },
    signal: ctrl.signal,
  })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/event-stream')
  expect(res.headers.get('content-encoding')).toBeNull()
  const reader = res.body!.getReader()
  let text = ''
  while (!text.includes('event: ready')) {
    const { value, done } = await reader.read()
    if (done) break
    text += new TextDecoder().decode(value)
  }
  expect(text).toContain('event: ready')
  expect(Date.now() - started).toBeLessThan(1_500)
  ctrl.abort()
  // Without the cookie: 401, nothing streamed; another node's board: 404.
  expect((await fetch(`${ORIGIN}/events`)).status).toBe(401)
  const other = await fetch(`${ORIGIN}/events?boards=00000000-0000-4000-8000-000000000000`, {
    headers: { cookie: `_token=${tokens.user}` },
  })
  expect(other.status).toBe(404)
})
