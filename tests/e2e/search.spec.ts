import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { collectConsoleErrors, englishAdminSession, signIn } from './utils'

/*
 * The search page /lk/tasks (issue 24 item 1, PRODUCT.md §10) on the real stack, with and without
 * JavaScript: find a task by key and by title, a query with an error shows where, a header sorts,
 * pages, the chosen columns stay after a reload and a new sign-in; completion with JavaScript; axe
 * in both themes. Screenshots at 375, 768 and 1440 px.
 */

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-search'
mkdirSync(shots, { recursive: true })

const search = (page: Page, q: string) => page.goto(`${ORIGIN}/lk/tasks?${new URLSearchParams({ q })}`)

/** The keys of the rows shown, in order. */
const keys = (page: Page) => page.getByTestId('search-key').allTextContents()

/** The rows show exactly these keys, in this order (waits for a navigation under way). */
const shows = (page: Page, expected: string[]) => expect(page.getByTestId('search-key')).toHaveText(expected)

// Eight people share two cores: a page of this spec can take seconds to come.
test.describe.configure({ timeout: 120_000 })

/** Types a query into the box and searches (the form's button: Enter needs JavaScript). */
async function submit(page: Page, q: string) {
  await page.getByLabel('Query').fill(q)
  await page.getByTestId('search-submit').click()
}

/** The number in "Tasks found: N". */
async function total(page: Page): Promise<number> {
  const text = (await page.getByTestId('search-total').textContent()) ?? ''
  return Number(text.replace(/\D/g, ''))
}

for (const js of [true, false]) {
  const mode = js ? 'with JavaScript' : 'without JavaScript'
  const theme = js ? 'dark' : 'light'

  test.describe(mode, () => {
    test(`find by key and by title; the menu leads there — ${mode}`, async ({ browser }) => {
      const { context, page } = await englishAdminSession(browser, js, theme)
      const errors = collectConsoleErrors(page)
      // "Tasks" is a group (the search itself, then the saved queries): opened, then its first link.
      await page.getByTestId('menu-tasks').locator('summary').click()
      await page.getByTestId('menu-tasks').getByRole('link', { name: 'Tasks', exact: true }).click()
      await expect(page).toHaveURL(`${ORIGIN}/lk/tasks`)
      await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible()
      expect(await total(page)).toBeGreaterThan(10)

      await submit(page, 'key = TASK-1')
      await expect(page).toHaveURL(/\/lk\/tasks\?q=key\+%3D\+TASK-1$/)
      await shows(page, ['TASK-1'])
      await expect(page.getByTestId('search-total')).toHaveText('Tasks found: 1')
      const row = page.getByTestId('search-row')
      await expect(row).toContainText('Set up the office printer')
      await expect(row.locator('.status-name')).toHaveText('To do')
      await expect(row.locator('.status-dot')).toBeVisible()

      await submit(page, 'title ~ "quarterly report"')
      await shows(page, ['TASK-3'])
      await page.getByRole('link', { name: 'TASK-3' }).click()
      await expect(page).toHaveURL(`${ORIGIN}/lk/t/TASK/TASK-3`)
      await page.goBack()
      await expect(page.getByLabel('Query')).toHaveValue('title ~ "quarterly report"')

      await submit(page, 'title ~ "no such thing at all"')
      await expect(page.getByTestId('search-empty')).toHaveText('No task matches the query.')
      await expect(page.getByTestId('search-total')).toHaveText('Tasks found: 0')
      expect(errors).toEqual([])
      await context.close()
    })

    test(`a query with an error shows where — ${mode}`, async ({ browser }) => {
      const { context, page } = await englishAdminSession(browser, js, theme)
      await search(page, 'title ~ printer and cf_nope = 1')
      await expect(page.getByTestId('query-errors')).toContainText('Unknown field cf_nope at position 21')
      await expect(page.getByTestId('query-excerpt-bad')).toHaveText('cf_nope')
      await expect(page.getByLabel('Query')).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByTestId('search-results')).toHaveCount(0)
      // The upstream places a bad value at its first character: the page marks the whole word.
      await search(page, 'cf_estimate = many')
      await expect(page.getByTestId('query-excerpt-bad')).toHaveText('many')
      if (js) {
        await expect(page.locator('.query-editor-live')).toBeVisible()
        await expect(page.locator('.rql-bad')).toHaveText('many')
        // The live check speaks as one types, at the place of the error.
        await page.getByLabel('Query').fill('title ~ ')
        await expect(page.getByTestId('query-errors')).toHaveText('A value is expected at position 8')
        await page.getByLabel('Query').fill('title ~ printer')
        await expect(page.getByTestId('query-ok')).toHaveText('The query is correct')
      }
      await page.screenshot({ path: `${shots}/search-error-${theme}.png`, fullPage: true })
      await context.close()
    })

    test(`a header sorts, twice turns the order over; pages — ${mode}`, async ({ browser }) => {
      const { context, page } = await englishAdminSession(browser, js, theme)
      await search(page, 'key in (TASK-1, TASK-2, TASK-3, TASK-4)')
      await page.getByTestId('sort-title').click()
      await expect(page).toHaveURL(/order\+by\+title$/)
      await expect(page.getByLabel('Query')).toHaveValue(
        'key in (TASK-1, TASK-2, TASK-3, TASK-4) order by title',
      )
      await expect(page.locator('th[data-field="title"]')).toHaveAttribute('aria-sort', 'ascending')
      // Order new chairs, Prepare the quarterly report, Renew the domain name, Set up the office printer.
      await shows(page, ['TASK-2', 'TASK-3', 'TASK-4', 'TASK-1'])
      await page.getByTestId('sort-title').click()
      await expect(page).toHaveURL(/order\+by\+title\+desc$/)
      await shows(page, ['TASK-1', 'TASK-4', 'TASK-3', 'TASK-2'])
      await expect(page.locator('th[data-field="title"]')).toHaveAttribute('aria-sort', 'descending')
      await page.goBack()
      await expect(page).toHaveURL(/order\+by\+title$/)
      await expect(page.getByLabel('Query')).toHaveValue(
        'key in (TASK-1, TASK-2, TASK-3, TASK-4) order by title',
      )

      await search(page, 'order by key')
      await expect(page.getByTestId('search-key')).toHaveCount(10)
      const all = await total(page)
      const first = await keys(page)
      await page.getByRole('link', { name: 'Page 2', exact: true }).click()
      await expect(page).toHaveURL(/[?&]page=2$/)
      await expect(page.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      )
      await expect(page.getByTestId('search-key').first()).not.toHaveText(first[0]!)
      const second = await keys(page)
      expect(second).toHaveLength(10)
      expect(second.filter((k) => first.includes(k))).toEqual([])
      expect(await total(page)).toBe(all)
      await page.reload()
      await shows(page, second)
      await context.close()
    })

    test(`the columns chosen stay after a reload and a new sign-in — ${mode}`, async ({ browser }) => {
      const { context, page } = await englishAdminSession(browser, js, theme)
      await search(page, 'key = TASK-1')
      await expect(page.locator('th[data-field="cf_priority"]')).toHaveCount(0)
      await page.getByTestId('search-columns').locator('summary').click()
      await page.getByRole('checkbox', { name: /Priority/ }).check()
      await page.getByTestId('search-columns-save').click()
      await expect(page).toHaveURL(/\/lk\/tasks\?q=key\+%3D\+TASK-1$/)
      await expect(page.locator('th[data-field="cf_priority"]')).toHaveText(/Priority/)
      await expect(page.locator('td[data-field="cf_priority"]')).toHaveText('High')
      await page.screenshot({ path: `${shots}/search-columns-${theme}.png`, fullPage: true })

      await page.reload()
      await expect(page.locator('td[data-field="cf_priority"]')).toHaveText('High')
      // Signed out and in again: the choice is the user's.
      await page.getByRole('button', { name: 'Log out' }).first().click()
      await expect(page).toHaveURL(/\/auth\/login/)
      await signIn(page, ADMIN)
      await expect(page).toHaveURL(/\/lk/)
      await search(page, 'key = TASK-1')
      await expect(page.locator('td[data-field="cf_priority"]')).toHaveText('High')

      // Taken off again (the other tests see the default columns).
      await page.getByTestId('search-columns').locator('summary').click()
      await page.getByRole('checkbox', { name: /Priority/ }).uncheck()
      await page.getByTestId('search-columns-save').click()
      await expect(page.locator('th[data-field="cf_priority"]')).toHaveCount(0)
      await context.close()
    })
  })
}

