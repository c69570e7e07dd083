import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiToken, collectConsoleErrors, cookieValue } from './utils'

/*
 * Spec §2/§5 for every form, through the one shared form layer (useSubmitDisabled): a required
 * field the person empties says 'Value is required' at once and Submit stays disabled until it is
 * filled again — an admin dialog that conform checks only on submit, and another form of another area.
 */

let token: string

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  token = await apiToken(request, ADMIN)
  await request.dispose()
})

async function asAdmin(context: BrowserContext) {
  await context.addCookies([
    { name: '_token', value: token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
  ])
}

/** Empties `label` after typing in it, and checks the message and the disabled submit. */
async function emptyingIsRefused(page: Page, label: string, value: string, submit: string) {
  const form = page.getByRole('dialog')
  const input = form.getByLabel(label, { exact: true })
  const button = form.getByRole('button', { name: submit })
  await input.fill(value)
  await expect(button).toBeEnabled()
  await input.fill('')
  await expect(form.getByText('Value is required')).toBeVisible()
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(button).toBeDisabled()
  await input.fill(value)
  await expect(form.getByText('Value is required')).toHaveCount(0)
  await expect(button).toBeEnabled()
}

test('an emptied required field says so and disables Submit, in every form', async ({ page, context }) => {
  const errors = collectConsoleErrors(page)
  await asAdmin(context)
  await page.goto('/admin/users/new')
  await page.locator('.dialog-overlay:not([data-static])').waitFor()
  await emptyingIsRefused(page, 'Email', 'someone@example.com', 'Create')

  await page.goto('/admin/statuses/new')
  await page.locator('.dialog-overlay:not([data-static])').waitFor()
  await emptyingIsRefused(page, 'Name', 'Reviewing', 'Create')
  expect(errors).toEqual([])
})
