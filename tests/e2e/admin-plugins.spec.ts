import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { reloadUntil } from './shell-utils'
import { apiToken, collectConsoleErrors, cookieValue } from './utils'

/*
 * /admin/plugin-store and /admin/plugin-configs end to end on the real stack, with JavaScript
 * (react-aria dialog and select) and without it (every step a plain post): an administrator adds
 * a webhook configuration from the store, is told what is missing, saves it, sees the secret only
 * as "set", switches it off and on, and reads who changed what in its history.
 */

const SECRET = 'e2e-signing-secret-0123456789'

let adminToken: string
/** A real receiver for the webhooks, on loopback (the e2e server allows private targets). */
let receiver: Server
let receiverUrl: string
const received: { path: string; body: string; signature: string }[] = []

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  adminToken = await apiToken(request, ADMIN)
  await request.dispose()
  receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      received.push({ path: req.url ?? '', body, signature: String(req.headers['x-nodus-signature']) })
      res.end('ok')
    })
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
})
test.afterAll(() => new Promise<void>((r) => receiver.close(() => r())))

const signed = (body: string, header: string) => {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? []
  return v1 === createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex')
}

/** Moves a task of the seeded TASK process to another status of its progress (through the API). */
async function moveATask(request: APIRequestContext) {
  const auth = { authorization: `Bearer ${adminToken}` }
  const node = (await (await request.get(`${ORIGIN}/api/nodes/domain/start`)).json()).data.id as string
  const found = await request.post(`${ORIGIN}/api/tasks/rql/${node}`, {
    headers: auth,
    data: { query: '', per_page: 1 },
  })
  const task = (await found.json()).data[0] as {
    id: string
    version: number
    status_id: string
    process_id: string
  }
  const process = (
    await (await request.get(`${ORIGIN}/api/processes/${node}/${task.process_id}`, { headers: auth })).json()
  ).data as { progress_id: string }
  const progress = (
    await (
      await request.get(`${ORIGIN}/api/progress/by-id/${node}/${process.progress_id}`, { headers: auth })
    ).json()
  ).data as { statuses: { id: string }[] }
  const to = progress.statuses.find((s) => s.id !== task.status_id)!.id
  const moved = await request.patch(`${ORIGIN}/api/tasks/${node}/${task.id}`, {
    headers: auth,
    data: { version: task.version, status_id: to },
  })
  expect(moved.status(), await moved.text()).toBe(200)
}

