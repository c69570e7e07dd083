import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiData, apiToken, cookieValue, englishAdminSession, startNodeId } from './utils'

/*
 * Every screen size (issue 25 items 1 and 2, PRODUCT.md §10) on the real stack: the pages a person
 * meets first at 375×812, 768×1024 and 1440×900 — screenshots attached to the test (and written to
 * SHOTS_DIR), the page never scrolls sideways, axe finds nothing serious in either theme; the home board stacks
 * one widget per row on a phone; editing the layout at md leaves lg as it was. One signed-in
 * context for all of it: CI's time is short.
 */

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-screens'
mkdirSync(shots, { recursive: true })

const SIZES = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

interface Item {
  i: string
  x: number
  y: number
  w: number
  h: number
}
interface Board {
  id: string
  layout: Item[]
  layouts: { md: Item[]; sm: Item[]; xs: Item[] }
  layouts_own: string[]
  widgets: { id: string }[]
}

test.describe.configure({ mode: 'serial', timeout: 90_000 })

let context: BrowserContext
let page: Page
let token = ''
let node = ''
/** The suite's own board (for the layout edit) and the admin's home board (for the pages). */
let own: Board
let home: Board

test.beforeAll(async ({ browser, playwright }) => {
  const request = await playwright.request.newContext()
  token = await apiToken(request, ADMIN)
  node = await startNodeId(request)
  home = await apiData<Board>(request, token, 'GET', `/boards/${node}/home`)
  const a = await apiData(request, token, 'POST', `/widgets/${node}`, { type: 'table', title: 'Screens A' })
  const b = await apiData(request, token, 'POST', `/widgets/${node}`, { type: 'table', title: 'Screens B' })
  const made = await apiData<Board>(request, token, 'POST', `/boards/${node}`, { name: 'Screens e2e' })
  await apiData(request, token, 'POST', `/widgets/bind-board/${node}`, {
    board_id: made.id,
    widget_ids: [a.id, b.id],
  })
  own = await apiData<Board>(request, token, 'PATCH', `/boards/${node}/${made.id}`, {
    layout: [
      { i: a.id, x: 0, y: 0, w: 24, h: 10 },
      { i: b.id, x: 24, y: 0, w: 24, h: 10 },
    ],
  })
  await request.dispose()
  ;({ context, page } = await session(browser))
})

test.afterAll(async ({ playwright }) => {
  await context?.close()
  const request = await playwright.request.newContext()
  if (own) {
    await apiData(request, token, 'DELETE', `/boards/${node}/${own.id}`)
    for (const w of own.widgets) await apiData(request, token, 'DELETE', `/widgets/${node}/${w.id}`)
  }
  await request.dispose()
})

const session = (browser: Browser) => englishAdminSession(browser, true, 'dark')

/** The page's width in CSS pixels against the window's: equal when nothing sticks out sideways. */
const sideways = (p: Page) =>
  p.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }))

