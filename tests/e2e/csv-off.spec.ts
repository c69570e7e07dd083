import { mkdirSync } from 'node:fs'
import { type APIRequestContext, expect, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiToken, csvConfigId, englishAdminSession, startNodeId } from './utils'

/*
 * CSV turned off by the administrator (docs/plugins.md "CSV"): with the node's CSV configuration
 * disabled, /lk/csv says so instead of its forms and a widget's editing page has no "Export CSV"
 * link, with and without JavaScript; enabled again, both come back. Screenshots dark and light.
 */

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-csv'
mkdirSync(shots, { recursive: true })

const session = englishAdminSession

let auth: Record<string, string>
let node: string
let configId: string
let widgetId: string

/** The node's CSV configuration (created if it has none), and a widget to look at. */
async function prepare(request: APIRequestContext) {
  const token = await apiToken(request, ADMIN)
  auth = { authorization: `Bearer ${token}` }
  node = await startNodeId(request)
  configId = await csvConfigId(request, token, node)
  const widgets = (await (await request.get(`${ORIGIN}/api/widgets/${node}`, { headers: auth })).json())
    .data as { id: string }[]
  widgetId = widgets[0]!.id
}

const setEnabled = (request: APIRequestContext, enabled: boolean) =>
  request.patch(`${ORIGIN}/api/plugin-configs/${node}/${configId}`, { headers: auth, data: { enabled } })

test('CSV turned off: /lk/csv says so and widgets have no Export CSV link; on again, both are back', async ({
  browser,
  request,
}) => {
  await prepare(request)
  expect((await setEnabled(request, false)).status()).toBe(200)
  try {
    for (const js of [true, false]) {
      const theme = js ? 'dark' : 'light'
      const { context, page } = await session(browser, js, theme)
      await page.goto(`${ORIGIN}/lk/csv`)
      await expect(page.getByTestId('csv-off')).toHaveText(
        'CSV import and export is turned off by your administrator',
      )
      await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0)
      await expect(page.getByLabel('CSV file')).toHaveCount(0)
      await page.screenshot({ path: `${shots}/csv-off-${theme}${js ? '' : '-nojs'}.png`, fullPage: true })
      // The export URL itself is refused with the same words, not a file.
      await page.goto(`${ORIGIN}/lk/csv/export?query=`)
      await expect(page.getByTestId('csv-off')).toBeVisible()
      await page.goto(`${ORIGIN}/admin/widgets/${widgetId}`)
      await expect(page.getByTestId('widget-edit-dialog')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0)
      await context.close()
    }
  } finally {
    expect((await setEnabled(request, true)).status()).toBe(200)
  }
  const { context, page } = await session(browser, false, 'dark')
  await page.goto(`${ORIGIN}/lk/csv`)
  await expect(page.getByTestId('csv-off')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible()
  await page.goto(`${ORIGIN}/admin/widgets/${widgetId}`)
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible()
  await context.close()
})
