import { expect, test } from '@playwright/test'
import { ADMIN, tenant, USER } from './env'
import { signIn, tokenCookie } from './utils'

test.describe('tenants (the node is the first label of the host)', () => {
  test('an unknown node shows node-not-found with its name', async ({ page }) => {
    const origin = tenant('unknown')
    await page.goto(`${origin}/auth/login`)
    await expect(page.locator('.auth-node code')).toHaveText('unknown')
    await signIn(page, ADMIN, `${origin}/auth/login`)
    await expect(page).toHaveURL(`${origin}/errors/node-not-found?node=unknown`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Узел не найден')
    await expect(page.getByTestId('node-name-text')).toContainText('unknown')
    await expect(page.getByTestId('node-name-text')).toContainText('Проверьте')
  })

  test('on start.localhost the token cookie goes to .start.localhost (spec §9: a two-label host keeps the whole host)', async ({
    page,
    context,
  }) => {
    const origin = tenant('start')
    await signIn(page, ADMIN, `${origin}/auth/login`)
    await expect.poll(async () => (await tokenCookie(context))?.domain).toBe('.start.localhost')
  })

  test('an unknown path redirects to page-not-found with a way home', async ({ page }) => {
    const res = await page.goto('/no/such/page')
    expect(res?.status()).toBe(404)
    await expect(page).toHaveURL(/\/errors\/page-not-found$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена')
    await expect(page.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/lk')
  })

  test.describe('with the node routes', () => {
    test('a user not bound to the node sees node-not-binded, with a way to the login page', async ({
      page,
    }) => {
      const origin = tenant('demo')
      await signIn(page, USER, `${origin}/auth/login`)
      await expect(page).toHaveURL(`${origin}/errors/node-not-binded`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Нет доступа к узлу')
      await expect(page.getByText('Обратитесь к администратору узла')).toBeVisible()
      await page.getByRole('link', { name: 'Перейти ко входу' }).click()
      await expect(page).toHaveURL(`${origin}/auth/login`)
      expect(await tokenCookie(page.context())).toBeUndefined()
    })

    test('the same user is at home on their own node', async ({ page }) => {
      const origin = tenant('start')
      await signIn(page, USER, `${origin}/auth/login`)
      await expect(page).toHaveURL(`${origin}/lk`)
      await expect(page.getByTestId('current-user')).toContainText(USER.fullName)
    })
  })
})
