import { mkdirSync } from 'node:fs'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiData, apiToken, collectConsoleErrors, cookieValue, startNodeId } from './utils'

/*
 * The map widget (issue 12) on the real stack, in Chromium with WebGL through SwiftShader: clusters
 * with their status mix, zooming splits them, a click on a task opens the card modal, at the
 * maximum zoom a list of the tasks at one place; without JavaScript, a paged list of the area's
 * tasks linking to their cards. Its own process, field, tasks and board, removed afterwards.
 */

test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
    ],
  },
})

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-map'
const TAG = `M${Date.now().toString(36).slice(-4).toUpperCase()}`
const KEY = `MAP${TAG}`
const FIELD = `cf_geo_${TAG.toLowerCase()}`

let token: string
let nodeId: string
let boardId: string
let widgetId: string
const made = { widgets: [] as string[] }

/** Three groups near Moscow (each a few tasks ~100 m apart), one task alone, three at one spot. */
const GROUPS: [number, number][] = [
  [55.75, 37.6],
  [55.75, 37.68],
  [55.8, 37.64],
]
const ALONE: [number, number] = [56.2, 38.4]
const SPOT: [number, number] = [55.5, 37.2]

const api = <T = unknown>(request: APIRequestContext, method: string, path: string, data?: unknown) =>
  apiData<T>(request, token, method, path, data)

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000)
  const request = await playwright.request.newContext()
  token = await apiToken(request, ADMIN)
  nodeId = await startNodeId(request)
  const status = (name: string, color: string) =>
    api<{ id: string }>(request, 'POST', `/statuses/${nodeId}`, { name: `${name} ${TAG}`, color })
  const open = await status('Open', '#4ea7fc')
  const doing = await status('Doing', '#f2a93b')
  const done = await status('Done', '#4cb782')
  const progress = await api<{ id: string }>(request, 'POST', `/progress/${nodeId}`, {
    name: `Map flow ${TAG}`,
    status_ids: [open.id, doing.id, done.id],
  })
  await api(request, 'POST', `/fields/${nodeId}`, { name: FIELD, type: 'address', title: `Place ${TAG}` })
  const form = await api<{ id: string }>(request, 'POST', `/forms/${nodeId}`, {
    name: `Map form ${TAG}`,
    layout: 'simple',
    fields: [
      { name: 'title', grid: 12 },
      { name: FIELD, grid: 12 },
    ],
    editable: null,
    visible: null,
    tabs: [],
  })
  const process = await api<{ id: string }>(request, 'POST', `/processes/${nodeId}`, {
    key: KEY,
    name: `Field team ${TAG}`,
    progress_id: progress.id,
    form_id: form.id,
    transitions: [
      { from_status_id: open.id, to_status_id: doing.id },
      { from_status_id: open.id, to_status_id: done.id },
    ],
  })
  const task = async (title: string, [lat, lon]: [number, number], move?: string) => {
    const t = await api<{ id: string }>(request, 'POST', `/tasks/${nodeId}/${process.id}`, {
      title,
      custom_fields: { [FIELD]: { city: 'Moscow', lat, lon } },
    })
    if (move) await api(request, 'PATCH', `/tasks/${nodeId}/${t.id}`, { version: 1, status_id: move })
  }
  let n = 0
  for (const [g, [lat, lon]] of GROUPS.entries())
    for (let i = 0; i < 4; i++)
      await task(
        `Visit ${g + 1}.${i + 1}`,
        [lat + i * 0.001, lon + i * 0.001],
        [undefined, doing.id, done.id][n++ % 3],
      )
  await task('The lone visit', ALONE, doing.id)
  for (let i = 0; i < 3; i++) await task(`Same place ${i + 1}`, SPOT)

  const widget = await api<{ id: string }>(request, 'POST', `/widgets/${nodeId}`, {
    type: 'map',
    title: `Map ${TAG}`,
    settings: { navigation: { field: FIELD }, view: { center: '55.8, 37.6', zoom: 7 } },
    query: `process.key = ${KEY}`,
  })
  widgetId = widget.id
  made.widgets.push(widget.id)
  const board = await api<{ id: string }>(request, 'POST', `/boards/${nodeId}`, { name: `Map board ${TAG}` })
  boardId = board.id
  await api(request, 'POST', `/widgets/bind-board/${nodeId}`, { board_id: boardId, widget_ids: [widgetId] })
  await api(request, 'PATCH', `/boards/${nodeId}/${boardId}`, {
    layout: [{ i: widgetId, x: 0, y: 0, w: 48, h: 18 }],
  })
  await request.dispose()
})

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  await api(request, 'DELETE', `/boards/${nodeId}/${boardId}`).catch(() => {})
  for (const id of made.widgets) await api(request, 'DELETE', `/widgets/${nodeId}/${id}`).catch(() => {})
  await request.dispose()
})

