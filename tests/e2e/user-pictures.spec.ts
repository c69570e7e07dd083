import { mkdirSync } from 'node:fs'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { ADMIN, ORIGIN } from './env'
import { apiData, apiToken, cookieValue, signIn, startNodeId } from './utils'

/*
 * User pictures (spec §3 user.logo) end to end: a user uploads their picture in the profile, with
 * JavaScript (the chosen image previews first) and without it, and sees it in the header, beside
 * their attachment and their comment on a task; removing it brings their initials back. A user of
 * their own, so that no other spec meets a picture.
 */

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-user-pictures'
const PASSWORD = 'pictures-e2e-password'
const tag = `P${Date.now().toString(36).toUpperCase()}`
let nodeId: string
let me: { email: string; password: string; name: string }
let card: string

/** A small picture of one colour with a square of another: a different colour, a different picture. */
const picture = (background: string) =>
  sharp({ create: { width: 160, height: 160, channels: 3, background } })
    .composite([{ input: { create: { width: 60, height: 60, channels: 3, background: '#ffffff' } } }])
    .png()
    .toBuffer()

async function setUp(request: APIRequestContext) {
  const admin = await apiToken(request, ADMIN)
  const api = <T = Record<string, unknown>>(method: string, path: string, data?: unknown) =>
    apiData<T>(request, admin, method, path, data)
  nodeId = await startNodeId(request)
  const open = await api<{ id: string }>('POST', `/statuses/${nodeId}`, {
    name: `Open ${tag}`,
    color: '#4ea7fc',
  })
  const done = await api<{ id: string }>('POST', `/statuses/${nodeId}`, {
    name: `Done ${tag}`,
    color: '#4cb782',
  })
  const progress = await api<{ id: string }>('POST', `/progress/${nodeId}`, {
    name: `Flow ${tag}`,
    status_ids: [open.id, done.id],
  })
  const form = await api<{ id: string }>('POST', `/forms/${nodeId}`, {
    name: `Form ${tag}`,
    layout: 'simple',
    fields: [{ name: 'title', grid: 12 }],
    editable: null,
    visible: null,
    tabs: [],
  })
  const process = await api<{ id: string; key: string }>('POST', `/processes/${nodeId}`, {
    key: tag,
    name: `Pictures ${tag}`,
    progress_id: progress.id,
    form_id: form.id,
    transitions: [{ from_status_id: open.id, to_status_id: done.id }],
  })
  const email = `pictures-${tag.toLowerCase()}@example.com`
  const user = await api<{ id: string; full_name: string }>('POST', '/users', {
    email,
    password: PASSWORD,
    node_id: nodeId,
    fio: { surname: 'Kartinkina', name: 'Vera' },
  })
  for (const right_code of ['task_create', 'task_view', 'task_edit'])
    await api('POST', `/rights/${nodeId}`, { user_id: user.id, right_code, attributes: [tag] })
  me = { email, password: PASSWORD, name: user.full_name }
  const token = await apiToken(request, me)
  const task = await apiData<{ id: string; key: string }>(
    request,
    token,
    'POST',
    `/tasks/${nodeId}/${process.id}`,
    {
      title: `A task with pictures ${tag}`,
    },
  )
  const upload = await request.post(`${ORIGIN}/api/attachments/${nodeId}/${task.id}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') } },
  })
  expect(upload.status()).toBe(201)
  await apiData(request, token, 'POST', `/tasks/${nodeId}/${task.id}/comments`, { body: 'Looks good' })
  card = `${ORIGIN}/lk/t/${tag}/${task.key}`
}

test.beforeAll(async ({ request }) => {
  mkdirSync(shots, { recursive: true })
  await setUp(request)
})

/** Uploads the picture from the profile page and waits for the page that comes back. */
async function uploadInProfile(page: Page, bytes: Buffer) {
  await page.goto(`${ORIGIN}/lk/profile`)
  await page
    .getByTestId('profile-logo-file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: bytes })
  await Promise.all([page.waitForURL(/\/lk\/profile$/), page.getByTestId('profile-logo-save').click()])
}

/** The picture as an image of the person's name, at its fixed size, and loaded. */
async function expectPicture(page: Page, testId: string, size: number) {
  const img = page.getByTestId(testId).first()
  await expect(img).toHaveJSProperty('tagName', 'IMG')
  await expect(img).toHaveAttribute('alt', me.name)
  await expect(img).toHaveAttribute('width', String(size))
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  return (await img.getAttribute('src')) ?? ''
}

test('with JavaScript: the chosen picture previews, then shows in the header, on the attachment and the comment', async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/auth/login`)
  await signIn(page, me)
  await page.waitForURL(/\/lk/)
  await page.goto(`${ORIGIN}/lk/profile`)
  await expect(page.getByTestId('profile-logo')).toHaveText('KV')
  // The preview: the chosen file shows before it is sent.
  await page
    .getByTestId('profile-logo-file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture('#2f7d6d') })
  await expect(page.getByTestId('profile-logo')).toHaveAttribute('src', /^blob:/)
  // Over the limit the browser says so and does not send it.
  await page
    .getByTestId('profile-logo-file')
    .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(600 * 1024, 1) })
  await expect(page.getByTestId('profile-logo-save')).toBeDisabled()
  await expect(page.locator('#profile-logo-note')).toHaveAttribute('role', 'alert')

  await uploadInProfile(page, await picture('#2f7d6d'))
  const src = await expectPicture(page, 'profile-logo', 72)
  expect(src).toMatch(/^\/api\/users\/[0-9a-f-]+\/logo\/[0-9a-f-]+$/)
  expect(await expectPicture(page, 'current-user-logo', 26)).toBe(src)
  // The URL is served as an image the browser may keep.
  const res = await page.request.get(`${ORIGIN}${src}`)
  expect(res.headers()['content-type']).toBe('image/png')
  expect(res.headers()['x-content-type-options']).toBe('nosniff')
  expect(res.headers()['cache-control']).toContain('immutable')

  await page.goto(card)
  expect(await expectPicture(page, 'attachment-logo', 18)).toBe(src)
  expect(await expectPicture(page, 'comment-logo', 20)).toBe(src)
  for (const theme of ['dark', 'light'] as const) {
    await page.context().addCookies([{ name: 'theme', value: cookieValue(theme), url: ORIGIN }])
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
      // Each page from another one: a second goto of the URL already open is cut short by the first.
      await page.goto(`${ORIGIN}/lk/profile`)
      await page.screenshot({ path: `${shots}/profile-${width}-${theme}.png` })
      await page.goto(card)
      await page.getByTestId('comments').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${shots}/card-${width}-${theme}.png`, fullPage: true })
    }
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a new picture replaces the old one (a new URL), and removing it brings the initials back', async ({
    page,
  }) => {
    await signIn(page, me)
    await page.waitForURL(/\/lk/)
    await page.goto(`${ORIGIN}/lk/profile`)
    const before = await page.getByTestId('profile-logo').getAttribute('src')
    await uploadInProfile(page, await picture('#a23b72'))
    const after = await expectPicture(page, 'profile-logo', 72)
    expect(after).not.toBe(before)
    await page.goto(card)
    expect(await expectPicture(page, 'attachment-logo', 18)).toBe(after)
    expect(await expectPicture(page, 'comment-logo', 20)).toBe(after)

    // A file that is not a picture: the upstream's refusal, and the picture stays.
    await page.goto(`${ORIGIN}/lk/profile`)
    await page
      .getByTestId('profile-logo-file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload="x()"/>') })
    await Promise.all([page.waitForURL(/\/lk\/profile$/), page.getByTestId('profile-logo-save').click()])
    await expect(page.getByText(/PNG, JPEG (или|or) WebP/).first()).toBeVisible()
    expect(await expectPicture(page, 'profile-logo', 72)).toBe(after)

    await Promise.all([page.waitForURL(/\/lk\/profile$/), page.getByTestId('profile-logo-remove').click()])
    await expect(page.getByTestId('profile-logo')).toHaveText('KV')
    await expect(page.getByTestId('current-user-logo')).toHaveText('KV')
    await page.goto(card)
    await expect(page.getByTestId('attachment-logo').first()).toHaveText('KV')
  })
})
