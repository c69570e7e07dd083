import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiToken, cookieValue } from './utils'

/*
 * The schedule's settings in /admin/widgets (issue 12 item 6) through the registry's generic
 * settings form, with JavaScript and without it: Add a schedule, its settings fields with their
 * defaults (the demo's time range, grouping by assignee), saved, the preview through the
 * schedule's own component. Read in English (the `lng` cookie).
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

const alert = (page: Page) => page.locator('.alert-list [data-alert="success"]').first()

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js })

    test('a schedule is added and saved through the settings form; its preview is the schedule', async ({
      page,
      context,
    }) => {
      await asAdmin(context)
      await page.goto('/admin/widgets/new')
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      const d = page.getByRole('dialog')
      await d.getByLabel('Type', { exact: true }).selectOption({ label: 'Schedule' })
      await d.getByLabel('Title').fill(`Crews ${js ? 'js' : 'nojs'}`)
      await d.getByRole('button', { name: 'Create' }).click()
      await expect(page).toHaveURL(/\/admin\/widgets\/[0-9a-f-]{36}/)
      await expect(alert(page)).toContainText('Widget created')
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      const edit = page.getByRole('dialog')
      await expect(edit.getByRole('heading', { name: 'Editing' })).toBeVisible()
      for (const label of [
        'Date field',
        'Time field (start and end)',
        'Grouping (columns)',
        'Card subtitle',
        'Card fields',
      ])
        await expect(edit.getByText(label, { exact: true }).first()).toBeVisible()
      // The demo's time range is the default time field.
      if (js) await expect(edit.getByText('Hours').first()).toBeVisible()
      else await expect(edit.getByLabel('Time field (start and end)')).toHaveValue('cf_hours')
      await edit.getByRole('button', { name: 'Save' }).click()
      await expect(alert(page)).toContainText('Changes saved')
      await page.goto(page.url())
      const preview = page.getByRole('dialog').getByTestId('widget-preview')
      await expect(preview.getByTestId('schedule-widget')).toBeVisible()
      await expect(preview.getByTestId('schedule-hour')).toHaveCount(24)
    })
  })
}
