import { mkdirSync } from 'node:fs'
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiData, apiToken, englishAdminSession, startNodeId } from './utils'

/*
 * /admin/boards/{id} width by width (issue 25 item 1, PRODUCT.md §10): the administrator picks the
 * width they edit (lg 48, md 24, sm 12, xs 1 columns), the canvas has that width's columns, saving
 * keeps that width's layout alone (the others as they were), a width never edited says what it is
 * derived from, and "Derive again" drops an edited one. Without JavaScript the width is `?width=`
 * and the numeric fields edit it. The export of the board carries the width's layout and an import
 * of it keeps it. Screenshots at 375, 768 and 1440 px in both themes and without JavaScript.
 */

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-widths'
mkdirSync(shots, { recursive: true })

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

let token = ''
let node = ''
const made: { boards: string[]; widgets: string[] } = { boards: [], widgets: [] }

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  token = await apiToken(request, ADMIN)
  node = await startNodeId(request)
  await request.dispose()
})

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  for (const id of made.boards) await apiData(request, token, 'DELETE', `/boards/${node}/${id}`)
  for (const id of made.widgets) await apiData(request, token, 'DELETE', `/widgets/${node}/${id}`)
  await request.dispose()
})

/** A board of two tables side by side at lg (24 + 24 columns), its own for this test. */
async function twoWide(request: APIRequestContext, tag: string): Promise<Board> {
  const a = await apiData(request, token, 'POST', `/widgets/${node}`, { type: 'table', title: `Left ${tag}` })
  const b = await apiData(request, token, 'POST', `/widgets/${node}`, {
    type: 'table',
    title: `Right ${tag}`,
  })
  made.widgets.push(a.id, b.id)
  const board = await apiData<Board>(request, token, 'POST', `/boards/${node}`, { name: `Widths ${tag}` })
  made.boards.push(board.id)
  await apiData(request, token, 'POST', `/widgets/bind-board/${node}`, {
    board_id: board.id,
    widget_ids: [a.id, b.id],
  })
  return apiData<Board>(request, token, 'PATCH', `/boards/${node}/${board.id}`, {
    layout: [
      { i: a.id, x: 0, y: 0, w: 24, h: 10 },
      { i: b.id, x: 24, y: 0, w: 24, h: 10 },
    ],
  })
}

const getBoard = (request: APIRequestContext, id: string) =>
  apiData<Board>(request, token, 'GET', `/boards/${node}/${id}`)
const place = (items: Item[]) => items.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }))
const alert = (page: Page) => page.locator('.alert-list [data-alert="success"]')

async function open(browser: Browser, js: boolean, theme: 'dark' | 'light' = 'dark') {
  const { context, page } = await englishAdminSession(browser, js, theme)
  return { context, page }
}

test.describe.configure({ timeout: 120_000 })

