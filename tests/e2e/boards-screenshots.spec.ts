import { mkdirSync } from 'node:fs'
import { test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiToken, cookieValue } from './utils'

// Not a check: pictures of the home board for a person to look at. `SHOTS=1 npx playwright test boards-screenshots`.
const dir = process.env.SHOTS_DIR ?? '/tmp/shots-boards'

test.describe('board screenshots', () => {
  test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots')

  for (const theme of ['dark', 'light'] as const) {
    test(`the home board, ${theme}`, async ({ page, context, request }) => {
      mkdirSync(dir, { recursive: true })
      const token = await apiToken(request, ADMIN)
      await context.addCookies([
        { name: '_token', value: token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
        { name: 'theme', value: cookieValue(theme), url: ORIGIN },
      ])
      for (const [name, width, height] of [
        ['desktop', 1440, 900],
        ['narrow', 390, 844],
      ] as const) {
        await page.setViewportSize({ width, height })
        // Before the scripts run: the server's HTML alone (scripts blocked), then hydrated.
        await page.route('**/build/**/*.js', (route) => route.abort())
        await page.goto('/lk')
        await page.screenshot({ path: `${dir}/home-${name}-${theme}-server.png`, fullPage: true })
        await page.unroute('**/build/**/*.js')
        await page.goto('/lk')
        await page.getByTestId('widget-menu').first().waitFor({ state: 'attached' })
        await page.waitForFunction(() => !document.querySelector('[data-testid=widget-menu][disabled]'))
        await page.screenshot({ path: `${dir}/home-${name}-${theme}.png`, fullPage: true })
      }
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.getByTestId('board-edit').click()
      await page.locator('.react-grid-layout').waitFor()
      await page.screenshot({ path: `${dir}/home-editing-${theme}.png` })
      await page.getByTestId('board-edit').click()
      const row = page.getByTestId('table-row').first()
      const box = (await row.boundingBox())!
      await page.mouse.click(box.x + box.width - 10, box.y + 10, { button: 'right' })
      await page.screenshot({ path: `${dir}/home-menu-${theme}.png` })
      await page.keyboard.press('Escape')
      await page.getByTestId('table-filter').click()
      await page.screenshot({ path: `${dir}/home-filter-${theme}.png` })
    })
  }
})
