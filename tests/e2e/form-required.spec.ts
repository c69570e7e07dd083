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

// The same for each administrator's "new" dialog: its first required text field, emptied, says so
// and disables the dialog's submit (the forms above by name; these found by their markup, so a new
// dialog that forgets the shared layer fails here).
const NEW_DIALOGS = [
  '/admin/users/new',
  '/admin/statuses/new',
  '/admin/teams/new',
  '/admin/processes/new',
  '/admin/progress/new',
  '/admin/boards/new',
  '/admin/widgets/new',
  '/admin/fields/new',
  '/admin/forms/new',
  // The plugin's own form (the generic form over its field definitions), once a plugin is picked.
  '/admin/plugin-configs/new?plugin=sso',
]

test('every administrator’s New dialog: an emptied required field says so and disables its submit', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  const errors = collectConsoleErrors(page)
  await asAdmin(context)
  const problems: string[] = []
  for (const path of NEW_DIALOGS) {
    await page.goto(path)
    await page.locator('.dialog-overlay:not([data-static])').waitFor()
    const form = page.getByRole('dialog')
    const input = form
      .locator(
        ':is(input, textarea)[aria-required="true"]:is([type="text"], [type="email"], :not([type])):visible',
      )
      .first()
    const submit = form.locator('button[type="submit"]').last()
    if ((await input.count()) === 0) {
      const seen = await form
        .locator('input:visible, textarea:visible, select:visible')
        .evaluateAll((els) =>
          els.map(
            (e) =>
              `${e.getAttribute('name')}/${e.getAttribute('type')}/${e.getAttribute('aria-required')}/${e.getAttribute('required')}`,
          ),
        )
      problems.push(`${path}: no required text field in ${seen.join(' ')}`)
      continue
    }
    const name = await input.getAttribute('name')
    await input.fill('Something')
    await input.fill('')
    await input.blur()
    const said = await expect(form.getByText('Value is required').first())
      .toBeVisible({ timeout: 3_000 })
      .then(
        () => true,
        () => false,
      )
    if (!said) problems.push(`${path} (${name}): no 'Value is required'`)
    if (!(await submit.isDisabled())) problems.push(`${path} (${name}): submit enabled`)
  }
  expect(problems).toEqual([])
  expect(errors).toEqual([])
})
