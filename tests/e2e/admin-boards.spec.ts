import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiToken, collectConsoleErrors as collectAll, cookieValue } from './utils'

/*
 * /admin/widgets and /admin/boards end to end, on the real stack, with JavaScript (react-aria
 * dialogs, fetchers, the live query check, the grid) and without it (server-rendered dialog panels,
 * every step a plain post, the layout as numeric fields). Read in English (the `lng` cookie).
 */

let adminToken: string

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  adminToken = await apiToken(request, ADMIN)
  await request.dispose()
})

async function asAdmin(context: BrowserContext) {
  await context.addCookies([
    { name: '_token', value: adminToken, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
  ])
}

const alert = (page: Page, type: 'success' | 'warning' | 'info' | 'danger') =>
  page.locator(`.alert-list [data-alert="${type}"]`)
const dialog = (page: Page) => page.getByRole('dialog')

/** Console errors, less the status of a refused post answered as a page (the form's errors, by design). */
function collectConsoleErrors(page: Page) {
  const all = collectAll(page)
  return {
    get list() {
      return all.filter((e) => !/status of (400|422)/.test(e))
    },
  }
}

for (const js of [true, false]) {
  const tag = js ? 'js' : 'nojs'
  const name = (what: string) => `${what} ${tag}`

  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js })
    test.describe.configure({ mode: 'serial' })

    test.beforeEach(async ({ context }) => {
      await asAdmin(context)
    })

    /** The dialog at `url`, ready to type in (with JavaScript: once react-aria's has taken over). */
    async function openDialog(page: Page, url: string): Promise<Locator> {
      await page.goto(url)
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      return dialog(page)
    }

    /** Add → type and title → the new widget's Editing dialog. */
    async function addWidget(page: Page, type: 'Table' | 'Calendar', title: string) {
      const d = await openDialog(page, '/admin/widgets/new')
      await expect(d.getByRole('heading', { name: 'New widget' })).toBeVisible()
      await d.getByLabel('Type', { exact: true }).selectOption({ label: type })
      await d.getByLabel('Title').fill(title)
      await d.getByRole('button', { name: 'Create' }).click()
      await expect(page).toHaveURL(/\/admin\/widgets\/[0-9a-f-]{36}/)
      await expect(alert(page, 'success').first()).toContainText('Widget created')
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      await expect(dialog(page).getByRole('heading', { name: 'Editing' })).toBeVisible()
      return page.url().split('?')[0]
    }

    test('widgets: Add a table and a calendar, edit their settings and query, the list shows them', async ({
      page,
    }) => {
      const errors = collectConsoleErrors(page)
      await page.goto('/admin/widgets')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Widgets')

      // Add checks its form.
      const d = await openDialog(page, '/admin/widgets/new')
      await d.getByRole('button', { name: 'Create' }).click()
      await expect(d.getByText('Value is required').first()).toBeVisible()

      const table = await addWidget(page, 'Table', name('Open tasks'))
      let edit = dialog(page)
      await expect(edit.getByText(name('Open tasks')).first()).toBeVisible()
      await edit.getByLabel('Query').fill('order by key')
      if (js) await expect(edit.getByTestId('query-ok')).toHaveText('The query is correct')
      await edit.getByLabel('Tasks per page').fill('7')
      await edit.getByRole('button', { name: 'Save' }).click()
      await expect(alert(page, 'success').first()).toContainText('Changes saved')
      await page.goto(table)
      edit = dialog(page)
      await expect(edit.getByLabel('Query')).toHaveValue('order by key')
      await expect(edit.getByLabel('Tasks per page')).toHaveValue('7')
      // The preview: the saved widget through the table's own component, its pages as links.
      const preview = edit.getByTestId('widget-preview')
      await expect(preview.getByTestId('table-widget')).toBeVisible()
      await expect(preview.getByTestId('table-key')).toHaveCount(7)
      const first = await preview.getByTestId('table-key').first().textContent()
      await preview.getByRole('link', { name: 'Page 2', exact: true }).click()
      await expect(page).toHaveURL(/w\.[0-9a-f-]{36}\.page=2/)
      await expect(dialog(page).getByTestId('table-key').first()).not.toHaveText(first ?? '')

      await addWidget(page, 'Calendar', name('Calendar'))
      edit = dialog(page)
      await expect(edit.getByText('Date field')).toBeVisible()

      // The list: both, their type, filtered by type.
      await page.goto('/admin/widgets')
      const row = (title: string) => page.locator('tbody tr', { has: page.getByText(title, { exact: true }) })
      await expect(row(name('Open tasks'))).toContainText('Table')
      await expect(row(name('Calendar'))).toContainText('Calendar')
      await page.getByLabel('Filter by type').selectOption('calendar')
      if (!js) await page.getByRole('button', { name: 'Show' }).click()
      await expect(page).toHaveURL(/type=calendar/)
      await expect(row(name('Calendar'))).toBeVisible()
      await expect(row(name('Open tasks'))).toHaveCount(0)
      expect(errors.list).toEqual([])
    })

    test('widgets: a query that does not parse is refused with rql.syntax_error and its place', async ({
      page,
    }) => {
      await page.goto('/admin/widgets')
      await page.getByRole('link', { name: name('Open tasks'), exact: true }).click()
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      const edit = dialog(page)
      await edit.getByLabel('Query').fill('status = ')
      if (js) {
        // The live check, as it is typed, before anything is sent.
        const live = edit.getByTestId('query-errors').locator('[data-code="rql.syntax_error"]')
        await expect(live).toHaveText('A value is expected at position 9')
        await edit.getByLabel('Query').fill('status = (')
        await expect(edit.getByTestId('query-errors').locator('[data-code="rql.syntax_error"]')).toBeVisible()
        await expect(edit.locator('.rql-bad')).toHaveCount(1)
        await edit.getByLabel('Query').fill('status = ')
      }
      await edit.getByRole('button', { name: 'Save' }).click({ force: true })
      const shown = edit.getByTestId('query-errors').locator('[data-code="rql.syntax_error"]')
      await expect(shown).toHaveText('A value is expected at position 9')
      // Nothing was saved.
      await page.goto(page.url())
      await expect(dialog(page).getByLabel('Query')).toHaveValue('order by key')
    })

    test('boards: Add a board, bind both widgets, set the layout by numbers, it survives a reload', async ({
      page,
    }) => {
      const errors = collectConsoleErrors(page)
      await page.goto('/admin/boards')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboards')
      const d = await openDialog(page, '/admin/boards/new')
      await d.getByLabel('Name').fill(name('Main board'))
      await d.getByRole('button', { name: 'Create' }).click()
      await expect(page).toHaveURL(/\/admin\/boards\/[0-9a-f-]{36}/)
      await expect(alert(page, 'success').first()).toContainText('Board created')
      const boardUrl = page.url().split('?')[0]
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      let edit = dialog(page)
      await expect(edit.getByRole('heading', { name: 'Editing' })).toBeVisible()
      await expect(edit.getByText('No widgets on this board yet')).toBeVisible()

      for (const [title, type] of [
        [name('Open tasks'), 'Table'],
        [name('Calendar'), 'Calendar'],
      ]) {
        await edit.getByLabel('Widget', { exact: true }).selectOption({ label: `${title} · ${type}` })
        await edit.getByRole('button', { name: 'Add', exact: true }).click()
        await expect(edit.getByTestId('board-widgets').getByText(title, { exact: true })).toBeVisible()
      }

      // The layout: the numeric fields (with JavaScript they are beside the grid).
      const form = edit.getByTestId('layout-form')
      const rowOf = (title: string) => form.locator('tbody tr', { hasText: title })
      await expect(rowOf(name('Open tasks'))).toBeVisible()
      const set = async (title: string, v: { x: number; y: number; w: number; h: number }) => {
        const r = rowOf(title)
        for (const [k, value] of Object.entries(v))
          await r.locator(`input[name$=".${k}"]`).fill(String(value))
      }
      await set(name('Open tasks'), { x: 0, y: 0, w: 30, h: 9 })
      await set(name('Calendar'), { x: 40, y: 0, w: 18, h: 12 }) // past the 48 columns: clamped to x 30
      await form.getByRole('button', { name: 'Save the layout' }).click()
      await expect(alert(page, 'success').first()).toContainText('Changes saved')
      if (js) await expect(edit.getByTestId('layout-status')).not.toHaveText('Saving…')

      await page.goto(boardUrl)
      edit = dialog(page)
      const values = async (title: string) => {
        const r = edit.getByTestId('layout-form').locator('tbody tr', { hasText: title })
        return Promise.all(['x', 'y', 'w', 'h'].map((k) => r.locator(`input[name$=".${k}"]`).inputValue()))
      }
      expect(await values(name('Open tasks'))).toEqual(['0', '0', '30', '9'])
      expect(await values(name('Calendar'))).toEqual(['30', '0', '18', '12'])
      if (js) {
        // The grid shows both where the fields say.
        await expect(edit.getByTestId('layout-grid').locator('.layout-item')).toHaveCount(2)
      }

      // The board's own settings.
      await edit.getByText('Default board', { exact: true }).click()
      await edit.getByRole('button', { name: 'Save', exact: true }).click()
      await expect(alert(page, 'success').first()).toContainText('Changes saved')
      await page.goto('/admin/boards')
      const row = page.locator('tbody tr', { hasText: name('Main board') })
      await expect(row).toContainText('2')
      if (!js) await expect(row.getByTestId('default-mark')).toBeVisible()
      expect(errors.list).toEqual([])
    })

    test('boards: with JavaScript a widget drags and resizes on the grid, saved by itself', async ({
      page,
    }) => {
      test.skip(!js, 'the grid needs JavaScript; without it the numeric fields above do the same')
      const errors = collectConsoleErrors(page)
      await page.goto('/admin/boards')
      await page.getByRole('link', { name: name('Main board'), exact: true }).click()
      await page.locator('.dialog-overlay:not([data-static])').waitFor()
      const edit = dialog(page)
      const grid = edit.getByTestId('layout-grid')
      const values = () =>
        edit
          .getByTestId('layout-form')
          .locator('tbody tr', { hasText: name('Calendar') })
          .locator('input[type=number]')
          .evaluateAll((els) => els.map((e) => Number((e as HTMLInputElement).value)))
      expect(await values()).toEqual([30, 0, 18, 12])
      const card = grid.locator('.layout-item', { hasText: name('Calendar') })
      const drag = async (from: { x: number; y: number }, dx: number, dy: number) => {
        await page.mouse.move(from.x, from.y)
        await page.mouse.down()
        for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + (dx * i) / 10, from.y + (dy * i) / 10)
        await page.mouse.up()
      }
      // Drag it by its header towards the left, under the table.
      await grid.scrollIntoViewIfNeeded()
      const handle = await card.locator('.layout-item-handle').boundingBox()
      if (!handle) throw new Error('no handle')
      await drag({ x: handle.x + 10, y: handle.y + handle.height / 2 }, -handle.width, 0)
      await expect.poll(async () => (await values())[0]).toBeLessThan(30)
      // Resize it by its corner: narrower.
      await card.hover()
      const corner = await card.locator('.react-resizable-handle').boundingBox()
      if (!corner) throw new Error('no resize handle')
      await drag({ x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 }, -40, 40)
      await expect.poll(async () => (await values())[2]).toBeLessThan(18)
      const moved = await values()
      // Saved 1,500 ms after the last move, without a click.
      await expect(edit.getByTestId('layout-status')).toHaveText('Changes saved', { timeout: 10_000 })
      await page.goto(page.url())
      await page.locator('.dialog-overlay:not([data-static])').waitFor()
      expect(await values()).toEqual(moved)
      // Nothing refused by the page's CSP (react-draggable's own style element) or thrown.
      expect(errors.list).toEqual([])
    })

    test('boards: import checks the document first (a dry run), then imports it', async ({ page }) => {
      // The board of the test before, exported.
      await page.goto('/admin/boards')
      await page.getByRole('link', { name: name('Main board'), exact: true }).click()
      const href = await dialog(page).getByTestId('board-export').getAttribute('href')
      expect(href).toMatch(/\/export$/)
      const exported = await page.request.get(`${ORIGIN}${href}`)
      expect(exported.status()).toBe(200)
      expect(exported.headers()['content-disposition']).toContain('attachment')
      const document = (await exported.json()) as { board: { name: string } }
      document.board.name = name('Imported board')

      const d = await openDialog(page, '/admin/boards/import')
      await expect(d.getByRole('heading', { name: 'Import a board' })).toBeVisible()
      // Not JSON: refused before anything is sent.
      await d.getByLabel('Or paste the document').fill('{nope')
      await d.getByRole('button', { name: 'Check' }).click()
      await expect(d.getByText('Invalid JSON')).toBeVisible()

      await d.getByLabel('Or paste the document').fill(JSON.stringify(document))
      await d.getByRole('button', { name: 'Check' }).click()
      const preview = dialog(page).getByTestId('import-preview')
      await expect(preview.getByTestId('import-board')).toHaveText(name('Imported board'))
      await expect(preview.getByTestId('import-widgets')).toContainText(name('Open tasks'))
      await expect(preview.getByTestId('import-widgets')).toContainText(name('Calendar'))
      await expect(preview.getByTestId('import-no-problems')).toBeVisible()
      // The dry run created nothing.
      await expect(page.locator('tbody')).not.toContainText(name('Imported board'))

      await preview.getByRole('button', { name: 'Import' }).click()
      await expect(page).toHaveURL(/\/admin\/boards\/[0-9a-f-]{36}/)
      await expect(alert(page, 'success').first()).toContainText('imported')
      await expect(dialog(page).getByTestId('board-widgets')).toContainText(name('Open tasks'))
      await page.goto('/admin/boards')
      await expect(page.locator('tbody')).toContainText(name('Imported board'))
    })
  })
}
