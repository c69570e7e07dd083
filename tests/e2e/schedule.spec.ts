import { mkdirSync } from 'node:fs'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN, USER } from './env'
import { apiData, apiToken, collectConsoleErrors, startNodeId } from './utils'

/*
 * The daily schedule and the card modal (issue 12) on the real stack, over tasks of the demo's
 * process TASK with its work day (cf_day) and hours (cf_hours): the 24-hour grid, a column per
 * task key (more columns than fit, so the arrows scroll), another day by its link and by the date
 * picker, the card modal opened by a click and its button to the card; without JavaScript the
 * server's day with links to the previous and next days. Read in Russian (the default).
 */

const DAY = '2030-01-15'
const NEXT = '2030-01-16'
const PREV = '2030-01-14'
/** Its own tasks only: a worker restarted after a failure runs beforeAll again, with another mark. */
const MARK = `Sched e2e ${Date.now().toString(36)}`

interface Board {
  id: string
  widgets: { id: string }[]
}

const tokens = { admin: '', user: '' }
let board: Board
let widgetId: string
const keys: Record<string, string[]> = { [DAY]: [], [NEXT]: [] }
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-schedule'

const call = (
  request: APIRequestContext,
  method: string,
  path: string,
  data?: unknown,
  token = tokens.admin,
) => apiData(request, token, method, path, data)

const nodeIdOf = startNodeId

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  tokens.admin = await apiToken(request, ADMIN)
  tokens.user = await apiToken(request, USER)
  const node = await nodeIdOf(request)
  // The demo's TASK process (other suites add processes of their own before this one runs).
  const processes: { id: string; key: string }[] = await call(
    request,
    'get',
    `/processes/${node}?per_page=500`,
  )
  const process = processes.find((p) => p.key === 'TASK')!
  const made = [
    [DAY, '08:00', '09:30'],
    [DAY, '09:00', '10:00'],
    [DAY, '10:30', '12:00'],
    [DAY, '11:00', '13:30'],
    [DAY, '14:00', '15:00'],
    [DAY, '16:00', '18:00'],
    [DAY, '19:00', '21:00'],
    [NEXT, '07:00', '08:00'],
    [NEXT, '12:00', '12:45'],
  ] as const
  for (const [i, [day, from, to]] of made.entries()) {
    const task = await call(request, 'post', `/tasks/${node}/${process.id}`, {
      title: `${MARK} ${i + 1}`,
      cf_priority: 'high',
      cf_day: day,
      cf_hours: [from, to],
    })
    keys[day]!.push(task.key)
  }
  const widget = await call(request, 'post', `/widgets/${node}`, {
    type: 'schedule',
    title: 'Schedule e2e',
    settings: {
      navigation: { field: 'cf_day' },
      axis_y: 'cf_hours',
      axis_x: 'key',
      view: { subtitle_field: 'cf_priority', fields: ['cf_hours', 'cf_day', 'status'] },
    },
    query: `title ~ "${MARK}"`,
  })
  widgetId = widget.id
  const made2: Board = await call(request, 'post', `/boards/${node}`, { name: 'Schedule e2e' })
  await call(request, 'post', `/widgets/bind-board/${node}`, { board_id: made2.id, widget_ids: [widgetId] })
  board = await call(request, 'patch', `/boards/${node}/${made2.id}`, {
    layout: [{ i: widgetId, x: 0, y: 0, w: 48, h: 20 }],
  })
  await request.dispose()
})

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  const node = await nodeIdOf(request)
  await call(request, 'delete', `/boards/${node}/${board.id}`)
  await call(request, 'delete', `/widgets/${node}/${widgetId}`)
  await request.dispose()
})

