import { mkdirSync } from 'node:fs'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiFetch, apiToken, collectConsoleErrors, cookieValue, startNodeId } from './utils'

/*
 * /admin/fields and /admin/forms end to end, on the real stack. An administrator creates fields of
 * several types (text with a maximum length, select with options, e-mail, address) and a tabs form
 * placing them; the same bad e-mail is then refused by the browser (JavaScript on), by the action
 * (off) and by the upstream, with the same message (a too-long text never gets past the input's
 * maxlength in a browser: the upstream refuses it with the message the form would show). System fields and fields a form uses cannot be
 * deleted. Read in English (the `lng` cookie).
 */

const NOTE = { name: 'cf_e2e_note', title: 'E2E note', max: 40 }
const KIND = { name: 'cf_e2e_kind', title: 'E2E kind' }
const MAIL = { name: 'cf_e2e_mail', title: 'E2E mail' }
const ADDR = { name: 'cf_e2e_addr', title: 'E2E address' }
const FORM = 'E2E intake'
const TOO_LONG = 'x'.repeat(NOTE.max + 1)
const MAX_MESSAGE = `The maximum length allowed is ${NOTE.max}`
const BAD_MAIL = 'not-an-email'
const MAIL_MESSAGE = 'Value is not a valid email address'
const SHOTS = '/tmp/shots-fadmin'

let adminToken: string
let startId: string

async function asAdmin(context: BrowserContext, theme: 'dark' | 'light' = 'dark') {
  await context.addCookies([
    { name: '_token', value: adminToken, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
    { name: 'theme', value: cookieValue(theme), url: ORIGIN },
  ])
}

const api = (request: APIRequestContext, method: string, path: string, data?: unknown) =>
  apiFetch(request, adminToken, method, path, data)

async function fieldsOfNode(request: APIRequestContext) {
  const res = await api(request, 'GET', `/fields/${startId}?per_page=500`)
  return res.body.data as { id: string; name: string; system: boolean }[]
}

async function formId(request: APIRequestContext, name: string) {
  const res = await api(request, 'GET', `/forms/${startId}?search=${encodeURIComponent(name)}`)
  return (res.body.data as { id: string; name: string }[]).find((f) => f.name === name)?.id
}

type SavedEntry = { name: string; placeholder?: string; appendIcon?: string | null }
async function savedEntries(request: APIRequestContext) {
  const res = await api(request, 'GET', `/forms/${startId}?search=${encodeURIComponent(FORM)}`)
  return new Map((res.body.data[0].fields as SavedEntry[]).map((f) => [f.name, f]))
}

const alert = (page: Page, type: 'success' | 'warning') => page.locator(`.alert-list [data-alert="${type}"]`)
const dialog = (page: Page) => page.getByRole('dialog')
const row = (page: Page, name: string) =>
  page.locator('tbody tr', { has: page.getByText(name, { exact: true }) })
/** The list has pages (system fields fill most of the first): the row is looked up by search. */
async function expectListed(page: Page, name: string, text: string) {
  await page.goto(`/admin/fields?search=${name}`)
  await expect(row(page, name)).toContainText(text)
}
const fieldEditorHydrated = (page: Page) =>
  expect(page.locator('form#field-editor')).toHaveAttribute('data-valid', /true|false/, { timeout: 20_000 })
const previewHydrated = (page: Page) =>
  expect(page.locator('form#form-preview')).toHaveAttribute('data-valid', /true|false/, { timeout: 20_000 })

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  adminToken = await apiToken(request, ADMIN)
  startId = await startNodeId(request)
  await request.dispose()
})

