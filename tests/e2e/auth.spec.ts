import { expect, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { collectConsoleErrors, localToken, signIn, tokenCookie } from './utils'

test.describe('sign-in page', () => {
  test('is titled Авторизация by default, with email, password and a log-in button', async ({ page }) => {
    await page.goto('/auth')
    await expect(page).toHaveURL(/\/auth\/login$/)
    await expect(page).toHaveTitle(/Авторизация/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Авторизация')
    await expect(page.getByLabel('Электронная почта')).toBeVisible()
    await expect(page.getByLabel('Пароль')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  })

  test('validates in the browser with the shared schema, messages translated', async ({ page }) => {
    await page.goto('/auth/login')
    await page.locator('input[name="email"]').fill('not-an-email')
    await page.locator('form#login button[type="submit"]').click()
    await expect(page.getByText('Введите корректный адрес электронной почты')).toBeVisible()
    await expect(page.getByText('Обязательное поле')).toBeVisible()
    expect(await tokenCookie(page.context())).toBeUndefined()
  })

  test('a wrong password shows the translated warning and stores nothing', async ({ page, context }) => {
    await page.goto('/auth/login')
    await signIn(page, { email: 'nobody@example.com', password: 'wrong-password' })
    const alert = page.locator('[data-alert="warning"]')
    await expect(alert).toContainText('Неверный пароль или имя пользователя')
    await expect(page).toHaveURL(/\/auth\/login/)
    await expect(page.locator('input[name="email"]')).toHaveValue('nobody@example.com')
    await expect(page.locator('input[name="password"]')).toHaveValue('')
    expect(await tokenCookie(context)).toBeUndefined()
    expect(await localToken(page)).toEqual({ t: null, accessToken: null })
  })

  test('too many failures for one email answer users.too_many_attempts', async ({ page }) => {
    const victim = { email: 'locked-out@example.com', password: 'wrong-password' }
    await page.goto('/auth/login')
    for (let i = 0; i < 5; i++) {
      await signIn(page, victim)
      await expect(page.locator('[data-alert]')).toBeVisible()
    }
    await signIn(page, victim)
    await expect(page.locator('[data-alert="warning"]')).toContainText('Слишком много попыток входа')
  })
})

test.describe('signed in', () => {
  test('success lands on /lk, shows the user and keeps the token (cookie and local storage)', async ({
    page,
    context,
  }) => {
    const errors = collectConsoleErrors(page)
    await page.goto('/auth/login')
    await signIn(page, ADMIN)
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
    await expect(page.getByTestId('current-user')).toContainText(ADMIN.fullName)
    // The demo's home board (issue 11): the first start gives node start one.
    await expect(page.getByTestId('board-grid')).toBeVisible()

    const cookie = await tokenCookie(context)
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' })
    // 127.0.0.1 is an IP address: no Domain attribute (spec §9 rule), so the cookie is host-only.
    expect(cookie?.domain).toBe('127.0.0.1')
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 3600)
    await expect.poll(() => localToken(page)).toEqual({ t: cookie?.value, accessToken: cookie?.value })
    expect(errors).toEqual([])
  })

  test('a protected page sends to login and comes back after signing in', async ({ page }) => {
    await page.goto('/lk?x=1')
    await expect(page).toHaveURL(`${ORIGIN}/auth/login?redirectTo=${encodeURIComponent('/lk?x=1')}`)
    await signIn(page, ADMIN)
    await expect(page).toHaveURL(`${ORIGIN}/lk?x=1`)
    await expect(page.getByTestId('current-user')).toContainText(ADMIN.fullName)
  })

  test('an outside redirectTo is ignored', async ({ page }) => {
    await page.goto(`/auth/login?redirectTo=${encodeURIComponent('//evil.example/lk')}`)
    await signIn(page, ADMIN)
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
  })

  test('sign-out revokes the session, clears cookie and local storage; /lk asks to sign in again', async ({
    page,
    context,
    request,
  }) => {
    await signIn(page, ADMIN)
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
    const token = (await tokenCookie(context))!.value
    await expect.poll(async () => (await localToken(page)).t).toBe(token)

    await page.getByRole('button', { name: 'Выйти' }).click()
    await expect(page).toHaveURL(`${ORIGIN}/auth/login`)
    // The flash alert of the redirect: shown, then gone after 5 s with JavaScript (spec §9).
    const alert = page.locator('.alert-list [data-alert="info"]')
    await expect(alert).toContainText('Вы вышли из системы')
    await expect(alert).toBeHidden({ timeout: 8_000 })

    expect(await tokenCookie(context)).toBeUndefined()
    await expect.poll(() => localToken(page)).toEqual({ t: null, accessToken: null })
    // Revoked upstream too: the old token no longer works.
    const me = await request.get(`${ORIGIN}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
    expect(me.status()).toBe(401)

    await page.goto('/lk')
    await expect(page).toHaveURL(/\/auth\/login/)
  })
})

test.describe('any 401', () => {
  test('a dead token on a protected page signs out (any 401 → logout)', async ({ page, context }) => {
    await context.addCookies([{ name: '_token', value: 'not-a-real-token', url: ORIGIN }])
    await page.goto('/lk')
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Flk$/)
    await expect(page.locator('.alert-list [data-alert="warning"]')).toContainText('Ошибка аутентификации')
    expect(await tokenCookie(context)).toBeUndefined()
  })
})
