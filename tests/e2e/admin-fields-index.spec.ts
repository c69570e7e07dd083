import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiFetch, apiToken, collectConsoleErrors, cookieValue, startNodeId } from './utils'

/*
 * /admin/fields → Editing → Index for queries (issue 28): an administrator marks a custom field
 * indexed and unmarks it, with JavaScript and without; the dialog and the list show the index's
 * state as the upstream reports it, and a field holding a list offers no button. Read in English.
 */

let adminToken: string
let startId: string

async function asAdmin(context: BrowserContext) {
  await context.addCookies([
    { name: '_token', value: adminToken, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
    { name: 'theme', value: cookieValue('dark'), url: ORIGIN },
  ])
}

const api = (request: APIRequestContext, method: string, path: string, data?: unknown) =>
  apiFetch(request, adminToken, method, path, data)

/** A fresh custom field of the start node, through the API. */
async function makeField(request: APIRequestContext, name: string, body: Record<string, unknown> = {}) {
  const res = await api(request, 'POST', `/fields/${startId}`, { name, type: 'text', title: name, ...body })
  expect(res.status).toBe(201)
  return res.body.data.id as string
}

const state = (page: Page) => page.getByRole('dialog').getByTestId('index-state')

/** The dialog, reloaded until the build has run (it runs after the upstream's answer). */
async function expectState(page: Page, url: string, want: string) {
  await expect(async () => {
    await page.goto(url)
    await expect(state(page)).toHaveText(want, { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  adminToken = await apiToken(request, ADMIN)
  startId = await startNodeId(request)
  await request.dispose()
})

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js })
    test.describe.configure({ timeout: 90_000 })

    test('marks a field indexed, sees it ready in the dialog and the list, and unmarks it', async ({
      page,
      context,
      request,
    }) => {
      const errors = collectConsoleErrors(page)
      const name = `cf_e2e_idx_${js ? 'js' : 'nojs'}`
      const id = await makeField(request, name)
      await asAdmin(context)
      const url = `/admin/fields/${id}`
      await page.goto(url)
      await expect(page.getByTestId('index-step')).toContainText('Index for queries')
      await expect(state(page)).toHaveCount(0)
      await page.getByTestId('index-toggle').click()
      await expect(page.locator('.alert-list [data-alert="success"]')).toContainText('Changes saved')
      await expectState(page, url, 'Indexed')
      await expect(page.getByTestId('index-toggle')).toHaveText('Remove the index')
      await page.screenshot({ path: `/tmp/shots-idxfields/dialog-${js ? 'js' : 'nojs'}.png` })

      await page.goto(`/admin/fields?search=${name}`)
      const row = page.locator('tbody tr', { has: page.getByText(name, { exact: true }) })
      await expect(row.getByTestId('index-state')).toHaveText('Indexed')

      await page.goto(url)
      await page.getByTestId('index-toggle').click()
      await expect(page.locator('.alert-list [data-alert="success"]')).toContainText('Changes saved')
      await expect(state(page)).toHaveCount(0)
      await expect(page.getByTestId('index-toggle')).toHaveText('Index the field')
      const field = await api(request, 'GET', `/fields/${startId}/${id}`)
      expect(field.body.data).toMatchObject({ indexed: false, index_state: null })
      await api(request, 'DELETE', `/fields/${startId}/${id}`)
      if (js) expect(errors).toEqual([])
    })
  })
}

test('a field holding a list offers no index', async ({ page, context, request }) => {
  const id = await makeField(request, 'cf_e2e_idx_list', {
    type: 'select',
    settings: { multiple: true, options: [{ title: 'A', value: 'a' }] },
  })
  await asAdmin(context)
  await page.goto(`/admin/fields/${id}`)
  await expect(page.getByTestId('index-step')).toContainText('cannot be indexed')
  await expect(page.getByTestId('index-toggle')).toHaveCount(0)
  await api(request, 'DELETE', `/fields/${startId}/${id}`)
})