test('without JavaScript: ?width=sm edits the tablets layout alone, and Derive again drops it', async ({
  browser,
  playwright,
}) => {
  const request = await playwright.request.newContext()
  const board = await twoWide(request, 'nojs')
  const { context, page } = await open(browser, false)
  await page.goto(`/admin/boards/${board.id}`)
  const picker = page.getByRole('navigation', { name: 'Width being edited' })
  await expect(picker.getByRole('link', { name: /Wide screens/ })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('layout-width-origin')).toContainText("The board's main layout (48 columns)")

  await picker.getByRole('link', { name: /Tablets/ }).click()
  await expect(page).toHaveURL(/[?&]width=sm/)
  await expect(picker.getByRole('link', { name: /Tablets/ })).toHaveAttribute('aria-current', 'page')
  const origin = page.getByTestId('layout-width-origin')
  await expect(origin).toContainText('Derived from «Laptops» (12 columns)')
  await expect(page.getByTestId('layout-reset')).toHaveCount(0)
  // The derived tablets layout: md's halves scaled, 6 + 6 of 12 side by side.
  await expect(page.getByTestId('layout-w-0')).toHaveValue('6')
  await expect(page.getByTestId('layout-x-1')).toHaveValue('6')
  await expect(page.getByTestId('layout-x-1')).toHaveAttribute('max', '12')

  // One below the other at this width only, full width (the fields' max is the width's columns).
  await page.getByTestId('layout-w-0').fill('12')
  await page.getByTestId('layout-x-1').fill('0')
  await page.getByTestId('layout-y-1').fill('10')
  await page.getByTestId('layout-w-1').fill('12')
  await page.getByRole('button', { name: 'Save the layout' }).click()
  await expect(alert(page)).toBeVisible()
  await expect(page).toHaveURL(/[?&]width=sm/)
  await expect(origin).toContainText("This width's own layout (12 columns)")
  await expect(page.getByTestId('layout-w-1')).toHaveValue('12')
  await page.screenshot({ path: `${shots}/admin-widths-nojs-1440.png`, fullPage: true })

  const after = await getBoard(request, board.id)
  expect(after.layouts_own).toEqual(['sm'])
  expect(place(after.layout)).toEqual(place(board.layout))
  expect(place(after.layouts.md)).toEqual(place(board.layouts.md))
  expect(place(after.layouts.sm).map(({ x, y, w }) => [x, y, w])).toEqual([
    [0, 0, 12],
    [0, 10, 12],
  ])

  await page.getByTestId('layout-reset').click()
  await expect(page).toHaveURL(/[?&]width=sm/)
  await expect(origin).toContainText('Derived from «Laptops»')
  await expect(page.getByTestId('layout-w-0')).toHaveValue('6')
  expect((await getBoard(request, board.id)).layouts_own).toEqual([])
  await context.close()
  await request.dispose()
})

test('with JavaScript: the canvas has the width’s columns, a drag saves that width alone', async ({
  browser,
  playwright,
}) => {
  const request = await playwright.request.newContext()
  const board = await twoWide(request, 'js')
  const { context, page } = await open(browser, true)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(`/admin/boards/${board.id}`)
  await page.locator('.dialog-overlay:not([data-static])').waitFor()
  const grid = page.getByTestId('layout-grid')
  const cards = grid.locator('.layout-item')
  await expect(cards).toHaveCount(2)
  // lg: side by side.
  const lg = await Promise.all([0, 1].map(async (n) => (await cards.nth(n).boundingBox())!))
  expect(Math.abs(lg[0]!.y - lg[1]!.y)).toBeLessThan(2)

  await page.getByTestId('layout-width-md').click()
  await expect(page).toHaveURL(/[?&]width=md/)
  await expect(page.getByTestId('layout-width-md')).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('layout-width-origin')).toContainText(
    'Derived from «Wide screens» (24 columns)',
  )
  await expect(page.getByTestId('layout-x-1')).toHaveAttribute('max', '24')
  await expect(page.getByText('24 columns, rows of 30 px')).toBeVisible()

  // Drag the right one under the left one at md.
  await expect(cards).toHaveCount(2)
  await grid.scrollIntoViewIfNeeded()
  const right = grid.locator('.layout-item', { hasText: 'Right js' })
  const handle = (await right.locator('.layout-item-handle').boundingBox())!
  const left = (await grid.locator('.layout-item', { hasText: 'Left js' }).boundingBox())!
  await page.mouse.move(handle.x + 20, handle.y + handle.height / 2)
  await page.mouse.down()
  const to = { x: left.x + 30 - handle.x, y: left.y + left.height + 30 - handle.y }
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(handle.x + 20 + (to.x * i) / 10, handle.y + handle.height / 2 + (to.y * i) / 10)
  await page.mouse.up()
  await expect(page.getByTestId('layout-status')).toHaveText('Changes saved', { timeout: 15_000 })
  await expect(page.getByTestId('layout-width-origin')).toContainText("This width's own layout (24 columns)")

  const after = await getBoard(request, board.id)
  expect(after.layouts_own).toEqual(['md'])
  expect(place(after.layout)).toEqual(place(board.layout))
  const [l, r] = place(after.layouts.md)
  expect(r!.y).toBeGreaterThanOrEqual(l!.y + l!.h)

  // Phones: derived from tablets, one column: each card the canvas's whole width.
  await page.getByTestId('layout-width-xs').click()
  await expect(page).toHaveURL(/[?&]width=xs/)
  await expect(page.getByTestId('layout-width-origin')).toContainText('Derived from «Tablets» (1 columns)')
  const xs = await Promise.all([0, 1].map(async (n) => (await cards.nth(n).boundingBox())!))
  expect(Math.abs(xs[0]!.width - xs[1]!.width)).toBeLessThan(2)
  expect(Math.abs(xs[0]!.x - xs[1]!.x)).toBeLessThan(2)

  // Back to md: its own layout, then derived again.
  await page.getByTestId('layout-width-md').click()
  await expect(page.getByTestId('layout-width-origin')).toContainText("This width's own layout")
  await page.getByTestId('layout-reset').click()
  await expect(page.getByTestId('layout-width-origin')).toContainText('Derived from «Wide screens»')
  expect((await getBoard(request, board.id)).layouts_own).toEqual([])
  expect(place((await getBoard(request, board.id)).layouts.md)).toEqual(place(board.layouts.md))
  await context.close()
  await request.dispose()
})

