import { mkdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { type SmtpReceiver, startSmtpReceiver } from '../../api/test/smtp-receiver'
import { ADMIN, ORIGIN, USER } from './env'
import { apiToken, collectConsoleErrors, cookieValue, startNodeId } from './utils'

/*
 * The e-mail plugin end to end, against a real SMTP server started here (the e2e server allows a
 * loopback SMTP host): an administrator configures it from the store and sends a test that arrives
 * (and a refused one that says so), with and without JavaScript; a user picks a daily digest on the
 * notification settings page. Screenshots of both, dark and light, for a person to look at.
 */

const shots = 'test-results/email-shots'

let smtp: SmtpReceiver
let closedPort: number
let adminToken: string
let nodeId: string

test.beforeAll(async ({ playwright }) => {
  smtp = await startSmtpReceiver({ password: 'e2e-smtp-Password-9' })
  const free = createServer()
  await new Promise<void>((r) => free.listen(0, '127.0.0.1', r))
  closedPort = (free.address() as AddressInfo).port
  await new Promise((r) => free.close(r))
  const request = await playwright.request.newContext()
  adminToken = await apiToken(request, ADMIN)
  nodeId = await startNodeId(request)
  await request.dispose()
})
test.afterAll(() => smtp?.close())

/** The e-mail plugin is one per node: each test starts without a configuration. */
async function removeEmailConfigs(request: APIRequestContext) {
  const auth = { authorization: `Bearer ${adminToken}` }
  const list = await request.get(`${ORIGIN}/api/plugin-configs/${nodeId}?plugin_id=email`, { headers: auth })
  for (const c of (await list.json()).data as { id: string }[])
    expect(
      (await request.delete(`${ORIGIN}/api/plugin-configs/${nodeId}/${c.id}`, { headers: auth })).status(),
    ).toBe(200)
}

async function signedIn(context: BrowserContext, token: string, theme?: 'dark' | 'light') {
  await context.addCookies([
    { name: '_token', value: token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
    ...(theme ? [{ name: 'theme', value: cookieValue(theme), url: ORIGIN }] : []),
  ])
}

const alert = (page: Page, type: 'success' | 'warning') => page.locator(`.alert-list [data-alert="${type}"]`)

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js })

    test('an administrator configures e-mail and sends a test that arrives', async ({
      page,
      context,
      request,
    }) => {
      await removeEmailConfigs(request)
      await signedIn(context, adminToken)
      const errors = collectConsoleErrors(page)
      await page.goto('/admin/plugin-store')
      await page.getByTestId('plugin-card-email').getByRole('link', { name: 'Add configuration' }).click()
      await expect(page).toHaveURL(/\/admin\/plugin-configs\/new\?plugin=email$/)
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Name', { exact: true }).fill(`Office mail ${js ? 'js' : 'nojs'}`)
      await dialog.getByLabel('SMTP host').fill('127.0.0.1')
      await dialog.getByLabel('Port', { exact: true }).fill(String(smtp.port))
      if (js) {
        await dialog.getByRole('button', { name: /Encryption/ }).click()
        await page.getByRole('option', { name: 'None' }).click()
      } else {
        await dialog.getByLabel('Encryption').selectOption('none')
      }
      await dialog.getByLabel('User', { exact: true }).fill(smtp.user)
      await dialog.getByLabel('Password', { exact: true }).fill(smtp.password)
      await dialog.getByLabel('Sender address').fill('nodus@example.com')
      await dialog.getByLabel('Sender name').fill('Nodus E2E')
      await dialog.getByRole('button', { name: 'Create' }).click()
      await expect(alert(page, 'success').first()).toContainText('Plugin configuration created')
      const edit = page.getByRole('dialog')
      await expect(edit.getByRole('heading', { name: 'Editing' })).toBeVisible()
      await expect(edit.getByLabel('Password', { exact: true })).toHaveValue('')
      expect(await page.content()).not.toContain(smtp.password)

      const before = smtp.to(ADMIN.email).length
      await page.getByTestId('send-test').click()
      await expect(alert(page, 'success').first()).toContainText(`Test e-mail sent to ${ADMIN.email}`)
      await expect(alert(page, 'success').first()).toContainText('The server answered: 250')
      await expect.poll(() => smtp.to(ADMIN.email).length).toBe(before + 1)
      const got = smtp.to(ADMIN.email).at(-1)!.mail
      expect(got.from?.value[0]).toEqual({ address: 'nodus@example.com', name: 'Nodus E2E' })

      // The password is bound to its server, and the form says so under it (ADR 027).
      await expect(
        edit.getByText('Changing any of these clears the saved password unless you type it again'),
      ).toContainText('SMTP host, Port, Encryption, User')
      // A server that refuses the connection: the administrator reads why, in their language.
      await edit.getByLabel('Port', { exact: true }).fill(String(closedPort))
      await edit.getByRole('button', { name: 'Save' }).click()
      await expect(alert(page, 'success').first()).toContainText('Plugin configuration saved')
      // A new port without the password typed again: the stored one is gone.
      await expect(edit.getByLabel('Password', { exact: true })).toHaveAttribute('placeholder', 'Not set')
      await page.getByTestId('send-test').click()
      await expect(alert(page, 'warning').first()).toContainText(
        `The SMTP server 127.0.0.1:${closedPort} refused the connection`,
      )
      expect(await page.content()).not.toContain(smtp.password)
      expect(errors).toEqual([])
    })

    test('a user picks a daily digest at a time in their zone', async ({ page, context, request }) => {
      const userToken = await apiToken(request, USER)
      await signedIn(context, userToken)
      await page.goto('/lk/notifications/settings')
      const form = page.getByTestId('email-preference')
      await expect(form.getByRole('heading', { name: 'E-mail' })).toBeVisible()
      await form.getByLabel('Send').selectOption('digest')
      await form.getByLabel('Digest time').fill(js ? '07:30' : '18:15')
      await form.getByLabel('Time zone').selectOption('Europe/Moscow')
      await form.getByLabel('Language of the e-mails').selectOption('zh')
      await form.getByRole('button', { name: 'Save e-mail settings' }).click()
      await expect(alert(page, 'success').first()).toContainText('E-mail settings saved')
      await page.reload()
      await expect(form.getByLabel('Send')).toHaveValue('digest')
      await expect(form.getByLabel('Digest time')).toHaveValue(js ? '07:30' : '18:15')
      await expect(form.getByLabel('Time zone')).toHaveValue('Europe/Moscow')
      const saved = await request.get(`${ORIGIN}/api/notifications/${nodeId}/email`, {
        headers: { authorization: `Bearer ${userToken}` },
      })
      expect((await saved.json()).data).toMatchObject({
        mode: 'digest',
        digest_time: js ? '07:30' : '18:15',
        time_zone: 'Europe/Moscow',
        language: 'zh',
      })
    })
  })
}

