import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { GALLERY_STATES, GALLERY_TYPES } from '../../app/fields/gallery/samples'
import { ADMIN, ORIGIN } from './env'
import { apiToken, collectConsoleErrors, cookieValue } from './utils'

/*
 * /admin/fields/gallery on the real stack: every field type in every state, the generic form's
 * demos refusing a bad value in the browser and — without JavaScript — in the action with the same
 * message, no serious accessibility violations, and screenshots in both themes for a person to
 * look at (test-results/fields-gallery-*.png).
 */

const GALLERY = '/admin/fields/gallery'
const BAD_EMAIL = 'someone@example' // a browser's type=email takes it; the domain's rule does not
const EMAIL_MESSAGE = 'Value is not a valid email address'

let adminToken: string

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  adminToken = await apiToken(request, ADMIN)
  await request.dispose()
})

async function asAdmin(context: BrowserContext, theme: 'dark' | 'light' = 'dark', lng = 'en') {
  await context.addCookies([
    { name: '_token', value: adminToken, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue(lng), url: ORIGIN },
    { name: 'theme', value: cookieValue(theme), url: ORIGIN },
  ])
}

/**
 * After hydration the generic form knows whether it is valid (data-valid). ~200 fields hydrate:
 * on a busy two-core machine that can take longer than the default wait.
 */
const hydrated = (page: Page) =>
  expect(page.locator('#demo-simple-form')).toHaveAttribute('data-valid', /true|false/, { timeout: 20_000 })

const simple = (page: Page) => page.locator('#demo-simple')

