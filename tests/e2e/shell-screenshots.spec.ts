import { mkdirSync } from 'node:fs'
import { test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { signInHome } from './shell-utils'

// Not a check: pictures of the shell for a person to look at. `SHOTS=1 npx playwright test shell-screenshots`.
const dir = process.env.SHOTS_DIR ?? '/tmp/shots-shell'

test.describe('shell screenshots', () => {
  test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots')

  for (const theme of ['dark', 'light'] as const) {
    test(`home and admin pages, ${theme}`, async ({ page, context }) => {
      mkdirSync(dir, { recursive: true })
      await context.addCookies([
        { name: 'theme', value: Buffer.from(JSON.stringify(theme)).toString('base64'), url: ORIGIN },
      ])
      await page.setViewportSize({ width: 1280, height: 800 })
      await signInHome(page, ADMIN)
      await page.screenshot({ path: `${dir}/home-${theme}.png` })
      await page.goto('/admin/statuses')
      await page.screenshot({ path: `${dir}/admin-statuses-${theme}.png` })
      await page.goto('/admin/users')
      await page.screenshot({ path: `${dir}/admin-users-${theme}.png` })
      await page.goto('/admin/plugin-store?edit=new')
      await page.screenshot({ path: `${dir}/admin-editing-${theme}.png` })
      await page.goto('/lk/profile')
      await page.getByTestId('profile-block').locator('summary').click()
      await page.screenshot({ path: `${dir}/profile-${theme}.png` })
      await page.goto('/lk/t/add')
      await page.screenshot({ path: `${dir}/task-add-${theme}.png` })
      await page.getByRole('button', { name: 'Свернуть меню' }).click()
      await page.locator('.shell[data-sidebar="min"]').waitFor()
      await page.goto('/admin/processes')
      await page.screenshot({ path: `${dir}/admin-minimised-${theme}.png` })
      await page.getByTestId('profile-block').locator('summary').click()
      await page.screenshot({ path: `${dir}/admin-minimised-profile-${theme}.png` })
      await page.getByRole('button', { name: 'Развернуть меню' }).click()
      await page.locator('.shell[data-sidebar="full"]').waitFor()
      await page.setViewportSize({ width: 390, height: 800 })
      await page.goto('/lk')
      await page.screenshot({ path: `${dir}/home-mobile-${theme}.png` })
    })
  }
})