test.describe('screenshots', () => {
  for (const theme of ['dark', 'light'] as const)
    test(`the e-mail configuration and the user's e-mail settings, ${theme}`, async ({
      page,
      context,
      request,
    }) => {
      mkdirSync(shots, { recursive: true })
      await page.setViewportSize({ width: 1280, height: 900 })
      await signedIn(context, adminToken, theme)
      await page.goto('/admin/plugin-configs?plugin_id=email')
      await page
        .getByRole('link', { name: /Office mail/ })
        .first()
        .click()
      await expect(page.getByRole('dialog').getByRole('heading', { name: 'Editing' })).toBeVisible()
      await page.screenshot({ path: `${shots}/config-${theme}.png` })
      await page.getByTestId('send-test').click()
      await expect(alert(page, 'warning').or(alert(page, 'success')).first()).toBeVisible()
      await page.getByTestId('send-test').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${shots}/config-test-${theme}.png` })
      await context.clearCookies()
      await signedIn(context, await apiToken(request, USER), theme)
      await page.goto('/lk/notifications/settings')
      await expect(page.getByTestId('email-preference')).toBeVisible()
      await page.screenshot({ path: `${shots}/settings-${theme}.png`, fullPage: true })
      // A refused time comes back beside its field (here through a crafted post).
      await page.getByLabel('Digest time').evaluate((el) => {
        ;(el as HTMLInputElement).type = 'text'
        ;(el as HTMLInputElement).value = '25:99'
      })
      await page.getByRole('button', { name: 'Save e-mail settings' }).click()
      await expect(page.getByText('Enter a time as HH:MM')).toBeVisible()
      await page.screenshot({ path: `${shots}/settings-refused-${theme}.png` })
    })
})