test.describe('with JavaScript', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 })

  test('creates fields of several types; the settings follow the type at once', async ({ page, context }) => {
    const errors = collectConsoleErrors(page)
    await asAdmin(context)
    await page.goto('/admin/fields')
    await expect(row(page, 'title')).toContainText('System field')

    // Text with a maximum length.
    await page.getByTestId('admin-add').click()
    await expect(dialog(page)).toBeVisible()
    await fieldEditorHydrated(page)
    await page.locator('input[name="name"]').fill(NOTE.name)
    await page.locator('input[name="title"]').fill(NOTE.title)
    await page.locator('input[name="settings.max_length"]').fill(String(NOTE.max))
    await page.getByTestId('form-submit').click()
    await expect(alert(page, 'success')).toContainText('Field created')
    await expectListed(page, NOTE.name, 'Text')
    await page.goto('/admin/fields')

    // Select: its options are a rows editor, shown as soon as the type is chosen (no round trip).
    await page.getByTestId('admin-add').click()
    await fieldEditorHydrated(page)
    await page.locator('input[name="name"]').fill(KIND.name)
    await page.locator('input[name="title"]').fill(KIND.title)
    await expect(page.locator('input[name="settings.max_length"]')).toBeVisible()
    await page.getByTestId('field-type').selectOption('select')
    await expect(page.locator('input[name="settings.max_length"]')).toHaveCount(0)
    await expect(page.getByTestId('change-type')).toHaveCount(0)
    // The name and the title stay across the change of type.
    await expect(page.locator('input[name="name"]')).toHaveValue(KIND.name)
    await expect(page.locator('input[name="title"]')).toHaveValue(KIND.title)
    for (const [i, option] of ['Bug', 'Feature'].entries()) {
      await dialog(page).getByRole('button', { name: 'Add a row' }).click()
      await page.locator(`input[name="settings.options[${i}].title"]`).fill(option)
      await page.locator(`input[name="settings.options[${i}].value"]`).fill(option.toLowerCase())
    }
    await page.getByTestId('form-submit').click()
    await expect(alert(page, 'success')).toContainText('Field created')
    await expectListed(page, KIND.name, 'Select')
    await page.goto('/admin/fields')

    // E-mail, and an address (its parts are the default ones).
    for (const [f, type, label] of [
      [MAIL, 'email', 'E-mail'],
      [ADDR, 'address', 'Address'],
    ] as const) {
      await page.getByTestId('admin-add').click()
      await fieldEditorHydrated(page)
      await page.getByTestId('field-type').selectOption(type)
      await page.locator('input[name="name"]').fill(f.name)
      await page.locator('input[name="title"]').fill(f.title)
      await page.getByTestId('form-submit').click()
      await expect(alert(page, 'success')).toContainText('Field created')
      await expectListed(page, f.name, label)
      await page.goto('/admin/fields')
    }
    expect(errors).toEqual([])
  })

  test('the editor refuses a bad name and a default longer than the maximum, at their inputs', async ({
    page,
    context,
  }) => {
    await asAdmin(context)
    await page.goto('/admin/fields/new')
    await fieldEditorHydrated(page)
    await page.locator('input[name="name"]').fill('Bad Name')
    await page.locator('input[name="title"]').fill('Bad')
    await page.locator('input[name="settings.max_length"]').fill('3')
    await page.locator('input[name="settings.default"]').fill('abcd')
    await page.getByTestId('form-submit').click()
    await expect(dialog(page)).toContainText('Use lower-case Latin letters')
    await expect(dialog(page)).toContainText('The maximum length allowed is 3')
  })

  test('builds a tabs form from those fields; the preview refuses the bad e-mail as it is typed', async ({
    page,
    context,
  }) => {
    const errors = collectConsoleErrors(page)
    await asAdmin(context)
    await page.goto('/admin/forms')
    await page.getByTestId('admin-add').click()
    await expect(dialog(page)).toBeVisible()
    await expect(page.getByTestId('form-editor')).toBeVisible()
    await page.locator('#form-editor input[name="name"]').fill(FORM)
    await page.getByTestId('form-layout').selectOption('tabs')
    await page.getByTestId('form-add-tab').click()
    await page.locator('input[name="tabs[0].title"]').fill('Main')
    for (const name of [NOTE.name, MAIL.name]) {
      await page.getByTestId('form-pick').selectOption(name)
      await page.getByTestId('form-add-field').click()
    }
    await page.getByTestId('form-add-tab').click()
    await page.locator('input[name="tabs[1].title"]').fill('Details')
    for (const name of [KIND.name, ADDR.name]) {
      await page.getByTestId('form-pick').selectOption(name)
      await page.getByTestId('form-add-field').click()
    }
    // Note and mail side by side on the first tab.
    await page.locator('select[name="fields[0].grid"]').selectOption('6')
    await page.locator('select[name="fields[1].grid"]').selectOption('6')
    await page.locator('input[name="fields[1].label"]').fill('Work e-mail')

    // The preview follows the draft: tabs, the relabelled field, the widths.
    const preview = page.getByTestId('form-preview')
    await previewHydrated(page)
    await expect(preview.getByRole('tab', { name: 'Main' })).toBeVisible()
    await expect(preview.getByRole('tab', { name: 'Details' })).toBeVisible()
    await expect(preview.locator(`[data-field="${NOTE.name}"]`)).toHaveAttribute('style', /span 6/)
    await expect(preview.getByLabel('Work e-mail')).toBeVisible()
    // Moving mail above note reorders the preview too.
    await page.getByRole('button', { name: `Move ${MAIL.name} up` }).click()
    await expect(preview.locator('[data-field]').first()).toHaveAttribute('data-field', MAIL.name)
    await page.getByRole('button', { name: `Move ${MAIL.name} down` }).click()
    await expect(preview.locator('[data-field]').first()).toHaveAttribute('data-field', NOTE.name)

    // The browser takes no more than the maximum length…
    await expect(preview.locator(`input[name="${NOTE.name}"]`)).toHaveAttribute('maxlength', String(NOTE.max))
    // …and refuses the bad e-mail as the user leaves the input, with the domain's message.
    const mail = preview.locator(`input[name="${MAIL.name}"]`)
    await mail.fill(BAD_MAIL)
    await mail.blur()
    await expect(preview).toContainText(MAIL_MESSAGE)
    await expect(preview.getByTestId('form-submit')).toBeDisabled()
    await page.screenshot({ path: `${SHOTS}/forms-preview-dark.png` })

    await page.getByTestId('form-save').click()
    await expect(alert(page, 'success')).toContainText('Form created')
    await expect(row(page, FORM)).toContainText('Tabs')
    expect(errors).toEqual([])
  })

  test('keys set through the API that the editor does not edit survive a save in it', async ({
    page,
    context,
    request,
  }) => {
    const id = await formId(request, FORM)
    const stored = (await api(request, 'GET', `/forms/${startId}/${id}`)).body.data
    const fields = stored.fields.map((f: SavedEntry) =>
      f.name === NOTE.name
        ? { ...f, placeholder: 'Say it' }
        : f.name === MAIL.name
          ? { ...f, appendIcon: 'search' }
          : f,
    )
    expect((await api(request, 'PATCH', `/forms/${startId}/${id}`, { fields })).status).toBe(200)
    await asAdmin(context)
    await page.goto(`/admin/forms/${id}`)
    await previewHydrated(page)
    await page.locator('input[name="fields[0].label"]').fill('Remark')
    await page.getByTestId('form-save').click()
    await expect(alert(page, 'success')).toContainText('Changes saved')
    const saved = await savedEntries(request)
    expect(saved.get(NOTE.name)).toMatchObject({ label: 'Remark', placeholder: 'Say it' })
    expect(saved.get(MAIL.name)?.appendIcon).toBe('search')
  })

  test('a field a form uses cannot be deleted: the alert names the form', async ({
    page,
    context,
    request,
  }) => {
    await asAdmin(context)
    const note = (await fieldsOfNode(request)).find((f) => f.name === NOTE.name)
    expect(note).toBeTruthy()
    await page.goto(`/admin/fields/${note?.id}`)
    await page.getByTestId('delete-start').click()
    await page.getByTestId('delete-confirm').click()
    await expect(alert(page, 'warning')).toContainText(`The field is used by the forms: ${FORM}`)
    expect((await fieldsOfNode(request)).some((f) => f.name === NOTE.name)).toBe(true)
  })

  test('a system field cannot be deleted nor edited', async ({ page, context, request }) => {
    await asAdmin(context)
    await page.goto('/admin/fields')
    const title = row(page, 'title')
    await expect(title.getByTestId('system-badge')).toHaveText('System field')
    await expect(title.getByRole('link')).toHaveCount(0)
    const system = (await fieldsOfNode(request)).find((f) => f.name === 'title')
    await page.goto(`/admin/fields/${system?.id}`)
    await expect(page).toHaveURL(/\/admin\/fields$/)
    await expect(alert(page, 'warning')).toContainText('System fields cannot be changed')
    const res = await api(request, 'DELETE', `/fields/${startId}/${system?.id}`)
    expect(res.status).toBe(422)
    expect(res.body.detail[0].type).toBe('fields.system_field_not_deletable')
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test.describe.configure({ mode: 'serial', timeout: 120_000 })

  test('the type button re-renders the settings; a field is created', async ({ page, context }) => {
    await asAdmin(context)
    await page.goto('/admin/fields/new')
    await page.locator('input[name="name"]').fill('cf_e2e_nojs')
    await page.locator('input[name="title"]').fill('No JS')
    await page.getByTestId('field-type').selectOption('radio')
    await page.getByTestId('change-type').click()
    await expect(page.locator('input[name="settings.options[0].title"]')).toBeVisible()
    await expect(page.locator('input[name="name"]')).toHaveValue('cf_e2e_nojs')
    await page.locator('input[name="settings.options[0].title"]').fill('Yes')
    await page.locator('input[name="settings.options[0].value"]').fill('yes')
    await page.getByTestId('form-submit').click()
    await expect(alert(page, 'success')).toContainText('Field created')
    await expectListed(page, 'cf_e2e_nojs', 'Radio buttons')
  })

  test('the action refuses the same bad e-mail in the preview, with the same message', async ({
    page,
    context,
    request,
  }) => {
    await asAdmin(context)
    const id = await formId(request, FORM)
    await page.goto(`/admin/forms/${id}`)
    const preview = page.getByTestId('form-preview')
    await preview.locator(`input[name="${MAIL.name}"]`).fill(BAD_MAIL)
    await preview.getByTestId('form-submit').click()
    await expect(page.getByTestId('form-preview')).toContainText(MAIL_MESSAGE)
    await expect(page.locator(`#form-preview input[name="${MAIL.name}"]`)).toHaveValue(BAD_MAIL)
    // The editor came back with the draft it posted.
    await expect(page.locator('#form-editor input[name="name"]')).toHaveValue(FORM)
  })

  test('editor steps post the draft: a tab is added and a field moved, then saved', async ({
    page,
    context,
    request,
  }) => {
    await asAdmin(context)
    const id = await formId(request, FORM)
    await page.goto(`/admin/forms/${id}`)
    await page.getByTestId('form-add-tab').click()
    await expect(page.locator('input[name="tabs[2].title"]')).toHaveValue('Tab 3')
    await page.getByRole('button', { name: `Move ${KIND.name} up` }).click()
    await expect(page.locator('input[name="fields[1].name"]')).toHaveValue(KIND.name)
    await page.getByTestId('form-save').click()
    await expect(alert(page, 'success')).toContainText('Changes saved')
    const res = await api(request, 'GET', `/forms/${startId}?search=${encodeURIComponent(FORM)}`)
    const saved = res.body.data[0]
    expect(saved.tabs.map((t: { title: string }) => t.title)).toEqual(['Main', 'Details', 'Tab 3'])
    expect(saved.fields.map((f: { name: string }) => f.name)).toEqual([
      NOTE.name,
      KIND.name,
      MAIL.name,
      ADDR.name,
    ])
    // The keys set through the API (see the test with JavaScript) moved with their entries.
    const entries = await savedEntries(request)
    expect(entries.get(NOTE.name)?.placeholder).toBe('Say it')
    expect(entries.get(MAIL.name)?.appendIcon).toBe('search')
  })
})

