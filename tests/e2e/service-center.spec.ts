import { mkdirSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { putSso, readSso, restoreSso, type SsoConfig } from '../fixtures/sso-config'
import { startUserCentre, type UserCentre } from '../fixtures/user-centre'
import { ADMIN, ORIGIN, USER } from './env'
import { apiToken, collectConsoleErrors, localToken, tokenCookie } from './utils'

// The service-centre sign-in (spec §4, PRODUCT.md §3) against a real local user centre and identity
// server (tests/fixtures/user-centre.ts): node `start`'s Single sign-on plugin configuration (the
// node settings of old, migration 0018) is set through the web /api as an administrator would, and
// put back as it was afterwards.

const PROJECT_ID = 'project-7'
const ACCOUNT_ID = 'account-3'
/** USER (bound to `start`) has an account at the centre too, with another password. */
const MEMBER = { email: USER.email, password: 'centre-password-1' }
const NEWCOMER = {
  email: 'sc.newcomer@example.com',
  password: 'centre-password-2',
  claims: { given_name: 'Вера', family_name: 'Орлова' },
}

let centre: UserCentre
let token: string
let original: SsoConfig | null

const configured = () => ({
  enabled: true,
  settings: {
    service_center_url: centre.url,
    project_id: PROJECT_ID,
    account_id: ACCOUNT_ID,
    issuer: centre.issuer,
    audience: centre.audience,
    jwks_url: centre.jwksUrl,
    create_users: true,
  },
})

test.beforeAll(async ({ request }) => {
  centre = await startUserCentre({
    accounts: [MEMBER, NEWCOMER],
    projectId: PROJECT_ID,
    accountId: ACCOUNT_ID,
  })
  token = await apiToken(request, ADMIN)
  original = await readSso(request, ORIGIN, token)
  await putSso(request, ORIGIN, token, configured())
})

test.afterAll(async ({ request }) => {
  await restoreSso(request, ORIGIN, token, original)
  await centre.close()
})

const centreForm = (page: Page) => page.locator('form#login-service-center')

async function signInViaCentre(page: Page, who: { email: string; password: string }) {
  await page.goto('/auth/login')
  await page.getByRole('link', { name: 'Сервисный центр' }).click()
  await expect(page).toHaveURL(`${ORIGIN}/auth/login?variant=service-center`)
  await centreForm(page).locator('input[name="email"]').fill(who.email)
  await centreForm(page).locator('input[name="password"]').fill(who.password)
  await centreForm(page).getByRole('button', { name: 'Войти' }).click()
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test('the login page offers the service-centre variant beside the normal one', async ({ page }) => {
      await page.goto('/auth/login')
      const variants = page.getByRole('navigation', { name: 'Способы входа' })
      await expect(variants.getByRole('link', { name: 'Почта и пароль' })).toHaveAttribute(
        'aria-current',
        'page',
      )
      await expect(page.locator('form#login')).toBeVisible()
      await variants.getByRole('link', { name: 'Сервисный центр' }).click()
      await expect(variants.getByRole('link', { name: 'Сервисный центр' })).toHaveAttribute(
        'aria-current',
        'page',
      )
      await expect(centreForm(page)).toBeVisible()
      await expect(page.locator('form#login')).toHaveCount(0)
      await expect(page.getByText('Войдите с учётной записью сервисного центра')).toBeVisible()
      await expect(page.getByText(`Почту и пароль проверяет ${new URL(centre.url).host}`)).toBeVisible()
      // The centre's address itself never reaches the page.
      expect(await page.content()).not.toContain(centre.url)
    })

    test('signs in through the service centre and lands on /lk as that user', async ({ page, context }) => {
      const errors = collectConsoleErrors(page)
      const before = centre.calls.length
      await signInViaCentre(page, MEMBER)
      await expect(page).toHaveURL(`${ORIGIN}/lk`)
      await expect(page.getByTestId('current-user')).toContainText(USER.fullName)
      // The web app (not the browser) asked the centre, with the configured headers and a JSON body.
      expect(centre.calls.slice(before)).toEqual([
        {
          projectId: PROJECT_ID,
          accountId: ACCOUNT_ID,
          contentType: 'application/json',
          body: { email: MEMBER.email, password: MEMBER.password },
          status: 200,
        },
      ])
      // `_token` as the normal sign-in sets it; with JavaScript, local storage too.
      const cookie = await tokenCookie(context)
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
      const me = await page.request.get(`${ORIGIN}/api/users/me`, {
        headers: { authorization: `Bearer ${cookie!.value}` },
      })
      expect((await me.json()).data).toMatchObject({ user_name: USER.email })
      if (javaScriptEnabled) {
        await expect.poll(() => localToken(page)).toEqual({ t: cookie!.value, accessToken: cookie!.value })
      }
      expect(errors).toEqual([])
    })

    test('a wrong password shows the translated warning and stores nothing', async ({ page, context }) => {
      await signInViaCentre(page, { email: MEMBER.email, password: 'not-the-password' })
      await expect(centreForm(page).locator('[data-alert="warning"]')).toContainText(
        'Неверный пароль или имя пользователя',
      )
      // Still on the service-centre variant, the email kept, the password not.
      await expect(page).toHaveURL(`${ORIGIN}/auth/login?variant=service-center`)
      await expect(centreForm(page).locator('input[name="email"]')).toHaveValue(MEMBER.email)
      await expect(centreForm(page).locator('input[name="password"]')).toHaveValue('')
      expect(await tokenCookie(context)).toBeUndefined()
      if (javaScriptEnabled) expect(await localToken(page)).toEqual({ t: null, accessToken: null })
    })

    test('the shared schema checks the form first', async ({ page }) => {
      await page.goto('/auth/login?variant=service-center')
      const before = centre.calls.length
      await centreForm(page).locator('input[name="email"]').fill('not-an-email')
      await centreForm(page).getByRole('button', { name: 'Войти' }).click()
      await expect(centreForm(page).getByText('Введите корректный адрес электронной почты')).toBeVisible()
      await expect(centreForm(page).getByText('Обязательное поле')).toBeVisible()
      expect(centre.calls.length).toBe(before)
    })
  })
}

