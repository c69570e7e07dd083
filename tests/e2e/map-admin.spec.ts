import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiToken, cookieValue, startNodeId } from './utils'

/*
 * The map widget's centre and zoom in /admin/widgets (issue 12 item 6): with JavaScript, picked on a
 * small map that writes them into the form's inputs (and follows what is typed there); without it,
 * typed. Either way saved and read back. Chromium draws the map with SwiftShader.
 */

test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
    ],
  },
})

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-map'
let adminToken: string
const made: string[] = []

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  adminToken = await apiToken(request, ADMIN)
  await request.dispose()
})

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  const nodeId = await startNodeId(request)
  for (const id of made)
    await request.delete(`${ORIGIN}/api/widgets/${nodeId}/${id}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    })
  await request.dispose()
})

async function asAdmin(context: BrowserContext, theme: 'dark' | 'light' = 'dark') {
  await context.addCookies([
    { name: '_token', value: adminToken, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
    { name: 'theme', value: cookieValue(theme), url: ORIGIN },
  ])
}

const alert = (page: Page) => page.locator('.alert-list [data-alert="success"]').first()

/** Adds a map widget through the Add dialog and lands on its Editing dialog. */
async function addMap(page: Page, js: boolean, title: string) {
  await page.goto('/admin/widgets/new')
  if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
  const d = page.getByRole('dialog')
  await d.getByLabel('Type', { exact: true }).selectOption({ label: 'Map' })
  await d.getByLabel('Title').fill(title)
  await d.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/admin\/widgets\/[0-9a-f-]{36}/)
  made.push(/\/admin\/widgets\/([0-9a-f-]{36})/.exec(page.url())![1]!)
  await expect(alert(page)).toContainText('Widget created')
  if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
  return page.getByRole('dialog')
}

test('with JavaScript the centre and zoom are picked on a small map, and the map follows what is typed', async ({
  page,
  context,
}) => {
  // Software WebGL on a busy machine draws each step of a drag slowly.
  test.setTimeout(120_000)
  await asAdmin(context)
  const edit = await addMap(page, true, 'Picked map')
  const center = edit.getByLabel('Centre (latitude, longitude)')
  const zoom = edit.getByLabel('Zoom (0–21)')
  await expect(center).toHaveValue('55.8, 37.6')
  const picker = edit.getByTestId('map-view-picker')
  await expect(picker).toHaveAttribute('data-ready', 'true', { timeout: 45_000 })
  await picker.scrollIntoViewIfNeeded()
  const box = (await picker.boundingBox())!
  // Drag the map to the west (the centre moves east) and zoom in one step with the + button.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2, { steps: 3 })
  await page.mouse.up()
  await expect(center).not.toHaveValue('55.8, 37.6')
  const [lat, lon] = (await center.inputValue()).split(',').map(Number) as [number, number]
  expect(lat).toBeCloseTo(55.8, 0)
  expect(lon).toBeGreaterThan(37.6)
  await picker.getByRole('button', { name: /zoom in/i }).click()
  await expect(zoom).toHaveValue(/^8(\.\d)?$/)
  await page.screenshot({ path: `${shots}/map-admin-picker-dark.png` })
  // Typed: the map follows (and the values stay what was typed).
  await center.fill('59.93, 30.33')
  await center.blur()
  await expect(picker).toHaveAttribute('data-center', '59.93000, 30.33000')
  await expect(center).toHaveValue('59.93, 30.33')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(alert(page)).toContainText('Changes saved', { timeout: 30_000 })
  await page.goto(page.url())
  await expect(page.getByRole('dialog').getByLabel('Centre (latitude, longitude)')).toHaveValue(
    '59.93, 30.33',
  )
  await expect(page.getByRole('dialog').getByLabel('Zoom (0–21)')).toHaveValue(/^8(\.\d)?$/)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('there is no small map; the centre and zoom are typed and saved', async ({ page, context }) => {
    await asAdmin(context, 'light')
    const edit = await addMap(page, false, 'Typed map')
    await expect(edit.getByTestId('map-view-picker')).toHaveCount(0)
    await edit.getByLabel('Centre (latitude, longitude)').fill('43.1, 131.9')
    await edit.getByLabel('Zoom (0–21)').fill('10')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(alert(page)).toContainText('Changes saved')
    await page.goto(page.url())
    await expect(page.getByRole('dialog').getByLabel('Centre (latitude, longitude)')).toHaveValue(
      '43.1, 131.9',
    )
    await expect(page.getByRole('dialog').getByLabel('Zoom (0–21)')).toHaveValue('10')
  })
})
