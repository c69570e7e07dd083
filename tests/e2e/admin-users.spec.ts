import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN, USER } from './env'
import {
  apiFetch,
  apiToken,
  collectConsoleErrors,
  cookieValue,
  signIn,
  startNodeId,
  tokenCookie,
} from './utils'

/*
 * /admin/users end to end, on the real stack: every flow twice, with JavaScript (react-aria dialog,
 * fetchers, debounced search) and without it (server-rendered dialog panel, plain posts, redirects).
 * The page is read in English (the `lng` cookie): there the fio labels are swapped (spec §3) —
 * fio.surname is labelled 'Middle name', fio.middlename 'Last name'.
 */

/** Users for the pagination checks: their surname sorts them after everyone else. */
const PAGED = { count: 75, surname: 'Zpaged', domain: 'paged.example.com' }

let adminToken: string
let startId: string

const api = (request: APIRequestContext, method: string, path: string, data?: unknown) =>
  apiFetch(request, adminToken, method, path, data)

async function createUser(
  request: APIRequestContext,
  user: { email: string; password: string; fio?: Record<string, string> },
) {
  const res = await api(request, 'POST', '/users', { ...user, node_id: startId })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as { id: string; full_name: string }
}

/** Signed in as the administrator without the sign-in form (the form has its own tests), in English. */
async function asAdmin(context: BrowserContext) {
  await context.addCookies([
    { name: '_token', value: adminToken, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
  ])
}

const alert = (page: Page, type: 'success' | 'warning' | 'info' | 'danger') =>
  page.locator(`.alert-list [data-alert="${type}"]`)
const dialog = (page: Page) => page.getByRole('dialog')
const row = (page: Page, name: string) =>
  page.locator('tbody tr', { has: page.getByText(name, { exact: true }) })

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  adminToken = await apiToken(request, ADMIN)
  startId = await startNodeId(request)
  // Once per run (the database is fresh for each): enough users for eight pages.
  const headers = { authorization: `Bearer ${adminToken}` }
  const existing = await request.get(`${ORIGIN}/api/users/${startId}?search=${PAGED.domain}&per_page=1`, {
    headers,
  })
  const have = (await existing.json()).meta.total as number
  for (let i = have; i < PAGED.count; i++) {
    const n = String(i + 1).padStart(2, '0')
    await createUser(request, {
      email: `p${n}@${PAGED.domain}`,
      password: 'paged-password',
      fio: { surname: PAGED.surname, name: `P${n}` },
    })
  }
  await request.dispose()
})