async function signedIn(context: BrowserContext, theme: 'dark' | 'light' = 'dark') {
  await context.addCookies([
    { name: '_token', value: token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
    { name: 'theme', value: cookieValue(theme), url: ORIGIN },
  ])
}

const canvas = (page: Page) => page.getByTestId('map-canvas')
const around = ([lat, lon]: [number, number], d: number) => `${lon - d},${lat - d},${lon + d},${lat + d}`
const boardUrl = (params: Record<string, string> = {}) => {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [`w.${widgetId}.${k}`, v]))
  return `/lk/b/${boardId}${q.size ? `?${q}` : ''}`
}

async function ready(page: Page) {
  await expect(canvas(page)).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
  await expect(canvas(page)).toHaveAttribute('data-clusters', /\d+/)
}

/** Clicks the middle of the map (where the view centres its tasks). */
async function clickMiddle(page: Page) {
  const box = (await canvas(page).boundingBox())!
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

test('the map shows clusters with their status mix; zooming splits them', async ({ page, context }) => {
  test.setTimeout(90_000)
  const errors = collectConsoleErrors(page)
  await signedIn(context)
  await page.goto(boardUrl())
  await ready(page)
  // Moscow at zoom 7: the three groups are one cluster of 12, the lone task and the spot nearby.
  const atStart = Number(await canvas(page).getAttribute('data-clusters'))
  expect(atStart).toBeGreaterThanOrEqual(1)
  expect(await page.getByTestId('map-list').count()).toBe(0)
  mkdirSync(shots, { recursive: true })
  await page.screenshot({ path: `${shots}/map-board-dark.png` })
  // Zoom in on the groups: the one cluster becomes three.
  await page.goto(boardUrl({ bbox: '37.5,55.7,37.75,55.85', zoom: '11' }))
  await ready(page)
  await expect(canvas(page)).toHaveAttribute('data-clusters', '3')
  await expect(canvas(page)).toHaveAttribute('data-tasks', '0')
  // A click on one of them zooms in until it splits into its tasks.
  const [lat, lon] = GROUPS[0]!
  await page.goto(boardUrl({ bbox: around([lat + 0.0015, lon + 0.0015], 0.01), zoom: '13' }))
  await ready(page)
  await expect(canvas(page)).toHaveAttribute('data-clusters', '1')
  const drawn = async () =>
    Number(await canvas(page).getAttribute('data-clusters')) +
    Number(await canvas(page).getAttribute('data-tasks'))
  // The cluster's image may not be drawn yet when its data is in (software WebGL, a loaded machine):
  // a click that hit nothing (the map did not zoom) is tried again.
  const zoomAtStart = await canvas(page).getAttribute('data-zoom')
  await expect(async () => {
    if ((await canvas(page).getAttribute('data-zoom')) === zoomAtStart) await clickMiddle(page)
    await expect.poll(drawn, { timeout: 5_000 }).toBeGreaterThanOrEqual(2)
  }).toPass({ timeout: 30_000 })
  for (let i = 0; i < 2; i++) {
    await page.getByRole('button', { name: 'Zoom in' }).click()
    await page.waitForTimeout(500)
  }
  await expect.poll(async () => canvas(page).getAttribute('data-tasks'), { timeout: 10_000 }).toBe('4')
  await page.screenshot({ path: `${shots}/map-zoomed-dark.png` })
  expect(errors.filter((e) => !/GPU stall|ReadPixels|WebGL/i.test(e))).toEqual([])
})

test('a click on a task opens the card modal; its button reaches the card', async ({ page, context }) => {
  await signedIn(context)
  await page.goto(boardUrl({ bbox: around(ALONE, 0.01), zoom: '14' }))
  await ready(page)
  await expect(canvas(page)).toHaveAttribute('data-tasks', '1')
  await clickMiddle(page)
  const modal = page.getByTestId('card-modal')
  await expect(modal).toBeVisible()
  await expect(page.getByTestId('card-modal-title')).toHaveText('The lone visit')
  await page.screenshot({ path: `${shots}/map-card-modal-dark.png` })
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  await clickMiddle(page)
  await page.getByTestId('card-modal-open').click()
  await expect(page).toHaveURL(new RegExp(`/lk/t/${KEY}/${KEY}-\\d+$`))
})

test('at the maximum zoom a list offers the tasks at one place', async ({ page, context }) => {
  await signedIn(context, 'light')
  await page.goto(boardUrl({ bbox: around(SPOT, 0.00002), zoom: '21' }))
  await ready(page)
  await expect(canvas(page)).toHaveAttribute('data-clusters', '1')
  const list = page.getByTestId('map-same-place')
  // The cluster's image may not be drawn yet when its data is in (software WebGL, a loaded
  // machine): a click that hit nothing is tried again until the list opens.
  await expect(async () => {
    await clickMiddle(page)
    await expect(list).toBeVisible({ timeout: 3_000 })
  }).toPass({ timeout: 20_000 })
  await expect(list.getByRole('button')).toHaveCount(3)
  await page.screenshot({ path: `${shots}/map-same-place-light.png` })
  await list.getByRole('button').first().click()
  await expect(page.getByTestId('card-modal-title')).toHaveText(/Same place \d/)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the map is a paged list of the tasks in its area, linking to their cards', async ({
    page,
    context,
  }) => {
    await signedIn(context, 'light')
    await page.goto(boardUrl())
    const list = page.getByTestId('map-list')
    await expect(list).toBeVisible()
    await expect(page.getByTestId('map-list-total')).toHaveText('Tasks in this area: 16')
    await expect(page.getByTestId('map-list-task')).toHaveCount(10)
    await page.screenshot({ path: `${shots}/map-no-js-light.png` })
    await page.locator('.wt-pagination').getByRole('link', { name: '2' }).click()
    await expect(page.getByTestId('map-list-task')).toHaveCount(6)
    const first = page.getByTestId('map-list-task').first().getByRole('link')
    await expect(first).toHaveAttribute('href', new RegExp(`/lk/t/${KEY}/${KEY}-\\d+$`))
    // Another area: only the lone task.
    await page.goto(boardUrl({ bbox: around(ALONE, 0.01) }))
    await expect(page.getByTestId('map-list-total')).toHaveText('Tasks in this area: 1')
    await expect(page.getByTestId('map-list-task')).toHaveText(/The lone visit/)
  })
})