test('completion offers keys, statuses and keywords as one types', async ({ browser }) => {
  const { context, page } = await englishAdminSession(browser, true, 'dark')
  await page.goto(`${ORIGIN}/lk/tasks`)
  await expect(page.locator('.query-editor-live')).toBeVisible()
  const box = page.getByLabel('Query')
  await box.pressSequentially('tit')
  const list = page.getByTestId('query-completion')
  await expect(list.getByRole('option').first()).toHaveText('title')
  await box.press('Tab')
  await expect(box).toHaveValue('title ')
  await expect(list.getByRole('option').filter({ hasText: /^~$/ })).toHaveCount(1)
  await box.pressSequentially('~ printer o')
  await expect(list.getByRole('option')).toHaveText(['or', 'order by'])
  await box.press('ArrowDown')
  await box.press('ArrowDown')
  await page.screenshot({ path: `${shots}/search-completion.png` })
  await box.press('Enter')
  await expect(box).toHaveValue('title ~ printer order by ')
  await box.pressSequentially('ke')
  await expect(list.getByRole('option').first()).toHaveText('key')
  // Enter searches unless a suggestion was chosen with the arrows.
  await box.press('Enter')
  await expect(page).toHaveURL(/q=title\+%7E\+printer\+order\+by\+ke$/)
  await context.close()
})

for (const theme of ['dark', 'light'] as const) {
  test(`axe finds nothing serious on /lk/tasks — ${theme}`, async ({ browser }) => {
    const { context, page } = await englishAdminSession(browser, true, theme)
    for (const q of ['', 'title ~ printer and cf_nope = 1']) {
      await search(page, q)
      await expect(page.locator('.query-editor-live')).toBeVisible()
      const results = await new AxeBuilder({ page }).include('main').analyze()
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} — ${v.help}`)
      expect(serious, q).toEqual([])
    }
    await context.close()
  })
}

test('usable at 375, 768 and 1440 px: the table scrolls inside its box', async ({ browser }) => {
  for (const width of [375, 768, 1440]) {
    const { context, page } = await englishAdminSession(browser, true, 'dark')
    await page.setViewportSize({ width, height: 900 })
    await search(page, 'order by key')
    const wrap = page.getByTestId('search-results')
    await expect(wrap).toBeVisible()
    // The page itself never scrolls sideways; the results' box does when it must.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    const box = await wrap.boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `${shots}/search-${width}.png`, fullPage: true })
    await context.close()
  }
})
