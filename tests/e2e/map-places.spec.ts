import { mkdirSync } from 'node:fs'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiData, apiToken, collectConsoleErrors, cookieValue, startNodeId } from './utils'

/*
 * The offline basemap's cities (issue 25, PRODUCT.md §10): with no tile style (the e2e server's
 * MAP_DEFAULT_STYLE is `offline`) a close zoom on Moscow is not an empty field: the city's dot and
 * its label, in the interface's language (Москва in Russian, Moscow in English), drawn with the
 * browser's own fonts (no glyph server). The map reports the labels it placed in `data-places`.
 * Screenshots at a country's zoom and a city's, dark and light, 375 and 1440 px.
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

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-map-places'
const TAG = `P${Date.now().toString(36).slice(-4)}`
const MOSCOW = { lat: 55.75, lon: 37.62 }

let token: string
let nodeId: string
let boardId: string
let widgetId: string

const api = <T = unknown>(request: APIRequestContext, method: string, path: string, data?: unknown) =>
  apiData<T>(request, token, method, path, data)

test.beforeAll(async ({ playwright }) => {
  mkdirSync(SHOTS, { recursive: true })
  const request = await playwright.request.newContext()
  token = await apiToken(request, ADMIN)
  nodeId = await startNodeId(request)
  const field = `cf_geo_${TAG.toLowerCase()}`
  await api(request, 'POST', `/fields/${nodeId}`, { name: field, type: 'address', title: `Place ${TAG}` })
  const widget = await api<{ id: string }>(request, 'POST', `/widgets/${nodeId}`, {
    type: 'map',
    title: `Cities ${TAG}`,
    settings: { navigation: { field }, view: { center: `${MOSCOW.lat}, ${MOSCOW.lon}`, zoom: 4 } },
    query: '',
  })
  widgetId = widget.id
  const board = await api<{ id: string }>(request, 'POST', `/boards/${nodeId}`, { name: `Cities ${TAG}` })
  boardId = board.id
  await api(request, 'POST', `/widgets/bind-board/${nodeId}`, { board_id: boardId, widget_ids: [widgetId] })
  await api(request, 'PATCH', `/boards/${nodeId}/${boardId}`, {
    layout: [{ i: widgetId, x: 0, y: 0, w: 48, h: 16 }],
  })
  await request.dispose()
})

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  await api(request, 'DELETE', `/boards/${nodeId}/${boardId}`).catch(() => {})
  await api(request, 'DELETE', `/widgets/${nodeId}/${widgetId}`).catch(() => {})
  await request.dispose()
})

async function signedIn(context: BrowserContext, lng: 'ru' | 'en', theme: 'dark' | 'light') {
  await context.addCookies([
    { name: '_token', value: token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue(lng), url: ORIGIN },
    { name: 'theme', value: cookieValue(theme), url: ORIGIN },
  ])
}

const canvas = (page: Page) => page.getByTestId('map-canvas')

/** The board's map around Moscow at `zoom`, drawn with the offline basemap and settled. */
async function moscowAt(page: Page, zoom: number) {
  // Half the map's width in degrees at `zoom` (512 px tiles; the map fits the box it is given):
  // the map is the page less the menu, or the whole page on a phone.
  const width = page.viewportSize()?.width ?? 1440
  const mapWidth = width >= 768 ? width - 320 : width - 32
  const d = ((mapWidth / 2) * 360) / (512 * 2 ** zoom)
  const bbox = [MOSCOW.lon - d, MOSCOW.lat - d / 2, MOSCOW.lon + d, MOSCOW.lat + d / 2].join(',')
  const q = new URLSearchParams({ [`w.${widgetId}.bbox`]: bbox, [`w.${widgetId}.zoom`]: String(zoom) })
  await page.goto(`/lk/b/${boardId}?${q}`)
  await expect(canvas(page)).toHaveAttribute('data-ready', 'true', { timeout: 20_000 })
  await expect(canvas(page)).toHaveAttribute('data-style', 'offline')
}

for (const [lng, moscow, other] of [
  ['ru', 'Москва', 'Moscow'],
  ['en', 'Moscow', 'Москва'],
] as const)
  test(`a close zoom on Moscow shows the city, labelled in ${lng}`, async ({ page, context }) => {
    test.setTimeout(90_000)
    const errors = collectConsoleErrors(page)
    await signedIn(context, lng, 'dark')
    await page.setViewportSize({ width: 1440, height: 900 })
    await moscowAt(page, 8)
    await expect(canvas(page)).toHaveAttribute('data-places', new RegExp(`(^|\\|)${moscow}(\\||$)`), {
      timeout: 20_000,
    })
    expect((await canvas(page).getAttribute('data-places'))?.split('|')).not.toContain(other)
    // Smaller places around it appear at that zoom too (rank 4: under 250,000 people).
    expect((await canvas(page).getAttribute('data-places'))?.split('|').length).toBeGreaterThan(1)
    await page.screenshot({ path: `${SHOTS}/moscow-${lng}-city-dark-1440.png` })
    expect(errors).toEqual([])
  })

for (const theme of ['dark', 'light'] as const)
  test(`the cities at a country's zoom and a city's, ${theme}, 375 and 1440 px`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    const errors = collectConsoleErrors(page)
    await signedIn(context, 'ru', theme)
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
      await moscowAt(page, 4)
      // At a country's zoom only the cities of over a million people: Moscow among them.
      await expect(canvas(page)).toHaveAttribute('data-places', /Москва/, { timeout: 20_000 })
      await page.screenshot({ path: `${SHOTS}/country-${theme}-${width}.png` })
      await moscowAt(page, 10)
      await expect(canvas(page)).toHaveAttribute('data-places', /Москва/, { timeout: 20_000 })
      await page.screenshot({ path: `${SHOTS}/city-${theme}-${width}.png` })
    }
    expect(errors).toEqual([])
  })