async function signedIn(context: BrowserContext, theme?: 'dark' | 'light') {
  await context.addCookies([
    { name: '_token', value: tokens.user!, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    ...(theme
      ? [{ name: 'theme', value: Buffer.from(JSON.stringify(theme)).toString('base64'), url: ORIGIN }]
      : []),
  ])
}

const dayUrl = (day: string) => `/lk/b/${board.id}?w.${widgetId}.date=${day}`
const schedule = (page: Page) => page.getByTestId('schedule-widget')
const shownKeys = async (page: Page) =>
  (await schedule(page).getByTestId('schedule-task').locator('.wt-key').allTextContents()).sort()
const scrollLeft = (page: Page) => page.getByTestId('schedule-scroll').evaluate((el) => el.scrollLeft)
/** Interactive: the arrows are enabled by the scripts. */
const hydrated = (page: Page) => expect(page.getByTestId('schedule-right')).toBeEnabled()

test.describe('the daily schedule', () => {
  test('shows 24 hours at 64 px each, and the day’s tasks by their times', async ({ page, context }) => {
    const errors = collectConsoleErrors(page)
    await signedIn(context)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(dayUrl(DAY))
    const hours = schedule(page).getByTestId('schedule-hour')
    await expect(hours).toHaveCount(24)
    await expect(hours.first()).toHaveText('00:00')
    await expect(hours.last()).toHaveText('23:00')
    const grid = schedule(page).locator('.ws-grid').first()
    expect((await grid.boundingBox())!.height).toBe(24 * 64)
    expect(await shownKeys(page)).toEqual([...keys[DAY]!].sort())
    // 08:00–09:30 is 96 px high, 8 × 64 px from the top of its column's grid.
    const first = schedule(page).getByTestId('schedule-task').filter({ hasText: keys[DAY]![0]! })
    // Both read in one go: the widget may be scrolling to the day's first task meanwhile.
    const { offset, height } = await first.evaluate((el) => {
      const box = el.getBoundingClientRect()
      return { offset: box.top - el.parentElement!.getBoundingClientRect().top, height: box.height }
    })
    expect(offset).toBeCloseTo(8 * 64, 0)
    expect(height).toBeCloseTo(96, 0)
    await expect(first).toContainText('08:00–09:30')
    expect(errors).toEqual([])
  })

  test('scrolls a column at a time; the left arrow is disabled at the start, the right at the end', async ({
    page,
    context,
  }) => {
    await signedIn(context)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(dayUrl(DAY))
    await hydrated(page)
    const [left, right] = [page.getByTestId('schedule-left'), page.getByTestId('schedule-right')]
    await expect(left).toBeDisabled()
    const width = await schedule(page)
      .getByTestId('schedule-column')
      .first()
      .evaluate((el) => (el as HTMLElement).offsetWidth)
    expect(width).toBeGreaterThanOrEqual(256)
    await right.click()
    await expect.poll(() => scrollLeft(page)).toBe(width)
    await expect(left).toBeEnabled()
    await left.click()
    await expect.poll(() => scrollLeft(page)).toBe(0)
    await expect(left).toBeDisabled()
    // To the end: the right arrow turns off there.
    const max = await page.getByTestId('schedule-scroll').evaluate((el) => el.scrollWidth - el.clientWidth)
    for (let at = 0; at < max - 1; ) {
      await expect(right).toBeEnabled()
      await right.click()
      const next = Math.min(max, at + width)
      await expect.poll(() => scrollLeft(page)).toBeGreaterThanOrEqual(next - 1)
      at = next
    }
    await expect(right).toBeDisabled()
    expect(Math.abs((await scrollLeft(page)) - max)).toBeLessThanOrEqual(1)
    await expect(left).toBeEnabled()
  })

  test('shows another day’s tasks by the next-day link and by the date picker', async ({ page, context }) => {
    await signedIn(context)
    await page.goto(dayUrl(DAY))
    await hydrated(page)
    await page.getByTestId('schedule-next-day').click()
    await expect(schedule(page)).toHaveAttribute('data-date', NEXT)
    await expect.poll(() => shownKeys(page)).toEqual([...keys[NEXT]!].sort())
    await expect(page).toHaveURL(new RegExp(`w\\.${widgetId}\\.date=${NEXT}`))
    // The picker: the day segment one down is the day before (auto-apply, spec §9).
    const picker = page.getByTestId('schedule-date-picker')
    await expect(picker).toBeVisible()
    const segment = picker.locator('[data-type="day"]')
    await segment.click()
    await page.keyboard.press('ArrowDown')
    await expect(schedule(page)).toHaveAttribute('data-date', DAY)
    await expect.poll(() => shownKeys(page)).toEqual([...keys[DAY]!].sort())
    // A day without tasks says so, over the same 24 hours.
    await page.getByTestId('schedule-previous-day').click()
    await expect(schedule(page)).toHaveAttribute('data-date', PREV)
    await expect(page.getByTestId('schedule-empty')).toBeVisible()
    await expect(schedule(page).getByTestId('schedule-hour')).toHaveCount(24)
  })

  test('a click on a task opens the card modal; Escape closes it, focus returns; its button reaches the card', async ({
    page,
    context,
  }) => {
    const errors = collectConsoleErrors(page)
    await signedIn(context)
    await page.goto(dayUrl(DAY))
    await hydrated(page)
    const key = keys[DAY]![0]!
    const task = schedule(page).getByTestId('schedule-task').filter({ hasText: key })
    await task.click()
    const modal = page.getByTestId('card-modal')
    await expect(modal).toBeVisible()
    await expect(page.getByTestId('card-modal-title')).toHaveText(`${MARK} 1`)
    await expect(page.getByTestId('card-modal-subtitle')).toHaveText('High')
    await expect(page.getByTestId('card-modal-status')).toContainText(/\S/)
    await expect(modal.locator('[data-field="cf_hours"] dd')).toHaveText('08:00 – 09:30')
    await expect(modal.locator('[data-field="cf_day"] dd')).toHaveText('15.01.2030')
    await expect(page).toHaveURL(new RegExp(`w\\.${widgetId}\\.date=${DAY}`))
    // Focus stays inside: Tab cycles within the dialog.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()
    await expect(task).toBeFocused()
    await task.click()
    await page.getByTestId('card-modal-open').click()
    await expect(page).toHaveURL(new RegExp(`/lk/t/TASK/${key}$`))
    // The task's card page (its own loader: slower on a busy machine).
    await expect(page.getByRole('textbox', { name: 'Название' })).toHaveValue(`${MARK} 1`, {
      timeout: 20_000,
    })
    expect(errors).toEqual([])
  })

  test('without JavaScript: the server’s day, links to the previous and next days and to the cards', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    await signedIn(context)
    const page = await context.newPage()
    await page.goto(dayUrl(DAY))
    await expect(schedule(page).getByTestId('schedule-hour')).toHaveCount(24)
    expect(await shownKeys(page)).toEqual([...keys[DAY]!].sort())
    // The grid opens half an hour before the day's first task (08:00), not at midnight.
    const scroller = schedule(page).getByTestId('schedule-scroll')
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(8 * 64 - 32)
    const next = page.getByTestId('schedule-next-day')
    expect(await next.getAttribute('href')).toContain(`w.${widgetId}.date=${NEXT}`)
    expect(await page.getByTestId('schedule-previous-day').getAttribute('href')).toContain(
      `w.${widgetId}.date=${PREV}`,
    )
    const task = schedule(page).getByTestId('schedule-task').filter({ hasText: keys[DAY]![0]! })
    expect(await task.getAttribute('href')).toBe(`/lk/t/TASK/${keys[DAY]![0]}`)
    await next.click()
    await expect(schedule(page)).toHaveAttribute('data-date', NEXT)
    expect(await shownKeys(page)).toEqual([...keys[NEXT]!].sort())
    // The day's GET form chooses a day too.
    await page.getByTestId('schedule-day-form').locator('input[type=date]').fill(DAY)
    await page.getByTestId('schedule-day-form').getByRole('button').click()
    await expect(schedule(page)).toHaveAttribute('data-date', DAY)
    await task.click()
    await expect(page).toHaveURL(new RegExp(`/lk/t/TASK/${keys[DAY]![0]}$`))
    await context.close()
  })

  test('screenshots, dark and light (looked at by a person)', async ({ browser }) => {
    mkdirSync(shots, { recursive: true })
    for (const theme of ['dark', 'light'] as const) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
      await signedIn(context, theme)
      const page = await context.newPage()
      await page.goto(dayUrl(DAY))
      await hydrated(page)
      await page.screenshot({ path: `${shots}/schedule-${theme}.png` })
      await schedule(page).getByTestId('schedule-task').first().click()
      await expect(page.getByTestId('card-modal-open')).toBeVisible()
      await page.screenshot({ path: `${shots}/card-modal-${theme}.png` })
      await page.keyboard.press('Escape')
      await page.getByTestId('schedule-date-picker').locator('button').click()
      await page.waitForTimeout(300)
      await page.screenshot({ path: `${shots}/schedule-picker-${theme}.png` })
      // The demo's home board (the default board) with every widget on it.
      await page.goto('/lk')
      await page.waitForTimeout(1500)
      await page.screenshot({ path: `${shots}/home-${theme}.png`, fullPage: true })
      await context.close()
    }
  })
})