async function seriousAxe(p: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page: p }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1] ?? v.help}`),
    )
}

const PAGES = [
  { name: 'home', path: () => '/lk', ready: (p: Page) => p.getByTestId('board-grid') },
  { name: 'card', path: () => '/lk/t/TASK/TASK-1', ready: (p: Page) => p.locator('main h1') },
  { name: 'notifications', path: () => '/lk/notifications', ready: (p: Page) => p.locator('main h1') },
  { name: 'admin-board', path: () => `/admin/boards/${home.id}`, ready: (p: Page) => p.getByRole('dialog') },
  { name: 'search', path: () => '/lk/tasks', ready: (p: Page) => p.getByTestId('search-results') },
]

for (const size of SIZES) {
  test(`${size.width}×${size.height}: usable, nothing sideways, axe clean`, async () => {
    const testInfo = test.info()
    await page.setViewportSize({ width: size.width, height: size.height })
    const problems: string[] = []
    for (const p of PAGES) {
      await page.goto(p.path())
      await expect(p.ready(page).first()).toBeVisible()
      const shot = await page.screenshot({ path: `${shots}/${p.name}-${size.width}.png`, fullPage: true })
      await testInfo.attach(`${p.name}-${size.width}`, { body: shot, contentType: 'image/png' })
      const w = await sideways(page)
      if (w.scroll > w.inner) problems.push(`${p.name}: scrolls sideways (${w.scroll} > ${w.inner})`)
      for (const v of await seriousAxe(page)) problems.push(`${p.name}: ${v}`)
    }
    expect(problems).toEqual([])
  })
}

// The same pages in the light theme (the dark one is the default, above): axe at each width.
for (const size of SIZES) {
  test(`${size.width}×${size.height}, light theme: axe clean`, async () => {
    const testInfo = test.info()
    await context.addCookies([{ name: 'theme', value: cookieValue('light'), url: ORIGIN }])
    await page.setViewportSize({ width: size.width, height: size.height })
    const problems: string[] = []
    try {
      for (const p of PAGES) {
        await page.goto(p.path())
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
        await expect(p.ready(page).first()).toBeVisible()
        const shot = await page.screenshot({
          path: `${shots}/${p.name}-${size.width}-light.png`,
          fullPage: true,
        })
        await testInfo.attach(`${p.name}-${size.width}-light`, { body: shot, contentType: 'image/png' })
        for (const v of await seriousAxe(page)) problems.push(`${p.name}: ${v}`)
      }
    } finally {
      await context.addCookies([{ name: 'theme', value: cookieValue('dark'), url: ORIGIN }])
    }
    expect(problems).toEqual([])
  })
}

test('a phone: the home board one widget per row; the menu a drawer behind a button', async () => {
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/lk')
  const grid = (await page.getByTestId('board-grid').boundingBox())!
  const boxes = await page
    .getByTestId('board-item')
    .evaluateAll((els) =>
      els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })),
    )
  expect(boxes.length).toBeGreaterThan(1)
  for (const b of boxes) {
    expect(Math.abs(b.x - grid.x)).toBeLessThan(1)
    expect(Math.abs(b.w - grid.width)).toBeLessThan(1)
  }
  // No two share a row: each starts below the one before it ends.
  const byTop = [...boxes].sort((a, b) => a.y - b.y)
  for (let n = 1; n < byTop.length; n++)
    expect(byTop[n]!.y).toBeGreaterThanOrEqual(byTop[n - 1]!.y + byTop[n - 1]!.h)

  // The quick find and the new-task button stay in the compact header.
  await expect(page.getByTestId('new-task')).toBeVisible()
  const drawer = page.getByTestId('side-drawer')
  await expect(drawer).toBeHidden()
  const button = page.getByTestId('side-drawer-button')
  const size = (await button.boundingBox())!
  expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44)
  await button.click()
  await expect(drawer).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await button.click()
  await drawer.getByRole('link', { name: 'Notifications' }).first().click()
  await expect(page).toHaveURL(/\/lk\/notifications/)
  await expect(drawer).toBeHidden()
})

// Once flaky in the whole suite (issue 25): a layout save does not revalidate the board page, so
// the width line said "own" only when the live `board` frame reloaded it — late under load. The
// line now follows the save's answer (board-view.tsx); the test waits for the save itself.
test('editing the layout at md leaves lg as it was', async ({ playwright }) => {
  const boxes = () =>
    page.getByTestId('board-item').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect()
        return [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]
      }),
    )
  // lg: a window wide enough for a grid of 1,200 px beside the menu.
  await page.setViewportSize({ width: 1600, height: 900 })
  await page.goto(`/lk/b/${own.id}`)
  await expect(page.getByTestId('board-item')).toHaveCount(2)
  const lgBefore = await boxes()

  await page.setViewportSize({ width: 1440, height: 900 })
  await page.reload()
  await page.getByTestId('board-edit').click()
  await expect(page.getByTestId('board-edit-width')).toContainText('laptops (24 columns)')
  await expect(page.getByTestId('board-edit-width')).toContainText('Derived from the wider layout')
  const second = page.getByTestId('board-item').nth(1).getByTestId('board-item-overlay')
  const ov = (await second.boundingBox())!
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes(`/lk/b/${own.id}`),
    { timeout: 20_000 },
  )
  await page.mouse.move(ov.x + 40, ov.y + 40)
  await page.mouse.down()
  await page.mouse.move(ov.x + 20, ov.y + 200, { steps: 6 })
  await page.mouse.move(ov.x - 500, ov.y + 400, { steps: 6 })
  await page.mouse.up()
  // The save itself (1,500 ms after the drag), answered for md.
  const answer = await saved
  expect(answer.ok()).toBe(true)
  expect(answer.request().postData()).toMatch(/breakpoint\W+md/)
  await expect(page.locator('.alert-list [data-alert="success"]')).toBeVisible()
  await expect(page.getByTestId('board-edit-width')).toContainText('This width has its own layout')

  const request = await playwright.request.newContext()
  const after = await apiData<Board>(request, token, 'GET', `/boards/${node}/${own.id}`)
  await request.dispose()
  expect(after.layouts_own).toEqual(['md'])
  expect(after.layout).toEqual(own.layout)
  expect(after.layouts.md).not.toEqual(own.layouts.md)

  // At md the page shows the edited layout from the server; at lg the same as before.
  await page.reload()
  const mdAfter = await boxes()
  expect(mdAfter[1]![1]).toBeGreaterThan(mdAfter[0]![1]!)
  await page.setViewportSize({ width: 1600, height: 900 })
  await page.reload()
  expect(await boxes()).toEqual(lgBefore)
})
