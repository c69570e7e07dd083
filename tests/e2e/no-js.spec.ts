import { expect, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { signIn, tokenCookie } from './utils'

// Every form works without JavaScript (PRODUCT.md §1, §8): plain posts, server redirects.
test.use({ javaScriptEnabled: false })

test.describe('without JavaScript', () => {
  test('a wrong password shows the warning and sets no cookie', async ({ page, context }) => {
    await page.goto('/auth/login')
    await signIn(page, { email: 'nobody-nojs@example.com', password: 'wrong-password' })
    await expect(page.locator('[data-alert="warning"]')).toContainText('Неверный пароль или имя пользователя')
    expect(await tokenCookie(context)).toBeUndefined()
  })

  test('sign-in sets the cookie and redirects', async ({ page, context }) => {
    await page.goto(`/auth/login?redirectTo=${encodeURIComponent('/lk?from=nojs')}`)
    const response = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/auth/login'),
    )
    await signIn(page, ADMIN)
    expect((await response).status()).toBe(302)
    expect((await response).headers().location).toBe('/lk?from=nojs')
    expect(await tokenCookie(context)).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
  })

  test('the language and theme switches post and come back', async ({ page }) => {
    await page.goto('/auth/login')
    await page.getByRole('button', { name: 'English' }).click()
    await expect(page).toHaveURL(`${ORIGIN}/auth/login`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
    await page.getByRole('button', { name: 'Switch to the light theme' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await page.getByRole('button', { name: '中文' }).click()
    await expect(page.getByRole('button', { name: '登录' })).toBeVisible()
  })

  test.describe('signed in', () => {
    test('lands on /lk showing the user, and signs out', async ({ page, context }) => {
      await page.goto('/lk')
      await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Flk$/)
      await signIn(page, ADMIN)
      await expect(page).toHaveURL(`${ORIGIN}/lk`)
      await expect(page.getByTestId('current-user')).toContainText(ADMIN.fullName)
      await page.getByRole('button', { name: 'Выйти' }).click()
      await expect(page).toHaveURL(`${ORIGIN}/auth/login`)
      // Without JavaScript the alert stays (nothing removes it).
      await expect(page.locator('[data-alert="info"]')).toContainText('Вы вышли из системы')
      expect(await tokenCookie(context)).toBeUndefined()
    })
  })
})
