import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiData, apiToken, cookieValue, startNodeId } from './utils'

/*
 * The calendar widget's "card fields and delimiter" and a day of more tasks than a page (issue 25
 * item 4; spec §3 widget settings, §9 pagination) on the real stack: 56 tasks of a process of its
 * own made today, a calendar over them showing key, priority and title joined by '|'; the day's
 * second page by its links without JavaScript and in place with it; the settings changed in
 * /admin/widgets (a delimiter too long refused at its field); screenshots at three widths, dark.
 */

test.describe.configure({ mode: 'serial' })

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-calendar'
const TASKS = 56
let token = ''
let node = ''
let boardId = ''
let widgetId = ''
let statusId = ''
let progressId = ''
let processId = ''
let processKey = ''
const stamp = Date.now().toString(36).toUpperCase()
const title = (n: number) => `Cal ${stamp} ${String(n).padStart(2, '0')}`

const call = (request: APIRequestContext, method: string, path: string, data?: unknown) =>
  apiData(request, token, method, path, data)

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000)
  const request = await playwright.request.newContext()
  token = await apiToken(request, ADMIN)
  node = await startNodeId(request)
  statusId = (await call(request, 'post', `/statuses/${node}`, { name: `Cal ${stamp}`, color: '#1e88e5' })).id
  progressId = (
    await call(request, 'post', `/progress/${node}`, { name: `Cal ${stamp}`, status_ids: [statusId] })
  ).id
  const forms = await call(request, 'get', `/forms/${node}?search=Task`)
  processKey = `C${stamp.slice(-6)}`
  processId = (
    await call(request, 'post', `/processes/${node}`, {
      key: processKey,
      name: `Calendar e2e ${stamp}`,
      progress_id: progressId,
      form_id: forms[0].id,
    })
  ).id
  // One after another: the day's order is the order they were made in.
  for (let n = 1; n <= TASKS; n++)
    await call(request, 'post', `/tasks/${node}/${processId}`, { title: title(n), cf_priority: 'low' })
  widgetId = (
    await call(request, 'post', `/widgets/${node}`, {
      type: 'calendar',
      title: 'Calendar e2e',
      settings: { view: { fields: ['key', 'cf_priority', 'title'], delimiter: '|' } },
      query: `title ~ "Cal ${stamp}"`,
    })
  ).id
  boardId = (await call(request, 'post', `/boards/${node}`, { name: `Calendar e2e ${stamp}` })).id
  await call(request, 'post', `/widgets/bind-board/${node}`, { board_id: boardId, widget_ids: [widgetId] })
  await call(request, 'patch', `/boards/${node}/${boardId}`, {
    layout: [{ i: widgetId, x: 0, y: 0, w: 24, h: 20 }],
  })
  await request.dispose()
})

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  await call(request, 'delete', `/boards/${node}/${boardId}`)
  await call(request, 'delete', `/widgets/${node}/${widgetId}`)
  await request.dispose()
})

async function session(browser: Browser, js: boolean, lng = 'en') {
  const context = await browser.newContext({ javaScriptEnabled: js, locale: 'en-US' })
  await context.addCookies([
    { name: '_token', value: token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue(lng), url: ORIGIN },
    { name: 'theme', value: cookieValue('dark'), url: ORIGIN },
  ])
  return { context, page: await context.newPage() }
}

const tasksOf = (page: Page) => page.getByTestId('calendar-widget').getByTestId('calendar-task')
const pages = (page: Page) => page.getByTestId('calendar-widget').getByRole('navigation')
/** What a task's line says: key | priority | title (the priority's option title, server-formatted). */
const line = (n: number) => new RegExp(`^${processKey}-${n} \\| \\S.* \\| ${title(n)}$`)

