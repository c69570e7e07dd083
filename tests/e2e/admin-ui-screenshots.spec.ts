import { mkdirSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { patchNode, readNode, restoring, type Settings } from '../fixtures/node-settings'
import { putSso, readSso, restoreSso, type SsoConfig } from '../fixtures/sso-config'
import { ADMIN, ORIGIN } from './env'
import { apiToken, signIn } from './utils'

// Not a check: pictures of /admin/ui for a person to look at. `SHOTS=1 npx playwright test admin-ui-screenshots`.
const dir = process.env.SHOTS_DIR ?? '/tmp/shots-ui'

/** A small SVG logo in the accent colour. */
const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32"><rect width="32" height="32" rx="8" fill="#5e6ad2"/><text x="40" y="23" font-family="sans-serif" font-size="20" fill="#8a92e6">Acme</text></svg>',
)

test.describe('screenshots', () => {
  test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots')

  let token: string
  let original: Settings
  let originalSso: SsoConfig | null
  test.beforeAll(async ({ request }) => {
    token = await apiToken(request, ADMIN)
    original = (await readNode(request, ORIGIN, token)).settings
    await patchNode(request, ORIGIN, token, {
      logo: { main: `data:image/svg+xml;base64,${LOGO.toString('base64')}` },
      menu: {
        items: [
          {
            title: 'Работа',
            heading: true,
            items: [{ title: 'Дашборды', url: '/lk/b/1', icon: 'mdi-view-dashboard' }],
          },
          {
            title: 'Задачи',
            url: '/lk',
            items: [{ title: 'Мои', url: '/lk?mine', items: [{ title: 'Сегодня' }] }],
          },
          { title: 'Справка', url: 'https://help.example.com' },
        ],
      },
    })
    originalSso = await readSso(request, ORIGIN, token)
    await putSso(request, ORIGIN, token, {
      settings: { service_center_url: 'https://centre.example.com/api/auth/login', project_id: 'p-7' },
    })
  })
  test.afterAll(async ({ request }) => {
    await patchNode(request, ORIGIN, token, restoring(original))
    await restoreSso(request, ORIGIN, token, originalSso)
  })

  for (const theme of ['dark', 'light'] as const) {
    test(`/admin/ui, ${theme}`, async ({ page, context }) => {
      mkdirSync(dir, { recursive: true })
      await context.addCookies([
        { name: 'theme', value: Buffer.from(JSON.stringify(theme)).toString('base64'), url: ORIGIN },
      ])
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto('/auth/login?redirectTo=%2Fadmin%2Fui')
      await signIn(page, ADMIN)
      await expect(page).toHaveURL(`${ORIGIN}/admin/ui`)
      await page.waitForLoadState('networkidle')
      await page.screenshot({ path: `${dir}/admin-ui-${theme}.png`, fullPage: true })

      // A draft with an error and the select open.
      await page.locator('section#menu').getByRole('button', { name: 'Добавить пункт' }).click()
      await expect(page.locator('input[name="items[3].title"]')).toBeVisible()
      await page.locator('section#menu').getByRole('button', { name: 'Сохранить', exact: true }).click()
      await expect(page.locator('section#menu .field-error').first()).toBeVisible()
      await page.locator('section#menu').screenshot({ path: `${dir}/admin-ui-menu-draft-${theme}.png` })
      await page
        .locator('section#general')
        .getByRole('button', { name: /Язык по умолчанию/ })
        .click()
      await expect(page.getByRole('listbox')).toBeVisible()
      await page.locator('section#general').screenshot({ path: `${dir}/admin-ui-select-${theme}.png` })
      await page.keyboard.press('Escape')

      for (const width of [860, 390]) {
        await page.setViewportSize({ width, height: 900 })
        await page.reload()
        await page.waitForLoadState('networkidle')
        await page.locator('section#menu').screenshot({ path: `${dir}/admin-ui-menu-${width}-${theme}.png` })
        await page.locator('section#logo').screenshot({ path: `${dir}/admin-ui-logo-${width}-${theme}.png` })
      }
    })
  }
})
