import { mkdirSync } from 'node:fs'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiData, apiToken, cookieValue, startNodeId } from './utils'

/*
 * Spec §3 form field settings on a real task form, with and without JavaScript: appendIcon (the
 * date picker's calendar by default, an icon the form chose on a text field), the form's own
 * settings of a field (required here, the date picker's action row), and childFields (an
 * address's city narrowed and renamed, its street hidden). Spec §9: the picker shows no action row
 * unless the field's settings ask for it.
 */

let adminToken: string
let nodeId: string
const PASSWORD = 'form-settings-e2e-password'
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-form-settings'

const api = <T = Record<string, unknown>>(
  request: APIRequestContext,
  method: string,
  path: string,
  data?: unknown,
) => apiData<T>(request, adminToken, method, path, data)

async function setUp(request: APIRequestContext, tag: string) {
  const key = `FFS${tag}`
  const low = tag.toLowerCase()
  const open = await api<{ id: string }>(request, 'POST', `/statuses/${nodeId}`, {
    name: `Open ffs ${tag}`,
    color: '#4ea7fc',
  })
  const progress = await api<{ id: string }>(request, 'POST', `/progress/${nodeId}`, {
    name: `Flow ffs ${tag}`,
    status_ids: [open.id],
  })
  const names = {
    ref: `cf_ref_${low}`,
    due: `cf_due_${low}`,
    start: `cf_start_${low}`,
    office: `cf_office_${low}`,
  }
  await api(request, 'POST', `/fields/${nodeId}`, {
    name: names.ref,
    type: 'text',
    title: `Reference ${tag}`,
  })
  await api(request, 'POST', `/fields/${nodeId}`, { name: names.due, type: 'date', title: `Due ${tag}` })
  await api(request, 'POST', `/fields/${nodeId}`, { name: names.start, type: 'date', title: `Start ${tag}` })
  await api(request, 'POST', `/fields/${nodeId}`, {
    name: names.office,
    type: 'address',
    title: `Office ${tag}`,
  })
  const form = await api<{ id: string }>(request, 'POST', `/forms/${nodeId}`, {
    name: `Form ffs ${tag}`,
    fields: [
      { name: 'title', grid: 12 },
      // Required by this form only: the definition leaves it optional.
      { name: names.ref, grid: 6, appendIcon: 'search', settings: { required: true } },
      { name: names.due, grid: 6 },
      { name: names.start, grid: 6, settings: { action_row: true } },
      {
        name: names.office,
        grid: 12,
        childFields: [
          { name: 'city', grid: 6, label: 'Town' },
          { name: 'street', visible: false },
        ],
      },
    ],
  })
  await api(request, 'POST', `/processes/${nodeId}`, {
    key,
    name: `Settings ${tag}`,
    progress_id: progress.id,
    form_id: form.id,
    transitions: [],
  })
  const email = `maker-ffs-${low}@forms.example.com`
  const user = await api<{ id: string }>(request, 'POST', '/users', {
    email,
    password: PASSWORD,
    node_id: nodeId,
    fio: { surname: 'Formova', name: tag },
  })
  for (const right_code of ['task_create', 'task_view', 'task_edit'])
    await api(request, 'POST', `/rights/${nodeId}`, { user_id: user.id, right_code, attributes: [key] })
  return { key, names, token: await apiToken(request, { email, password: PASSWORD }) }
}

