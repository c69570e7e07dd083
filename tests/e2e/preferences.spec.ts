import { expect, test } from '@playwright/test'
import { ORIGIN } from './env'

test.describe('language and theme with JavaScript', () => {
  test('the language switch translates in place and keeps _l in local storage', async ({ page, context }) => {
    await page.goto('/auth/login')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Авторизация')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('_l'))).toBe('ru')
    await page.getByRole('button', { name: 'English' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page).toHaveURL(`${ORIGIN}/auth/login`)
    await expect.poll(() => page.evaluate(() => localStorage.getItem('_l'))).toBe('en')
    expect((await context.cookies()).find((c) => c.name === 'lng')).toBeTruthy()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
  })

  test('the theme switch flips data-theme and the cookie keeps it', async ({ page }) => {
    await page.goto('/auth/login')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    // The page turns light at once (optimistic); wait for the server's answer before reloading.
    const saved = page.waitForResponse(
      (r) => r.url().includes('/resources/theme') && r.request().method() === 'POST',
    )
    await page.getByRole('button', { name: 'Включить светлую тему' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await saved
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await page.getByRole('button', { name: 'Включить тёмную тему' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })
})