for (const js of [true, false]) {
  const tag = js ? 'js' : 'nojs'

  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js })
    test.describe.configure({ mode: 'serial' })

    // One user per variant for the Editing flows, so the seeded users stay as other tests expect them.
    const target = {
      email: `target-${tag}@example.com`,
      password: 'target-password-1',
      fio: { surname: `Target${tag}`, name: 'Tess' },
    }
    let targetName = `Target${tag} Tess`

    test.beforeAll(async ({ playwright }) => {
      const request = await playwright.request.newContext()
      await createUser(request, target)
      await request.dispose()
    })

    test.beforeEach(async ({ context }) => {
      await asAdmin(context)
    })

    test('the list shows the node’s users with email and rights', async ({ page }) => {
      const errors = collectConsoleErrors(page)
      await page.goto('/admin/users')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users')
      await expect(page).toHaveTitle(/Users/)
      for (const [name, email] of [
        [ADMIN.fullName, ADMIN.email],
        [USER.fullName, USER.email],
      ]) {
        const r = row(page, name)
        await expect(r).toHaveCount(1)
        await expect(r.getByRole('cell', { name: email })).toBeVisible()
      }
      await expect(row(page, ADMIN.fullName).locator('[data-right="is_admin"]')).toHaveText('Administrator')
      await expect(row(page, USER.fullName).locator('[data-right="is_admin"]')).toHaveCount(0)
      await expect(page.getByRole('link', { name: 'Add' })).toBeVisible()
      // Ten to a page (spec §9).
      await expect(page.locator('tbody tr')).toHaveCount(10)
      expect(errors).toEqual([])
    })

    test('search narrows the list (?search= in the address)', async ({ page }) => {
      await page.goto('/admin/users')
      const search = page.getByRole('searchbox', { name: 'Search users' })
      await search.fill('petrov')
      // With JavaScript it searches once typing pauses; without, Enter submits the GET form.
      if (!js) await search.press('Enter')
      await expect(page).toHaveURL(/\/admin\/users\?search=petrov$/)
      await expect(page.locator('tbody tr')).toHaveCount(1)
      await expect(row(page, USER.fullName)).toHaveCount(1)
      await expect(page.getByText('Total: 1')).toBeVisible()
      await expect(search).toHaveValue('petrov')

      await search.fill('no-such-person-anywhere')
      if (!js) await search.press('Enter')
      await expect(page.getByRole('cell', { name: 'Nothing found.' })).toBeVisible()
    })

    test('pagination: arrows and numbers change the page, at most 7 buttons, the ellipsis is not a link', async ({
      page,
    }) => {
      await page.goto(`/admin/users?search=${PAGED.domain}`)
      const pages = page.getByRole('navigation', { name: 'Pages' })
      await expect(page.getByText(`Total: ${PAGED.count}`)).toBeVisible()
      await expect(pages.getByRole('link', { name: /^Page \d+$/ })).toHaveText(['1', '2', '3', '4', '5', '8'])
      await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
      await expect(pages.getByText('…')).toHaveCount(1)
      await expect(pages.locator('a', { hasText: '…' })).toHaveCount(0)
      await expect(pages.locator('[aria-disabled="true"]', { hasText: 'Previous page' })).toHaveCount(1)

      await pages.getByRole('link', { name: 'Next page' }).click()
      await expect(page).toHaveURL(new RegExp(`search=${PAGED.domain}&page=2$`))
      await expect(page.locator('tbody tr').first()).toContainText('P11')

      await pages.getByRole('link', { name: 'Page 5' }).click()
      await expect(page).toHaveURL(/page=5$/)
      // Near the end one ellipsis: 1 … 4 5 6 7 8 (two, 1 … c-1 c c+1 … n, need 9 pages: unit tests).
      await expect(pages.getByRole('link', { name: /^Page \d+$/ })).toHaveText(['1', '4', '5', '6', '7', '8'])
      await expect(pages.getByText('…')).toHaveCount(1)

      await pages.getByRole('link', { name: 'Page 8' }).click()
      await expect(page.locator('tbody tr')).toHaveCount(5)
      await expect(pages.locator('[aria-disabled="true"]', { hasText: 'Next page' })).toHaveCount(1)
      await pages.getByRole('link', { name: 'Previous page' }).click()
      await expect(page).toHaveURL(/page=7$/)
    })

    test('Add creates a user who can then sign in', async ({ page, browser }) => {
      const person = { email: `anna-${tag}@example.com`, password: 'anna-password-1' }
      await page.goto('/admin/users')
      await page.getByRole('link', { name: 'Add' }).click()
      await expect(page).toHaveURL(/\/admin\/users\/new$/)
      const form = dialog(page)
      await expect(form.getByRole('heading', { name: 'New user' })).toBeVisible()
      // The shared schema answers first (in the browser with JavaScript, from the action without).
      await form.getByRole('button', { name: 'Create' }).click()
      await expect(form.getByText('Value is required')).toHaveCount(2)
      await form.getByLabel('Email', { exact: true }).fill(person.email)
      await form.getByLabel('Password').fill('short')
      // With JavaScript the fields a refused submit marked are checked as they are typed, and
      // Create stays disabled until they are fixed; without it the action answers.
      if (js) await expect(form.getByRole('button', { name: 'Create' })).toBeDisabled()
      else await form.getByRole('button', { name: 'Create' }).click()
      await expect(form.getByText('Minimum number of characters: 8')).toBeVisible()
      await form.getByLabel('Password').fill(person.password)
      await form.getByLabel('Middle name').fill(`Smirnova${tag}`)
      await form.getByLabel('First name').fill('Anna')
      await form.getByLabel('Phone').fill('+7 (900) 123-45-67')
      await form.getByRole('button', { name: 'Create' }).click()

      await expect(page).toHaveURL(`${ORIGIN}/admin/users`)
      await expect(alert(page, 'success')).toContainText('User successfully created')
      await expect(dialog(page)).toHaveCount(0)
      await page.goto(`/admin/users?search=anna-${tag}`)
      const r = row(page, `Smirnova${tag} Anna`)
      await expect(r).toContainText(person.email)
      await expect(r).toContainText('+7 (900) 123-45-67')
      await expect(r.locator('[data-right="is_authorized"]')).toHaveText('Access')

      const theirs = await browser.newContext({ javaScriptEnabled: js })
      const them = await theirs.newPage()
      await signIn(them, person)
      await expect(them).toHaveURL(`${ORIGIN}/lk`)
      await expect(them.getByTestId('current-user')).toContainText(`Smirnova${tag} Anna`)
      await theirs.close()
    })

    test('a registered email is refused, translated, at the email field', async ({ page, context }) => {
      await page.goto('/admin/users/new')
      // Hydration turns the server's dialog into react-aria's (new inputs): type after it, not during.
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      const form = dialog(page)
      await form.getByLabel('Email', { exact: true }).fill(USER.email.toUpperCase())
      await form.getByLabel('Password').fill('some-password-1')
      await form.getByRole('button', { name: 'Create' }).click()
      const email = form.getByRole('textbox', { name: 'Email', exact: true })
      await expect(form.getByText('User already registered')).toBeVisible()
      await expect(email).toHaveAttribute('aria-invalid', 'true')
      await expect(email).toHaveValue(USER.email.toUpperCase())
      // The password never comes back from the server (with JavaScript it was never sent away).
      if (!js) await expect(form.getByLabel('Password')).toHaveValue('')

      // The same answer in Russian.
      await context.addCookies([{ name: 'lng', value: cookieValue('ru'), url: ORIGIN }])
      await page.goto('/admin/users/new')
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      await dialog(page).getByLabel('Электронная почта', { exact: true }).fill(USER.email)
      await dialog(page).getByLabel('Пароль').fill('some-password-1')
      await dialog(page).getByRole('button', { name: 'Создать' }).click()
      await expect(dialog(page).getByText('Пользователь уже зарегистрирован')).toBeVisible()
    })

    test('the Editing dialog edits the full name and contacts', async ({ page }) => {
      const errors = collectConsoleErrors(page)
      await page.goto('/admin/users')
      // With JavaScript the dialog's forms post through fetchers: the document is never reloaded.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }))
      await page.getByRole('link', { name: `Edit ${targetName}` }).click()
      await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/)
      const edit = dialog(page)
      await expect(edit.getByRole('heading', { name: 'Editing', level: 2 })).toBeVisible()
      await expect(edit).toContainText(target.email)
      // Spec §3: in English fio.surname is labelled 'Middle name' and fio.middlename 'Last name'.
      await expect(edit.getByLabel('Middle name')).toHaveValue(target.fio.surname)
      await expect(edit.getByLabel('First name')).toHaveValue('Tess')
      await expect(edit.getByLabel('Last name')).toHaveValue('')

      await edit.getByLabel('Phone').fill('not a phone')
      await edit.getByRole('button', { name: 'Save' }).click()
      await expect(edit.getByText('Enter a phone number as +7 (###) ###-##-##')).toBeVisible()

      await edit.getByLabel('Middle name').fill(`Renamed${tag}`)
      await edit.getByLabel('Last name').fill('Ivanovna')
      await edit.getByLabel('Phone').fill('+7 (900) 000-00-01')
      await edit.getByRole('button', { name: 'Save' }).click()
      await expect(alert(page, 'success')).toContainText('User modified')
      targetName = `Renamed${tag} Tess Ivanovna`
      // Still in the dialog, now holding what was saved; the list beneath has the new name.
      await expect(dialog(page).getByLabel('Middle name')).toHaveValue(`Renamed${tag}`)
      await expect(dialog(page)).toContainText(targetName)
      // (By text: with JavaScript the page under the dialog is hidden from the accessibility tree.)
      await expect(row(page, targetName)).toHaveCount(1)
      if (js) {
        // A second save through the fetcher stacks its alert on top of the first (spec §4).
        await expect(alert(page, 'success')).toHaveCount(1)
        await dialog(page).getByLabel('Phone').fill('+7 (900) 000-00-02')
        await dialog(page).getByRole('button', { name: 'Save' }).click()
        await expect(alert(page, 'success')).toHaveCount(2)
        await expect(alert(page, 'success').nth(0)).toContainText('User modified')
      }
      if (js) expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
      // (Without JavaScript the refused phone was a document answered 400, which Chromium reports.)
      expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([])
    })

    test('Editing resets the password: the user signs in with the new one', async ({ page, browser }) => {
      await page.goto(`/admin/users?search=target-${tag}`)
      await page.getByRole('link', { name: `Edit ${targetName}` }).click()
      const edit = dialog(page)
      await edit.getByLabel('New password').fill('brand-new-password')
      await edit.getByRole('button', { name: 'Set password' }).click()
      await expect(alert(page, 'success')).toContainText('User modified')
      await expect(dialog(page).getByLabel('New password')).toHaveValue('')

      const theirs = await browser.newContext({ javaScriptEnabled: js })
      const them = await theirs.newPage()
      await signIn(them, { email: target.email, password: 'brand-new-password' })
      await expect(them).toHaveURL(`${ORIGIN}/lk`)
      await theirs.close()
    })

    test('grant task_create with attributes, see it, then revoke it', async ({ page }) => {
      await page.goto(`/admin/users?search=target-${tag}`)
      await page.getByRole('link', { name: `Edit ${targetName}` }).click()
      const edit = dialog(page)
      // is_admin takes no attributes: the shared schema says so before the upstream does.
      await edit.getByLabel('Right', { exact: true }).selectOption('is_admin')
      const attributes = edit.getByRole('textbox', { name: 'Attributes' })
      await attributes.fill('PRJ')
      await edit.getByRole('button', { name: 'Grant' }).click()
      await expect(edit.getByText('This right takes no attributes')).toBeVisible()

      await edit.getByLabel('Right', { exact: true }).selectOption('task_create')
      if (js) {
        // A tag input: Enter or a comma makes a chip; the field posts them comma-separated.
        await attributes.fill('')
        await attributes.pressSequentially('PRJ')
        await attributes.press('Enter')
        await attributes.pressSequentially('OPS,')
        await expect(edit.getByRole('row', { name: 'OPS' })).toBeVisible()
      } else {
        await attributes.fill('PRJ, OPS')
      }
      await edit.getByRole('button', { name: 'Grant' }).click()
      await expect(alert(page, 'success')).toContainText('Right granted')
      const grant = dialog(page).locator('.grant[data-right="task_create"]')
      await expect(grant).toContainText('Create tasks')
      await expect(grant.locator('.chip')).toHaveText(['PRJ', 'OPS'])
      // The list shows effective rights, attributes sorted.
      await expect(page.locator('tbody [data-right="task_create"]')).toContainText('OPS, PRJ')

      await dialog(page).getByRole('button', { name: 'Revoke Create tasks' }).click()
      await expect(alert(page, 'success').last()).toContainText('Right revoked')
      await expect(dialog(page).locator('.grant[data-right="task_create"]')).toHaveCount(0)
      await expect(page.locator('tbody [data-right="task_create"]')).toHaveCount(0)
    })

    test('closing the dialog goes back to the list where it was', async ({ page }) => {
      await page.goto(`/admin/users?search=target-${tag}`)
      await page.getByRole('link', { name: `Edit ${targetName}` }).click()
      await expect(dialog(page)).toBeVisible()
      if (js) {
        await expect(dialog(page)).toBeFocused()
        await page.keyboard.press('Escape')
      } else {
        await dialog(page).getByRole('link', { name: 'Close' }).click()
      }
      await expect(page).toHaveURL(`${ORIGIN}/admin/users?search=target-${tag}`)
      await expect(dialog(page)).toHaveCount(0)
    })

    test('bind to another node of the administrator’s', async ({ page }) => {
      await page.goto(`/admin/users?search=target-${tag}`)
      await page.getByRole('link', { name: `Edit ${targetName}` }).click()
      const edit = dialog(page)
      await expect(edit).toContainText('Bound to node start.')
      await edit.getByLabel('Bind to another node').selectOption({ label: 'demo' })
      await edit.getByRole('button', { name: 'Bind' }).click()
      await expect(alert(page, 'success')).toContainText('User bound to the node')
      // Again: the upstream's refusal comes back as a translated error on the form.
      await dialog(page).getByLabel('Bind to another node').selectOption({ label: 'demo' })
      await dialog(page).getByRole('button', { name: 'Bind' }).click()
      await expect(dialog(page).getByText('User is already bound to the node')).toBeVisible()
    })

    test('sign in as the user lands on /lk as them', async ({ page, context }) => {
      await page.goto(`/admin/users?search=target-${tag}`)
      await page.getByRole('link', { name: `Edit ${targetName}` }).click()
      await dialog(page)
        .getByRole('button', { name: `Sign in as ${targetName}` })
        .click()
      await expect(page).toHaveURL(`${ORIGIN}/lk`)
      await expect(page.getByTestId('current-user')).toContainText(targetName)
      await expect(alert(page, 'info')).toContainText(`You are signed in as ${targetName}`)
      expect((await tokenCookie(context))?.value).not.toBe(adminToken)
      // Not an administrator: the admin area sends them home.
      await page.goto('/admin/users')
      await expect(page).toHaveURL(`${ORIGIN}/lk`)
    })

    test('unbind asks first, then removes the user from the node', async ({ page }) => {
      await page.goto(`/admin/users?search=target-${tag}`)
      await page.getByRole('link', { name: `Edit ${targetName}` }).click()
      await dialog(page).getByRole('link', { name: 'Unbind from this node' }).click()
      const confirm = dialog(page).getByRole('alertdialog')
      await expect(confirm).toContainText(`Unbind ${targetName} from node start?`)
      await confirm.getByRole('link', { name: 'Cancel' }).click()
      await expect(dialog(page).getByRole('alertdialog')).toHaveCount(0)

      await dialog(page).getByRole('link', { name: 'Unbind from this node' }).click()
      await dialog(page).getByRole('alertdialog').getByRole('button', { name: 'Unbind' }).click()
      await expect(page).toHaveURL(`${ORIGIN}/admin/users?search=target-${tag}`)
      await expect(alert(page, 'success')).toContainText('User deleted')
      await expect(dialog(page)).toHaveCount(0)
      await expect(page.getByRole('cell', { name: 'Nothing found.' })).toBeVisible()
    })

    test('the administrator cannot unbind themself, nor sign in as themself', async ({ page }) => {
      await page.goto('/admin/users')
      await page.getByRole('link', { name: `Edit ${ADMIN.fullName}` }).click()
      const edit = dialog(page)
      await expect(edit).toContainText('You cannot unbind yourself.')
      await expect(edit.getByRole('link', { name: 'Unbind from this node' })).toHaveCount(0)
      await expect(edit.getByRole('button', { name: /^Sign in as/ })).toHaveCount(0)
    })
  })
}

