import { expect, type Page, test } from '@playwright/test'
import { ORIGIN, USER } from './env'
import { signInHome } from './shell-utils'
import { apiToken, collectConsoleErrors } from './utils'

// Spec §4: alerts stack newest first, each leaving 5 s after it appeared; the profile's Save is
// disabled while the form has an error (spec §2). Without JavaScript: shell-no-js.spec.ts.

const alerts = (page: Page) => page.locator('.alert-list .alert')
const save = (page: Page) => page.getByRole('button', { name: 'Сохранить изменения' })
const phone = (page: Page) => page.getByLabel('Телефон', { exact: true })

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

test('two saves in a row show two alerts, newest on top, each leaving 5 s after it appeared', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page)
  await signInHome(page, USER)
  await page.goto('/lk/profile')
  await expect(alerts(page)).toHaveCount(0, { timeout: 7_000 })

  await phone(page).fill('+7 (900) 111-11-11')
  await save(page).click()
  await expect(alerts(page)).toHaveCount(1)
  const firstAt = Date.now()
  await expect(alerts(page).first()).toContainText('Пользователь изменён')
  // Mark the first alert's element, to find it again under the second.
  await alerts(page)
    .first()
    .evaluate((el) => el.setAttribute('data-e2e', 'first'))

  await page.waitForTimeout(1_500)
  await phone(page).fill('+7 (900) 222-22-22')
  await save(page).click()
  await expect(alerts(page)).toHaveCount(2)
  const secondAt = Date.now()
  await expect(alerts(page).nth(0)).not.toHaveAttribute('data-e2e', 'first')
  await expect(alerts(page).nth(1)).toHaveAttribute('data-e2e', 'first')
  await expect(alerts(page).nth(0)).toContainText('Пользователь изменён')

  // The first goes about 5 s after it appeared, the second stays its own 5 s.
  await expect(page.locator('[data-e2e="first"]')).toHaveCount(0, { timeout: 8_000 })
  const firstGone = Date.now() - firstAt
  expect(firstGone).toBeGreaterThan(4_000)
  await expect(alerts(page)).toHaveCount(1)
  await expect(alerts(page)).toHaveCount(0, { timeout: 8_000 })
  const secondGone = Date.now() - secondAt
  expect(secondGone).toBeGreaterThan(4_000)
  expect(secondGone).toBeLessThan(8_000)

  // A revalidation (the page read again without a reload) does not bring either back.
  await page.getByTestId('current-user').click()
  await expect(page).toHaveURL(`${ORIGIN}/lk/profile`)
  await page.waitForTimeout(500)
  await expect(alerts(page)).toHaveCount(0)
  expect(errors).toEqual([])
})

test('an invalid e-mail on the profile disables Save; a fixed one enables it again', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  await signInHome(page, USER)
  await page.goto('/lk/profile')
  await expect(save(page)).toBeEnabled()
  const email = page.getByLabel('Электронная почта', { exact: true })
  await email.fill('not-an-email')
  await email.press('Tab')
  await expect(page.getByText('Введите корректный адрес электронной почты')).toBeVisible()
  await expect(save(page)).toBeDisabled()
  await expect(email).toHaveAttribute('aria-invalid', 'true')

  await email.fill('ivan.petrov@example.com')
  await expect(save(page)).toBeEnabled()
  await expect(page.getByText('Введите корректный адрес электронной почты')).toBeHidden()
  await save(page).click()
  await expect(alerts(page).first()).toContainText('Пользователь изменён')
  await expect(email).toHaveValue('ivan.petrov@example.com')
  expect(errors).toEqual([])
})