test('the upstream refuses the same bad e-mail, and the too-long text, with the same messages', async ({
  request,
}) => {
  const mail = await api(request, 'POST', `/forms/${startId}`, {
    name: 'E2E upstream check',
    layout: 'simple',
    fields: [{ name: MAIL.name, default: BAD_MAIL }],
  })
  expect(mail.status).toBe(422)
  expect(mail.body.detail).toEqual([
    expect.objectContaining({
      type: 'validation.email',
      msg: MAIL_MESSAGE,
      loc: ['body', 'fields', 0, 'default'],
    }),
  ])
  const res = await api(request, 'POST', `/forms/${startId}`, {
    name: 'E2E upstream check',
    layout: 'simple',
    fields: [{ name: NOTE.name, default: TOO_LONG }],
  })
  expect(res.status).toBe(422)
  expect(res.body.detail).toEqual([
    expect.objectContaining({
      type: 'validation.max_length',
      msg: MAX_MESSAGE,
      loc: ['body', 'fields', 0, 'default'],
    }),
  ])
})

test.describe('screenshots', () => {
  test.describe.configure({ timeout: 120_000 })
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }))
  for (const theme of ['dark', 'light'] as const) {
    test(`/admin/fields with its dialog, /admin/forms with the preview, ${theme}`, async ({
      page,
      context,
      request,
    }) => {
      await page.setViewportSize({ width: 1440, height: 1000 })
      await asAdmin(context, theme)
      await page.goto('/admin/fields')
      await page.screenshot({ path: `${SHOTS}/fields-${theme}.png`, fullPage: true })
      await page.goto('/admin/fields/new')
      await fieldEditorHydrated(page)
      await page.getByTestId('field-type').selectOption('select')
      await dialog(page).getByRole('button', { name: 'Add a row' }).click()
      await page.locator('input[name="settings.options[0].title"]').fill('Bug')
      await page.screenshot({ path: `${SHOTS}/fields-dialog-${theme}.png` })
      await page.goto(`/admin/forms/${await formId(request, FORM)}`)
      await previewHydrated(page)
      await page.screenshot({ path: `${SHOTS}/forms-dialog-${theme}.png` })
      // The whole editor: a viewport as tall as the dialog (it scrolls inside a fixed overlay).
      await page.setViewportSize({ width: 1440, height: 2300 })
      await page.screenshot({ path: `${SHOTS}/forms-dialog-full-${theme}.png` })
      await page.setViewportSize({ width: 1440, height: 1000 })
      await page.goto('/admin/forms')
      await page.screenshot({ path: `${SHOTS}/forms-${theme}.png`, fullPage: true })
    })
  }
})