test.describe('the node decides', () => {
  test('a new user is created and bound on the first sign-in when the node allows it', async ({ page }) => {
    await signInViaCentre(page, NEWCOMER)
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
    await expect(page.getByTestId('current-user')).toContainText('Орлова Вера')
  })

  test('a token the node does not trust is refused with users.credentials_validate_error', async ({
    page,
    context,
    request,
  }) => {
    await putSso(request, ORIGIN, token, { settings: { ...configured().settings, audience: 'someone-else' } })
    try {
      await signInViaCentre(page, MEMBER)
      await expect(centreForm(page).locator('[data-alert="warning"]')).toContainText('Ошибка аутентификации')
      expect(await tokenCookie(context)).toBeUndefined()
    } finally {
      await putSso(request, ORIGIN, token, configured())
    }
  })

  test('a centre that does not answer is a danger alert, not a wrong password', async ({ page, request }) => {
    const gone = await startUserCentre({ accounts: [] })
    await gone.close()
    await putSso(request, ORIGIN, token, {
      settings: { ...configured().settings, service_center_url: gone.url },
    })
    try {
      await signInViaCentre(page, MEMBER)
      await expect(centreForm(page).locator('[data-alert="danger"]')).toContainText(
        'Сервис недоступен, попробуйте позже',
      )
    } finally {
      await putSso(request, ORIGIN, token, configured())
    }
  })

  test('with the configuration disabled only the normal form is offered', async ({ page, request }) => {
    await putSso(request, ORIGIN, token, { enabled: false })
    try {
      await page.goto('/auth/login?variant=service-center')
      await expect(page.getByRole('navigation', { name: 'Способы входа' })).toHaveCount(0)
      await expect(page.locator('form#login')).toBeVisible()
      await expect(centreForm(page)).toHaveCount(0)
      // A forged post for the variant gets nowhere either.
      const csrf = await page.locator('form#login input[name="csrf"]').inputValue()
      const res = await page.request.post(`${ORIGIN}/auth/login`, {
        form: { csrf, variant: 'service-center', email: MEMBER.email, password: MEMBER.password },
        maxRedirects: 0,
      })
      expect(res.status()).toBe(400)
    } finally {
      await putSso(request, ORIGIN, token, configured())
    }
  })
})

// Not a check: pictures for a person to look at. `SHOTS=1 npx playwright test service-center`.
test.describe('screenshots', () => {
  test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots')
  const dir = process.env.SHOTS_DIR ?? '/tmp/shots-ui'

  for (const theme of ['dark', 'light'] as const) {
    test(`login with the service-centre variant, ${theme}`, async ({ page, context }) => {
      mkdirSync(dir, { recursive: true })
      await context.addCookies([
        { name: 'theme', value: Buffer.from(JSON.stringify(theme)).toString('base64'), url: ORIGIN },
      ])
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.goto('/auth/login')
      await page.screenshot({ path: `${dir}/login-variants-${theme}.png` })
      await page.getByRole('link', { name: 'Сервисный центр' }).click()
      await expect(centreForm(page)).toBeVisible()
      await page.screenshot({ path: `${dir}/login-service-center-${theme}.png` })
      await centreForm(page).locator('input[name="email"]').fill(MEMBER.email)
      await centreForm(page).locator('input[name="password"]').fill('wrong-password')
      await centreForm(page).getByRole('button', { name: 'Войти' }).click()
      await expect(centreForm(page).locator('[data-alert]')).toBeVisible()
      await page.screenshot({ path: `${dir}/login-service-center-error-${theme}.png` })
      await page.setViewportSize({ width: 390, height: 800 })
      await page.reload()
      await page.screenshot({ path: `${dir}/login-service-center-mobile-${theme}.png` })
    })
  }
})