test('the export carries a width’s own layout and an import of it keeps it', async ({
  browser,
  playwright,
}) => {
  const request = await playwright.request.newContext()
  const board = await twoWide(request, 'transfer')
  const { context, page } = await open(browser, false)
  await page.goto(`/admin/boards/${board.id}?width=xs`)
  await page.getByTestId('layout-h-0').fill('4')
  await page.getByRole('button', { name: 'Save the layout' }).click()
  await expect(page.getByTestId('layout-width-origin')).toContainText("This width's own layout (1 columns)")

  const file = await page.request.get(`${ORIGIN}/admin/boards/${board.id}/export`)
  expect(file.status()).toBe(200)
  const doc = await file.json()
  expect(Object.keys(doc.board.layouts)).toEqual(['xs'])
  expect(doc.board.layouts.xs[0]).toMatchObject({ x: 0, y: 0, w: 1, h: 4 })
  const imported = await apiData(request, token, 'POST', `/boards/${node}/import`, { document: doc })
  expect(imported.problems).toEqual([])
  made.boards.push(imported.board_id)
  const copy = await getBoard(request, imported.board_id)
  for (const w of copy.widgets) made.widgets.push(w.id)
  expect(copy.layouts_own).toEqual(['xs'])
  expect(place(copy.layouts.xs).map(({ x, y, w, h }) => [x, y, w, h])).toEqual(
    place((await getBoard(request, board.id)).layouts.xs).map(({ x, y, w, h }) => [x, y, w, h]),
  )
  await context.close()
  await request.dispose()
})

test('looked at: 375, 768 and 1440 px, dark and light, and without JavaScript', async ({
  browser,
  playwright,
}) => {
  const request = await playwright.request.newContext()
  const board = await twoWide(request, 'shots')
  await request.dispose()
  for (const js of [true, false])
    for (const theme of ['dark', 'light'] as const) {
      if (!js && theme === 'light') continue
      const { context, page } = await open(browser, js, theme)
      for (const width of [375, 768, 1440]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(`/admin/boards/${board.id}?width=md`)
        await expect(page.getByTestId('layout-width-origin')).toBeVisible()
        if (js) await expect(page.getByTestId('layout-grid').locator('.layout-item')).toHaveCount(2)
        const picker = page.getByRole('navigation', { name: 'Width being edited' })
        await picker.evaluate((el) => el.scrollIntoView({ block: 'center' }))
        const body = await page.screenshot({
          path: `${shots}/admin-widths-${js ? theme : 'nojs'}-${width}.png`,
          fullPage: false,
        })
        await test
          .info()
          .attach(`admin-widths-${js ? theme : 'nojs'}-${width}`, { body, contentType: 'image/png' })
        // Nothing sideways: the page is no wider than the window.
        const w = await page.evaluate(() => ({
          scroll: document.scrollingElement!.scrollWidth,
          inner: window.innerWidth,
        }))
        expect(w.scroll).toBeLessThanOrEqual(w.inner)
        if (width === 375) {
          const box = (await page.getByTestId('layout-width-xs').boundingBox())!
          expect(box.height).toBeGreaterThanOrEqual(44)
        }
      }
      await context.close()
    }
})