async function asAdmin(context: BrowserContext) {
  await context.addCookies([
    { name: '_token', value: adminToken, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
  ])
}

const alert = (page: Page, type: 'success' | 'warning') => page.locator(`.alert-list [data-alert="${type}"]`)

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js })
    test.beforeEach(async ({ context }) => asAdmin(context))

    test('adds a webhook from the store, edits, switches it off and reads its history', async ({ page }) => {
      const errors = collectConsoleErrors(page)
      const name = `Chat ${js ? 'js' : 'nojs'}`
      await page.goto('/admin/plugin-store')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plugin store')
      const card = page.getByTestId('plugin-card-webhooks')
      await expect(card.getByRole('heading', { name: 'Webhooks' })).toBeVisible()
      await expect(page.getByTestId('plugin-card-sso')).toContainText('Single sign-on')
      await card.getByRole('link', { name: 'Add configuration' }).click()
      await expect(page).toHaveURL(/\/admin\/plugin-configs\/new\?plugin=webhooks$/)
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('heading', { name: 'New configuration' })).toBeVisible()

      if (js) {
        // With JavaScript, Create waits until the form's own rules are met.
        await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled()
      } else {
        await dialog.getByRole('button', { name: 'Create' }).click()
        await expect(dialog.getByText('Value is required').first()).toBeVisible()
      }
      await dialog.getByLabel('Name').fill(name)
      await dialog.getByLabel('URL').fill('ftp://wrong')
      if (js) {
        await dialog.getByRole('button', { name: /Events/ }).click()
        await page.getByRole('option', { name: 'Task moved to another status' }).click()
        await page.keyboard.press('Escape')
      } else {
        await dialog.getByLabel('Events').selectOption(['task.moved'])
      }
      await dialog.getByLabel('Signing secret').fill(SECRET)
      await dialog.getByRole('button', { name: 'Create' }).click()
      // The upstream's rule (an http(s) address) comes back at its field; the secret is not sent back.
      await expect(dialog.getByText('Enter a valid URL')).toBeVisible()
      await dialog.getByLabel('URL').fill(`${receiverUrl}/hook-${js ? 'js' : 'nojs'}`)
      if (!js) await dialog.getByLabel('Signing secret').fill(SECRET)
      await dialog.getByRole('button', { name: 'Create' }).click()

      await expect(alert(page, 'success').first()).toContainText('Plugin configuration created')
      await expect(page).toHaveURL(/\/admin\/plugin-configs\/[0-9a-f-]{36}$/)
      const edit = page.getByRole('dialog')
      await expect(edit.getByRole('heading', { name: 'Editing' })).toBeVisible()
      await expect(edit.getByLabel('URL')).toHaveValue(`${receiverUrl}/hook-${js ? 'js' : 'nojs'}`)
      const secret = edit.getByLabel('Signing secret')
      await expect(secret).toHaveValue('')
      await expect(secret).toHaveAttribute('placeholder', /^Set/)
      expect(await page.content()).not.toContain(SECRET)

      // Saved without typing the secret: it is kept.
      await edit.getByLabel('Name').fill(`${name} renamed`)
      await edit.getByRole('button', { name: 'Save' }).click()
      await expect(alert(page, 'success').first()).toContainText('Plugin configuration saved')
      await expect(page.getByTestId('config-state')).toHaveText('Enabled')

      // "Send a test": a signed ping reaches the receiver and the log says delivered.
      await page.getByTestId('send-test').click()
      await expect(alert(page, 'success').first()).toContainText('Test sent')
      const log = page.getByRole('table', { name: 'Deliveries' })
      await expect(log.locator('tbody tr').first()).toContainText('Test (ping)')
      await expect(log.locator('tbody tr').first()).toContainText('Delivered')
      const ping = received.find((r) => r.path === `/hook-${js ? 'js' : 'nojs'}`)!
      expect(JSON.parse(ping.body).type).toBe('ping')
      expect(signed(ping.body, ping.signature)).toBe(true)

      // Moving a task: the event leaves through the outbox and the worker; the log shows it.
      await moveATask(page.request)
      await reloadUntil(
        page,
        async () =>
          (await log.locator('tbody tr').first().textContent())?.includes('Task moved to another status') ??
          false,
      )
      await expect(log.locator('tbody tr').first()).toContainText('Delivered')
      const moved = received.filter((r) => r.path === `/hook-${js ? 'js' : 'nojs'}`).at(-1)!
      expect(JSON.parse(moved.body)).toMatchObject({
        type: 'task.moved',
        data: { task: { key: expect.any(String) } },
      })
      expect(signed(moved.body, moved.signature)).toBe(true)

      await page.getByTestId('toggle-enabled').click()
      await expect(alert(page, 'success').first()).toContainText('Plugin configuration disabled')
      await expect(page.getByTestId('config-state')).toHaveText('Disabled')

      const history = page.getByTestId('plugin-history')
      await expect(history.locator('li.plugin-history-entry')).toHaveCount(3)
      await expect(history).toContainText('Plugin configuration created')
      await expect(history).toContainText('Signing secret: ••••••••')
      await expect(history).toContainText(`Name: ${name} renamed`)
      await expect(history).toContainText(ADMIN.fullName)
      expect(await page.content()).not.toContain(SECRET)

      await page.goto('/admin/plugin-configs')
      const row = page.locator('tbody tr', { has: page.getByText(`${name} renamed`, { exact: true }) })
      await expect(row).toContainText('Webhooks')
      await expect(row).toContainText('Disabled')
      await page.goto('/admin/plugin-store')
      await expect(page.getByTestId('plugin-card-webhooks')).toContainText('Configurations:')
      // The refused posts (400 from the form's rules, 422 from the upstream's) are the only errors.
      expect(errors.filter((e) => !/status of (400|422)/.test(e))).toEqual([])
    })
  })
}

test('another node’s or an unknown configuration leads back to the list with a warning', async ({
  context,
  page,
}) => {
  await asAdmin(context)
  await page.goto('/admin/plugin-configs/00000000-0000-4000-8000-000000000000')
  await expect(page).toHaveURL(`${ORIGIN}/admin/plugin-configs`)
  await expect(alert(page, 'warning').first()).toContainText('Plugin configuration not found')
})