test('Editing a user who is not in the node goes back to the list with a warning', async ({
  page,
  context,
}) => {
  await asAdmin(context)
  await page.goto('/admin/users/00000000-0000-4000-8000-000000000000?search=x')
  await expect(page).toHaveURL(`${ORIGIN}/admin/users?search=x`)
  await expect(alert(page, 'warning')).toContainText('User not found')
})

test('a user who is not an administrator is sent home from /admin/users', async ({ page }) => {
  await signIn(page, USER)
  await expect(page).toHaveURL(`${ORIGIN}/lk`)
  await page.goto('/admin/users')
  await expect(page).toHaveURL(`${ORIGIN}/lk`)
})

// Not a check: pictures for a person to look at. `SHOTS=1 npx playwright test admin-users -g screenshots`.
test.describe('screenshots', () => {
  test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots')
  const dir = process.env.SHOTS_DIR ?? '/tmp/shots-users'

  for (const theme of ['dark', 'light'] as const)
    for (const lng of ['en', 'ru', 'zh'] as const)
      test(`the list and the Editing dialog, ${theme}, ${lng}`, async ({ page, context }) => {
        await asAdmin(context)
        await context.addCookies([
          { name: 'theme', value: cookieValue(theme), url: ORIGIN },
          { name: 'lng', value: cookieValue(lng), url: ORIGIN },
        ])
        await page.setViewportSize({ width: 1280, height: 860 })
        await page.goto('/admin/users')
        await page.screenshot({ path: `${dir}/list-${theme}-${lng}.png` })
        await page.locator('.cell-actions a').nth(1).click()
        await expect(dialog(page)).toBeVisible()
        await page.screenshot({ path: `${dir}/edit-${theme}-${lng}.png` })
        await page.locator('.dialog-overlay').evaluate((o) => o.scrollTo(0, o.scrollHeight))
        await page.screenshot({ path: `${dir}/edit-bottom-${theme}-${lng}.png` })
        const attributes = dialog(page).locator('.tag-input-text')
        await attributes.pressSequentially('PRJ,OPS,HR')
        await dialog(page).locator('select[name="right_code"]').selectOption('is_admin')
        await dialog(page).locator('#user-grant button[type="submit"]').click()
        await expect(dialog(page).locator('#user-grant .field-error')).toBeVisible()
        await page.screenshot({ path: `${dir}/edit-grant-${theme}-${lng}.png` })
        await page.setViewportSize({ width: 390, height: 800 })
        await page.locator('.dialog-overlay').evaluate((o) => o.scrollTo(0, 0))
        await page.screenshot({ path: `${dir}/edit-mobile-${theme}-${lng}.png` })
        await page.goto('/admin/users')
        await page.screenshot({ path: `${dir}/list-mobile-${theme}-${lng}.png` })
      })
})