test.describe('with JavaScript', () => {
  // ~200 fields hydrate and check themselves on every input: slow on a busy two-core machine.
  test.describe.configure({ timeout: 60_000 })
  test.beforeEach(async ({ context }) => asAdmin(context))

  test('renders every field type in every state, without console errors', async ({ page }) => {
    const errors = collectConsoleErrors(page)
    await page.goto(GALLERY)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Field gallery')
    await hydrated(page)
    expect(GALLERY_TYPES).toHaveLength(28)
    for (const type of GALLERY_TYPES) {
      const card = page.locator(`section.fg-type[data-type="${type}"]`)
      await expect(card, type).toHaveCount(1)
      await expect(card.locator('.fg-state'), type).toHaveCount(GALLERY_STATES.length)
      await expect(card.locator(`.ff[data-type="${type}"]`).first(), type).toBeVisible()
    }
    // Flags reach the markup: the error list only where the field is editable.
    await expect(page.locator('.fg-state[data-state="errors"] .ff-errors')).toHaveCount(28)
    await expect(page.locator('.fg-state[data-state="readonly"] .ff-errors')).toHaveCount(0)
    // The QR code is drawn for text and a placeholder stands in without it.
    const qr = page.locator('section[data-type="qrcode"]')
    await expect(qr.locator('[data-state="value"] svg.ff-qr')).toBeVisible()
    await expect(qr.locator('[data-state="normal"] [data-testid="qr-placeholder"]')).toBeVisible()
    expect(errors).toEqual([])
  })

  test('the simple demo refuses a bad e-mail in the browser and keeps Submit disabled', async ({ page }) => {
    await page.goto(GALLERY)
    await hydrated(page)
    const form = simple(page)
    const submit = form.getByTestId('form-submit')
    await expect(submit).toBeDisabled() // required fields are empty
    await form.getByRole('textbox', { name: 'Name' }).fill('Ada')
    const email = form.getByRole('textbox', { name: 'Work e-mail' })
    await email.fill(BAD_EMAIL)
    await email.blur()
    await expect(form.locator('[data-field="cf_email"] .ff-errors')).toHaveText(EMAIL_MESSAGE)
    await form.locator('[data-field="cf_agree"] .ff-checkbox-box').click()
    await expect(submit).toBeDisabled()
    await email.fill('ada@example.com')
    await expect(form.locator('[data-field="cf_email"] .ff-errors')).toHaveCount(0)
    await expect(submit).toBeEnabled()
    await submit.click()
    await expect(form.getByText('The form passed the server’s check')).toBeVisible()
  })

  test('number keeps digits, phone masks, the select searches', async ({ page }) => {
    await page.goto(GALLERY)
    await hydrated(page)
    const form = simple(page)
    const seats = form.getByRole('textbox', { name: 'Seats' })
    await seats.pressSequentially('1a2b3')
    await expect(seats).toHaveValue('123')
    const phone = form.getByRole('textbox', { name: 'Phone number' })
    await phone.pressSequentially('9161234567')
    await expect(phone).toHaveValue('+7 (916) 123-45-67')
    const kind = form.getByRole('combobox', { name: 'Kind' })
    await kind.fill('zzz')
    await expect(page.getByTestId('select-empty')).toHaveText('No results found')
    await kind.fill('fea')
    await page.getByRole('option', { name: 'Feature' }).click()
    await expect(form.locator('input[type="hidden"][name="cf_kind"]')).toHaveValue('feature')
  })

  test('the rich-text editor formats with its toolbar and Ctrl+B, and posts clean HTML', async ({ page }) => {
    await page.goto(GALLERY)
    await hydrated(page)
    const state = page.locator('section[data-type="editor"] [data-state="normal"]')
    const box = state.getByRole('textbox')
    await box.click()
    await page.keyboard.press('ControlOrMeta+b')
    await page.keyboard.type('bold')
    await page.keyboard.press('ControlOrMeta+b')
    await page.keyboard.type(' plain')
    await expect(state.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false')
    await state.getByRole('button', { name: 'Bulleted list' }).click()
    await expect(state.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true')
    const hidden = state.locator('input[type="hidden"]').first()
    await expect(hidden).toHaveValue(/<ul><li><b>bold<\/b>(&nbsp;| )plain/)
  })

  test('tabs: Next is enabled only when the following tab is active; inactive tabs are disabled', async ({
    page,
  }) => {
    await page.goto(GALLERY)
    await hydrated(page)
    const tabs = page.locator('#demo-tabs')
    const next = tabs.getByTestId('form-next')
    await expect(tabs.getByRole('tab', { name: 'Contacts' })).toHaveAttribute('aria-disabled', 'true')
    await expect(next).toBeDisabled()
    await tabs.getByRole('textbox', { name: 'Name' }).fill('Ada')
    await expect(next).toBeEnabled()
    await expect(tabs.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-disabled', 'true')
    await next.click()
    await expect(tabs.getByRole('tab', { name: 'Contacts' })).toHaveAttribute('aria-selected', 'true')
    await expect(next).toBeDisabled()
    await tabs.getByRole('textbox', { name: 'Work e-mail' }).fill('ada@example.com')
    await expect(next).toBeEnabled()
  })

  test('the date picker opens a six-week calendar with no action row and applies the chosen day at once', async ({
    page,
  }) => {
    await page.goto(GALLERY)
    await hydrated(page)
    const field = simple(page).locator('[data-field="cf_due"]')
    await field.getByRole('button', { name: 'Open the calendar' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.locator('tbody tr')).toHaveCount(6)
    // Spec §9: the action row is hidden by default, so the calendar has no Now.
    await expect(dialog.getByRole('button', { name: 'Now' })).toHaveCount(0)
    await dialog
      .locator('[role="gridcell"] [role="button"]:not([data-outside-month])')
      .filter({ hasText: /^11$/ })
      .click()
    await expect(dialog).toHaveCount(0)
    await expect(field.locator('input[type="hidden"][name="cf_due"]')).toHaveValue(/^\d{4}-\d{2}-11$/)
  })

  test('axe finds no serious or critical violations', async ({ page }) => {
    await page.goto(GALLERY)
    await hydrated(page)
    const results = await new AxeBuilder({ page }).include('main').analyze()
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} — ${v.help}`)
    expect(serious).toEqual([])
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test.beforeEach(async ({ context }) => asAdmin(context))

  test('every type renders a native control with its name', async ({ page }) => {
    await page.goto(GALLERY)
    for (const type of GALLERY_TYPES) {
      const normal = page.locator(`section[data-type="${type}"] [data-state="value"]`)
      await expect(normal.locator(`[name^="g_${type}_value"]`).first(), type).toBeAttached()
    }
  })

  test('the action refuses the bad e-mail with the same message, and keeps what was typed', async ({
    page,
  }) => {
    await page.goto(GALLERY)
    const form = simple(page)
    await form.locator('input[name="cf_name"]').fill('Ada')
    await form.locator('input[name="cf_email"]').fill(BAD_EMAIL)
    // The box, in the label (the input itself is visually hidden; the label's text holds a link).
    await form.locator('[data-field="cf_agree"] .ff-checkbox-box').click()
    await expect(form.locator('input[name="cf_agree"]')).toBeChecked()
    await form.getByTestId('form-submit').click()
    await expect(page).toHaveURL(new RegExp(`${GALLERY}`))
    const again = simple(page)
    await expect(again.locator('[data-field="cf_email"] .ff-errors')).toHaveText(EMAIL_MESSAGE)
    await expect(again.locator('input[name="cf_email"]')).toHaveValue(BAD_EMAIL)
    await expect(again.locator('input[name="cf_name"]')).toHaveValue('Ada')

    await again.locator('input[name="cf_email"]').fill('ada@example.com')
    await again.getByTestId('form-submit').click()
    await expect(simple(page).getByText('The form passed the server’s check')).toBeVisible()
  })
})

// Not a check: pictures for a person to look at. `SHOTS=1 npx playwright test fields-gallery`.
test.describe('screenshots', () => {
  test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots')
  test.setTimeout(120_000)
  // Dark in English, light in Russian (the default language: its calendar, its labels).
  for (const [theme, lng] of [
    ['dark', 'en'],
    ['light', 'ru'],
  ] as const) {
    test(`the gallery, ${theme}, ${lng}`, async ({ page, context }) => {
      mkdirSync('test-results', { recursive: true })
      await asAdmin(context, theme, lng)
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.goto(GALLERY)
      await hydrated(page)
      await page.screenshot({ path: `test-results/fields-gallery-${theme}.png`, fullPage: true })
      // The long page in parts a person can read at full size.
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      for (let y = 0, i = 0; y < height; y += 1600, i++)
        await page.screenshot({
          path: `test-results/fields-gallery-${theme}-part${i}.png`,
          fullPage: true,
          clip: { x: 0, y, width: 1440, height: Math.min(1600, height - y) },
        })
      // The rich-text editor: its toolbar over the region, in every state.
      await page
        .locator('section[data-type="editor"]')
        .screenshot({ path: `test-results/fields-gallery-editor-${theme}.png` })
      // The pickers' popovers, open.
      await simple(page).locator('[data-field="cf_due"] .ff-calendar-button').click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await page.screenshot({ path: `test-results/fields-gallery-date-${theme}.png` })
      await page.keyboard.press('Escape')
      const range = page.locator('section[data-type="daterange"] [data-state="value"]')
      await range.scrollIntoViewIfNeeded()
      await range.locator('button.ff-picker-button').click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await page.screenshot({ path: `test-results/fields-gallery-range-${theme}.png` })
    })
  }
})