async function signInAs(context: BrowserContext, token: string, theme: 'dark' | 'light' = 'dark') {
  await context.addCookies([
    { name: '_token', value: token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
    { name: 'theme', value: cookieValue(theme), url: ORIGIN },
  ])
}

const cell = (page: Page, name: string) => page.locator(`[data-field="${name}"]`)

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  adminToken = await apiToken(request, ADMIN)
  nodeId = await startNodeId(request)
  await request.dispose()
})

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js })
    let setup: Awaited<ReturnType<typeof setUp>>
    test.beforeAll(async ({ playwright }) => {
      const request = await playwright.request.newContext()
      setup = await setUp(request, js ? 'J' : 'N')
      await request.dispose()
    })

    test("the form's appendIcon, settings and childFields shape the create form", async ({
      page,
      context,
    }) => {
      await signInAs(context, setup.token)
      await page.goto(`/lk/t/add/${setup.key}`)
      if (js) await expect(page.locator('form#task-create[data-valid]')).toBeAttached({ timeout: 20_000 })
      const { names } = setup
      // appendIcon: the form's on the text field; the date picker's calendar by default (with JS:
      // inside the button that opens the calendar; without: the browser's own date input).
      await expect(cell(page, names.ref).locator('svg[data-icon="search"]')).toBeVisible()
      if (js)
        await expect(
          cell(page, names.due)
            .getByRole('button', { name: /Open the calendar/ })
            .locator('svg[data-icon="calendar"]'),
        ).toBeVisible()
      else await expect(cell(page, names.due).locator('input[type="date"]')).toBeVisible()
      // childFields: the city is 'Town', half a row; the street is not shown.
      const office = cell(page, names.office)
      await expect(office.getByText('Town', { exact: true })).toBeVisible()
      await expect(office.locator(`[name="${names.office}.street"]`)).toHaveCount(0)
      await expect(office.locator(`[name="${names.office}.city"]`)).toHaveCount(1)

      // settings.required from the form: the task is refused without the reference.
      await page.locator('#task-create-title').fill('Form settings at work')
      if (js) {
        await page.locator(`#task-create-${names.ref}`).fill('x')
        await page.locator(`#task-create-${names.ref}`).fill('')
        await expect(cell(page, names.ref).getByText('Value is required')).toBeVisible()
        await expect(page.getByTestId('form-submit')).toBeDisabled()
      } else {
        await page.getByTestId('form-submit').click()
        await expect(cell(page, names.ref).getByText('Value is required')).toBeVisible()
        await expect(page.locator('#task-create-title')).toHaveValue('Form settings at work')
      }
      await page.locator(`#task-create-${names.ref}`).fill('REF-1')
      await page.getByTestId('form-submit').click()
      await expect(page).toHaveURL(new RegExp(`/lk/t/${setup.key}/${setup.key}-\\d+$`))
    })

    if (js)
      test('spec §9: no action row by default; the field whose settings ask for it shows Now', async ({
        page,
        context,
      }) => {
        await signInAs(context, setup.token)
        await page.goto(`/lk/t/add/${setup.key}`)
        await expect(page.locator('form#task-create[data-valid]')).toBeAttached({ timeout: 20_000 })
        await cell(page, setup.names.due)
          .getByRole('button', { name: /Open the calendar/ })
          .click()
        const dialog = page.getByRole('dialog')
        await expect(dialog.locator('tbody tr')).toHaveCount(6)
        await expect(dialog.getByRole('button', { name: 'Now' })).toHaveCount(0)
        await page.keyboard.press('Escape')
        await expect(dialog).toHaveCount(0)
        await cell(page, setup.names.start)
          .getByRole('button', { name: /Open the calendar/ })
          .click()
        await dialog.getByRole('button', { name: 'Now' }).click()
        await expect(dialog).toHaveCount(0)
        await expect(page.locator(`input[type="hidden"][name="${setup.names.start}"]`)).toHaveValue(
          /^\d{4}-\d{2}-\d{2}$/,
        )
      })

    test('screenshots at 375, 768 and 1440 px, dark', async ({ page, context }) => {
      mkdirSync(shots, { recursive: true })
      await signInAs(context, setup.token)
      for (const width of [375, 768, 1440]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : width === 768 ? 1024 : 900 })
        await page.goto(`/lk/t/add/${setup.key}`)
        if (js) {
          await expect(page.locator('form#task-create[data-valid]')).toBeAttached({ timeout: 20_000 })
          await cell(page, setup.names.due)
            .getByRole('button', { name: /Open the calendar/ })
            .click()
          await expect(page.getByRole('dialog')).toBeVisible()
        }
        await page.screenshot({ path: `${shots}/create-${js ? 'js' : 'nojs'}-${width}.png` })
      }
    })
  })
}
