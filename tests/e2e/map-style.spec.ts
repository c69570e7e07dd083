import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiData, apiToken, collectConsoleErrors, cookieValue, startNodeId } from './utils'

/*
 * Map tiles (PRODUCT.md §10, spec §4): the node's `map.style_url` served by a local test server is
 * the style the map draws (the page's CSP lets it in); a style that cannot be loaded leaves the
 * offline basemap, only logged. The sidebar title stays above the map. (The e2e server's default
 * style is `offline`, MAP_DEFAULT_STYLE, so no test here reaches the internet.)
 */

test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
    ],
  },
})

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-map-style'
const TAG = `S${Date.now().toString(36).slice(-4)}`
const STYLE = {
  version: 8,
  name: 'e2e',
  sources: {},
  layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#3a2a55' } }],
}

let token: string
let nodeId: string
let boardId: string
let widgetId: string
let tiles: Server
let tilesUrl: string
let styleRequests = 0

const api = <T = unknown>(request: APIRequestContext, method: string, path: string, data?: unknown) =>
  apiData<T>(request, token, method, path, data)

test.beforeAll(async ({ playwright }) => {
  tiles = createServer((req, res) => {
    if (req.url?.startsWith('/style.json')) styleRequests++
    res.writeHead(req.url?.startsWith('/style.json') ? 200 : 404, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
    })
    res.end(JSON.stringify(STYLE))
  })
  await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve))
  tilesUrl = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`

  const request = await playwright.request.newContext()
  token = await apiToken(request, ADMIN)
  nodeId = await startNodeId(request)
  const field = `cf_geo_${TAG.toLowerCase()}`
  await api(request, 'POST', `/fields/${nodeId}`, { name: field, type: 'address', title: `Place ${TAG}` })
  const widget = await api<{ id: string }>(request, 'POST', `/widgets/${nodeId}`, {
    type: 'map',
    title: `Tiles ${TAG}`,
    settings: { navigation: { field }, view: { sidebar_title: `Visits ${TAG}` } },
    query: '',
  })
  widgetId = widget.id
  const board = await api<{ id: string }>(request, 'POST', `/boards/${nodeId}`, { name: `Tiles ${TAG}` })
  boardId = board.id
  await api(request, 'POST', `/widgets/bind-board/${nodeId}`, { board_id: boardId, widget_ids: [widgetId] })
  await api(request, 'PATCH', `/boards/${nodeId}/${boardId}`, {
    layout: [{ i: widgetId, x: 0, y: 0, w: 48, h: 14 }],
  })
  await request.dispose()
})

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  await api(request, 'PATCH', `/nodes/${nodeId}`, { settings: { map: null } }).catch(() => {})
  await api(request, 'DELETE', `/boards/${nodeId}/${boardId}`).catch(() => {})
  await api(request, 'DELETE', `/widgets/${nodeId}/${widgetId}`).catch(() => {})
  await request.dispose()
  await new Promise((resolve) => tiles.close(resolve))
})

const canvas = (page: Page) => page.getByTestId('map-canvas')

/** The board, again until the web app has the node's new settings (its node cache lives 5 s). */
async function drawnWith(page: Page, kind: 'remote' | 'offline') {
  await expect(async () => {
    await page.goto(`/lk/b/${boardId}`)
    await expect(canvas(page)).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
    await expect(canvas(page)).toHaveAttribute('data-style', kind, { timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
}

test('draws the node’s style from its server, else falls back to the offline basemap', async ({
  page,
  context,
  playwright,
}) => {
  test.setTimeout(90_000)
  await context.addCookies([
    { name: '_token', value: token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
  ])
  const errors = collectConsoleErrors(page)
  // The administrator sets it in /admin/ui (its "Map tiles" form).
  await page.goto('/admin/ui#map')
  const section = page.locator('section#map')
  await section.getByLabel('Style URL').fill(`${tilesUrl}/style.json`)
  await section.getByLabel("Labels' language").selectOption('en')
  await section.getByRole('button', { name: 'Save' }).click()
  await expect(page.locator('.alert-list [data-alert="success"]').first()).toBeVisible()
  await page.setViewportSize({ width: 375, height: 812 })
  await section.screenshot({ path: `${SHOTS}/admin-ui-map-375.png` })
  await page.setViewportSize({ width: 1440, height: 900 })
  await section.screenshot({ path: `${SHOTS}/admin-ui-map-1440.png` })
  await drawnWith(page, 'remote')
  expect(styleRequests).toBeGreaterThan(0)
  // The sidebar title stays, above the map (the list it headed gave way to the map).
  await expect(page.getByTestId('map-sidebar-title')).toHaveText(`Visits ${TAG}`)
  await expect(page.getByTestId('map-list')).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/map-remote-1440.png` })
  await page.setViewportSize({ width: 375, height: 812 })
  await page.screenshot({ path: `${SHOTS}/map-remote-375.png` })
  await page.setViewportSize({ width: 1440, height: 900 })

  const request = await playwright.request.newContext()

  // A style that cannot be loaded (nothing listens there): the offline basemap, no error shown.
  await api(request, 'PATCH', `/nodes/${nodeId}`, {
    settings: { map: { style_url: `${tilesUrl}/missing.json` } },
  })
  await drawnWith(page, 'offline')
  await expect(page.getByTestId('map-failed')).toHaveCount(0)
  await request.dispose()
  // Only Chromium's own line for the refused request; no uncaught error, nothing the page logged.
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
})