test('without JavaScript: the fields joined by the delimiter, 50 tasks, the next page by a link', async ({
  browser,
}) => {
  const { context, page } = await session(browser, false)
  await page.goto(`/lk/b/${boardId}`)
  await expect(tasksOf(page)).toHaveCount(50)
  await expect(tasksOf(page).first()).toHaveText(line(1))
  // The priority by its option's title, formatted on the server.
  await expect(tasksOf(page).first().locator('[data-field="cf_priority"]')).toContainText('Low')
  await expect(tasksOf(page).first().locator('.wc-delimiter').first()).toHaveText(' | ')
  await expect(pages(page).locator('[aria-current="page"]')).toHaveText('1')
  await pages(page).getByRole('link', { name: 'Page 2', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`w\\.${widgetId}\\.page=2`))
  await expect(tasksOf(page)).toHaveCount(TASKS - 50)
  await expect(tasksOf(page).first()).toHaveText(line(51))
  await expect(pages(page).locator('[aria-current="page"]')).toHaveText('2')
  // Each task still links to its card.
  await expect(tasksOf(page).first().locator('a')).toHaveAttribute(
    'href',
    `/lk/t/${processKey}/${processKey}-51`,
  )
  await page.setViewportSize({ width: 375, height: 812 })
  await page.screenshot({ path: `${shots}/calendar-nojs-375.png`, fullPage: true })
  await context.close()
})

test('with JavaScript: the day pages in place, the URL follows', async ({ browser }) => {
  const { context, page } = await session(browser, true)
  await page.goto(`/lk/b/${boardId}`)
  // Hydrated: the month grid keeps one date in the tab order.
  await expect(page.locator('.wc-grid a[tabindex="0"]')).toHaveCount(1)
  await page.evaluate(() => {
    ;(window as unknown as { stayed: boolean }).stayed = true
  })
  await pages(page).getByRole('link', { name: 'Next page' }).click()
  await expect(tasksOf(page)).toHaveCount(TASKS - 50)
  await expect(tasksOf(page).first()).toHaveText(line(51))
  await expect(page).toHaveURL(new RegExp(`w\\.${widgetId}\\.page=2`))
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  await pages(page).getByRole('link', { name: 'Page 1', exact: true }).click()
  await expect(tasksOf(page)).toHaveCount(50)
  await context.close()
})

for (const js of [false, true]) {
  test(`/admin/widgets edits the fields and the delimiter (${js ? 'with' : 'without'} JavaScript)`, async ({
    browser,
  }) => {
    const { context, page } = await session(browser, js)
    await page.goto(`/admin/widgets/${widgetId}`)
    if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
    const edit = page.getByRole('dialog')
    const delimiter = edit.getByLabel('Delimiter between the fields')
    // The run without JavaScript goes first and leaves '~'.
    await expect(delimiter).toHaveValue(js ? '~' : '|')
    await expect(edit.getByText("Fields of a day's task")).toBeVisible()
    // The form keeps a delimiter within its 10 characters (a longer one is refused with 422 at
    // settings.view.delimiter: api/src/routes/boards/calendar.test.ts).
    await expect(delimiter).toHaveAttribute('maxlength', '10')
    await delimiter.fill(js ? '/' : '~')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(page.locator('.alert-list [data-alert="success"]').first()).toContainText('Changes saved')
    await page.goto(`/lk/b/${boardId}`)
    // Saved through the form: the same three fields, now joined by the new delimiter.
    const d = js ? '/' : '~'
    await expect(tasksOf(page).first()).toHaveText(new RegExp(`^(.+) ${d} (.+) ${d} (.+)$`))
    await expect(tasksOf(page).first()).toContainText(`${processKey}-1`)
    await expect(tasksOf(page).first()).toContainText(title(1))
    await expect(tasksOf(page).first()).toContainText('Low')
    await context.close()
  })
}

test('screenshots at 375, 768 and 1440 px, dark, on the second page', async ({ browser }) => {
  const { context, page } = await session(browser, true, 'ru')
  for (const [width, height] of [
    [375, 812],
    [768, 1024],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.goto(`/lk/b/${boardId}?w.${widgetId}.page=2`)
    await expect(tasksOf(page)).toHaveCount(TASKS - 50)
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
    expect(scrolls, `sideways scroll at ${width}px`).toBe(false)
    await page.screenshot({ path: `${shots}/calendar-${width}.png`, fullPage: true })
  }
  await context.close()
})
