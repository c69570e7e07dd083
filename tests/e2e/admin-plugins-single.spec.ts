import { mkdirSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiToken, collectConsoleErrors, csvConfigId, englishAdminSession, startNodeId } from './utils'

/*
 * A one-per-node plugin already configured (CSV here): the store says "Configured" and links to
 * that configuration instead of offering Add; the Add dialog does not offer it, and its Add
 * address opens the configuration's Editing instead — with and without JavaScript.
 */

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-plugins'
mkdirSync(shots, { recursive: true })
const session = englishAdminSession

let csvId: string

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  csvId = await csvConfigId(request, await apiToken(request, ADMIN), await startNodeId(request))
  await request.dispose()
})

for (const js of [true, false]) {
  const mode = js ? 'with JavaScript' : 'without JavaScript'
  const theme = js ? 'dark' : 'light'

  test(`a configured one-per-node plugin is edited, not added again — ${mode}`, async ({ browser }) => {
    const { context, page } = await session(browser, js, theme)
    const errors = collectConsoleErrors(page)

    await page.goto(`${ORIGIN}/admin/plugin-store`)
    const card = page.getByTestId('plugin-card-csv')
    await expect(card).toContainText('Configured')
    await expect(card.getByTestId('add-csv')).toHaveCount(0)
    // Webhooks take several configurations: Add stays.
    await expect(page.getByTestId('add-webhooks')).toBeVisible()
    await page.screenshot({ path: `${shots}/plugin-store-single-${theme}.png`, fullPage: true })
    await card.getByRole('link', { name: 'Edit configuration' }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/plugin-configs/${csvId}`))
    await expect(page.getByTestId('plugin-config-edit-dialog')).toBeVisible()

    await page.goto(`${ORIGIN}/admin/plugin-configs/new`)
    await expect(page.getByTestId('choose-webhooks')).toBeVisible()
    await expect(page.getByTestId('choose-csv')).toHaveCount(0)
    await page.screenshot({ path: `${shots}/plugin-add-choices-${theme}.png`, fullPage: true })

    await page.goto(`${ORIGIN}/admin/plugin-configs/new?plugin=csv`)
    await expect(page).toHaveURL(new RegExp(`/admin/plugin-configs/${csvId}`))
    await expect(page.getByTestId('plugin-config-new-dialog')).toHaveCount(0)
    expect(errors).toEqual([])
    await context.close()
  })
}
