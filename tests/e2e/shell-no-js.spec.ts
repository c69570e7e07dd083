import { expect, test } from '@playwright/test'
import { ADMIN, ORIGIN, USER } from './env'
import { signInHome } from './shell-utils'
import { apiToken } from './utils'

// The shell works without JavaScript (PRODUCT.md §1, §8): details/summary groups, form posts.
test.use({ javaScriptEnabled: false })

test.describe('shell without JavaScript', () => {
  test('groups open and close; the menu minimises through a form post and the cookie keeps it', async ({
    page,
  }) => {
    await signInHome(page, ADMIN)
    await page.goto('/admin/progress')
    const nav = page.getByRole('navigation', { name: 'Администрирование' })
    await expect(nav.getByRole('link', { name: 'Группы статусов' })).toBeVisible()
    await nav.getByTestId('menu-admin-plugins-group').locator('summary').click()
    await expect(nav.getByRole('link', { name: 'Магазин плагинов' })).toBeVisible()
    await nav.getByTestId('menu-admin-statuses-group').locator('summary').click()
    await expect(nav.getByRole('link', { name: 'Группы статусов' })).toBeHidden()

    await page.getByRole('button', { name: 'Свернуть меню' }).click()
    await expect(page).toHaveURL(`${ORIGIN}/admin/progress`)
    await expect(page.locator('.shell')).toHaveAttribute('data-sidebar', 'min')
    await page.getByRole('button', { name: 'Развернуть меню' }).click()
    await expect(page.locator('.shell')).toHaveAttribute('data-sidebar', 'full')
  })

  test('Services is in the profile menu without a service centre; an administrator is told where to connect one', async ({
    page,
  }) => {
    await signInHome(page, ADMIN)
    const block = page.getByTestId('profile-block')
    await block.locator('summary').click()
    await block.getByRole('link', { name: 'Сервисы' }).click()
    await expect(page).toHaveURL(`${ORIGIN}/lk/services`)
    await expect(page.getByTestId('services-page')).toContainText('не подключён сервисный центр')
    await page.getByRole('link', { name: /Подключить сервисный центр/ }).click()
    await expect(page).toHaveURL(`${ORIGIN}/admin/plugin-configs`)
  })

  test('a user is sent home from /admin and /lk/t/add', async ({ page }) => {
    await signInHome(page, USER)
    await page.goto('/admin/forms')
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
    await page.goto('/lk/t/add')
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
  })

  test.describe('profile', () => {
    test.afterAll(async ({ request }) => {
      const token = await apiToken(request, USER)
      const headers = { authorization: `Bearer ${token}` }
      const me = await (await request.get(`${ORIGIN}/api/users/me`, { headers })).json()
      await request.patch(`${ORIGIN}/api/users/${me.data.id}`, {
        headers,
        data: {
          fio: { name: 'Ivan', surname: 'Petrov', middlename: 'Sergeevich' },
          contacts: { email: USER.email, phone: '' },
        },
      })
    })

    test('the action refuses a bad email with the translated message, then saves', async ({ page }) => {
      await signInHome(page, USER)
      await page.goto('/lk/profile')
      // The browser lets `ivan@localhost` through (type=email); the shared schema does not.
      await page.getByLabel('Электронная почта', { exact: true }).fill('ivan@localhost')
      const refused = page.waitForResponse((r) => r.request().method() === 'POST')
      await page.getByRole('button', { name: 'Сохранить изменения' }).click()
      expect((await refused).status()).toBe(400)
      await expect(page.getByText('Введите корректный адрес электронной почты')).toBeVisible()
      await expect(page.getByLabel('Электронная почта', { exact: true })).toHaveValue('ivan@localhost')

      await page.getByLabel('Электронная почта', { exact: true }).fill('ivan@example.org')
      await page.getByLabel('Отчество', { exact: true }).fill('')
      const saved = page.waitForResponse((r) => r.request().method() === 'POST')
      await page.getByRole('button', { name: 'Сохранить изменения' }).click()
      expect((await saved).status()).toBe(302)
      await expect(page).toHaveURL(`${ORIGIN}/lk/profile`)
      await expect(page.locator('[data-alert="success"]')).toContainText('Пользователь изменён')
      await expect(page.getByLabel('Электронная почта', { exact: true })).toHaveValue('ivan@example.org')
      // An emptied field is cleared, not left as it was.
      await expect(page.getByLabel('Отчество', { exact: true })).toHaveValue('')
      await expect(page.getByTestId('current-user')).toHaveText(/Petrov Ivan$/)
    })
  })
})