test("a tile service named in a map's settings may be fetched by that board's page, and no other", async ({
  playwright,
}) => {
  const request = await playwright.request.newContext()
  const widget = await api<{ id: string }>(request, 'POST', `/widgets/${nodeId}`, {
    type: 'map',
    title: `Tiles ${TAG}`,
    settings: {
      navigation: { field: FIELD },
      view: { center: '55.8, 37.6', zoom: 7, style_url: 'https://tiles.example.com/styles/dark.json' },
    },
    query: `process.key = ${KEY}`,
  })
  made.widgets.push(widget.id)
  const board = await api<{ id: string }>(request, 'POST', `/boards/${nodeId}`, {
    name: `Tiles board ${TAG}`,
  })
  try {
    await api(request, 'POST', `/widgets/bind-board/${nodeId}`, {
      board_id: board.id,
      widget_ids: [widget.id],
    })
    const csp = async (path: string) => {
      const res = await request.get(`${ORIGIN}${path}`, { headers: { cookie: `_token=${token}` } })
      expect(res.status()).toBe(200)
      const header = res.headers()['content-security-policy'] ?? ''
      return Object.fromEntries(header.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))
    }
    const withTiles = await csp(`/lk/b/${board.id}`)
    expect(withTiles['connect-src']).toContain('https://tiles.example.com')
    expect(withTiles['img-src']).toContain('https://tiles.example.com')
    expect((await csp(boardUrl()))['connect-src']).toEqual(["'self'"])
  } finally {
    await api(request, 'DELETE', `/boards/${nodeId}/${board.id}`).catch(() => {})
    await request.dispose()
  }
})
