import { mkdirSync } from 'node:fs'
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { putSso, readSso, restoreSso, type SsoConfig } from '../fixtures/sso-config'
import { ADMIN, ORIGIN } from './env'
import { apiToken, collectConsoleErrors, cookieValue } from './utils'

/*
 * Single sign-on as an administrator sets it up since migration 0018: from /admin/ui's pointer to
 * the plugin's Add dialog in /admin/plugin-configs, the upstream's rule (issuer, audience and JWKS
 * together), then Editing and switching it off — and the login page a visitor sees following each
 * step. With JavaScript (dialogs) and without (every step a plain post).
 */

let adminToken: string
let original: SsoConfig | null

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  adminToken = await apiToken(request, ADMIN)
  original = await readSso(request, ORIGIN, adminToken)
  await request.dispose()
})
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  await restoreSso(request, ORIGIN, adminToken, original)
  await request.dispose()
})

async function asAdmin(context: BrowserContext) {
  await context.addCookies([
    { name: '_token', value: adminToken, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
  ])
}

/** The login page as a visitor (another browser context, Russian by default) sees it. */
async function visitorLogin(browser: Browser, javaScriptEnabled: boolean, path = '/auth/login') {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: ORIGIN })
  const page = await context.newPage()
  await page.goto(path)
  return { page, close: () => context.close() }
}

const variants = (page: Page) => page.getByRole('navigation', { name: 'Способы входа' })
const alert = (page: Page) => page.locator('.alert-list [data-alert="success"]').first()

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js })
    test.beforeEach(async ({ context, request }) => {
      await putSso(request, ORIGIN, adminToken, null)
      await asAdmin(context)
    })

    test('configures single sign-on in the plugin and the login page follows', async ({ page, browser }) => {
      test.slow() // several pages and a second browser context: beyond 30 s on a loaded machine
      const errors = collectConsoleErrors(page)
      const host = js ? 'centre-js.example.com' : 'centre-nojs.example.com'
      const before = await visitorLogin(browser, js)
      await expect(before.page.locator('form#login')).toBeVisible()
      await expect(variants(before.page)).toHaveCount(0)
      await before.close()

      // /admin/ui no longer has the fields: it points to the plugin.
      await page.goto('/admin/ui')
      const card = page.locator('section#sign-in')
      await expect(card.getByTestId('sign-in-state')).toContainText('not configured')
      await card.getByRole('link', { name: 'Set up single sign-on' }).click()
      await expect(page).toHaveURL(/\/admin\/plugin-configs\/new\?plugin=sso$/)
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('heading', { name: 'New configuration' })).toBeVisible()
      await dialog.getByLabel('Name').fill('Company sign-on')
      await dialog.getByLabel('Service centre login URL').fill(`https://${host}/api/login`)
      await dialog.getByLabel('Project-ID').fill('p-77')
      // Token checks need issuer, audience and JWKS together: the upstream says what is missing.
      await dialog.getByLabel('Issuer').fill('https://id.example.com')
      await dialog.getByRole('button', { name: 'Create' }).click()
      await expect(dialog.getByText('Value is required')).toHaveCount(2)
      await dialog.getByLabel('Audience').fill('nodus')
      await dialog.getByLabel('JWKS URL').fill('https://id.example.com/.well-known/jwks.json')
      await dialog.getByRole('button', { name: 'Create' }).click()
      await expect(alert(page)).toContainText('Plugin configuration created')
      await expect(page).toHaveURL(/\/admin\/plugin-configs\/[0-9a-f-]{36}$/)

      const stored = await readSso(page.request, ORIGIN, adminToken)
      expect(stored).toMatchObject({
        name: 'Company sign-on',
        enabled: true,
        settings: {
          service_center_url: `https://${host}/api/login`,
          project_id: 'p-77',
          issuer: 'https://id.example.com',
          audience: 'nodus',
          jwks_url: 'https://id.example.com/.well-known/jwks.json',
        },
      })
      const offered = await visitorLogin(browser, js)
      await variants(offered.page).getByRole('link', { name: 'Сервисный центр' }).click()
      await expect(offered.page.getByText(`Почту и пароль проверяет ${host}`)).toBeVisible()
      await offered.close()

      // Editing: another centre; the login page names it.
      const edit = page.getByRole('dialog')
      await edit.getByLabel('Service centre login URL').fill('https://other-centre.example.com/login')
      await edit.getByRole('button', { name: 'Save' }).click()
      await expect(alert(page)).toContainText('Plugin configuration saved')
      const moved = await visitorLogin(browser, js, '/auth/login?variant=service-center')
      await expect(moved.page.getByText('Почту и пароль проверяет other-centre.example.com')).toBeVisible()
      await moved.close()

      // Switched off: only the normal sign-in; /admin/ui says so.
      await page.getByTestId('toggle-enabled').click()
      await expect(alert(page)).toContainText('Plugin configuration disabled')
      const off = await visitorLogin(browser, js, '/auth/login?variant=service-center')
      await expect(variants(off.page)).toHaveCount(0)
      await expect(off.page.locator('form#login')).toBeVisible()
      await off.close()
      await page.goto('/admin/ui')
      await expect(page.locator('section#sign-in').getByTestId('sign-in-state')).toContainText('disabled')
      // The refused post (400/422 from the rules) is the only error.
      expect(errors.filter((e) => !/status of (400|422)/.test(e))).toEqual([])
    })
  })
}

// Not a check: pictures for a person to look at. `SHOTS=1 npx playwright test admin-sso-plugin`.
test.describe('screenshots', () => {
  test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots')
  const dir = process.env.SHOTS_DIR ?? '/tmp/shots-sso'

  for (const theme of ['dark', 'light'] as const) {
    test(`the SSO plugin and /admin/ui's pointer, ${theme}`, async ({ page, context, request }) => {
      mkdirSync(dir, { recursive: true })
      const config = await putSso(request, ORIGIN, adminToken, {
        name: 'SSO',
        enabled: true,
        settings: {
          service_center_url: 'https://centre.example.com/api/login',
          project_id: 'p-7',
          issuer: 'https://id.example.com',
          audience: 'nodus',
          jwks_url: 'https://id.example.com/.well-known/jwks.json',
          create_users: true,
        },
      })
      await context.addCookies([
        { name: '_token', value: adminToken, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
        { name: 'theme', value: cookieValue(theme), url: ORIGIN },
      ])
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto('/admin/ui#sign-in')
      await page.locator('section#sign-in').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${dir}/admin-ui-sign-in-${theme}.png` })
      await page.goto(`/admin/plugin-configs/${config!.id}`)
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: `${dir}/sso-config-${theme}.png`, fullPage: true })
      await page.goto('/admin/plugin-configs/new?plugin=sso')
      await page.screenshot({ path: `${dir}/sso-new-${theme}.png`, fullPage: true })
      await context.clearCookies()
      await context.addCookies([{ name: 'theme', value: cookieValue(theme), url: ORIGIN }])
      await page.goto('/auth/login?variant=service-center')
      await page.screenshot({ path: `${dir}/login-from-plugin-${theme}.png` })
    })
  }
})
