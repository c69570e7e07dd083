import { mkdirSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { signIn } from './utils'

// Not a check: pictures for a person to look at. `SHOTS=1 npx playwright test screenshots`.
const dir = process.env.SHOTS_DIR ?? '/tmp/shots'

test.describe('screenshots', () => {
  test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots')

  for (const theme of ['dark', 'light'] as const) {
    test(`login and /lk, ${theme}`, async ({ page, context }) => {
      mkdirSync(dir, { recursive: true })
      await context.addCookies([
        { name: 'theme', value: Buffer.from(JSON.stringify(theme)).toString('base64'), url: ORIGIN },
      ])
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.goto('/auth/login')
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await page.screenshot({ path: `${dir}/login-${theme}.png` })
      await signIn(page, { email: 'nobody@example.com', password: 'wrong-password' })
      await expect(page.locator('[data-alert]')).toBeVisible()
      await page.screenshot({ path: `${dir}/login-error-${theme}.png` })
      await signIn(page, ADMIN)
      await page.waitForURL(/\/(lk|errors)/)
      await page.screenshot({ path: `${dir}/lk-${theme}.png` })
      await page.goto('/errors/page-not-found')
      await page.screenshot({ path: `${dir}/page-not-found-${theme}.png` })
      await page.goto('/errors/node-not-found?node=unknown')
      await page.screenshot({ path: `${dir}/node-not-found-${theme}.png` })
      await page.goto('/errors/node-not-binded')
      await page.screenshot({ path: `${dir}/node-not-binded-${theme}.png` })
      await page.setViewportSize({ width: 390, height: 800 })
      await page.goto('/auth/login')
      await page.screenshot({ path: `${dir}/login-mobile-${theme}.png` })
    })
  }
})
