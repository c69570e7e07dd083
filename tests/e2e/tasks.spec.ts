import { mkdirSync } from 'node:fs'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { ADMIN, ORIGIN } from './env'
import { apiData, apiToken, cookieValue, startNodeId } from './utils'

/*
 * The task pages end to end (/lk/t/add → process → form → card), on the real stack, with and
 * without JavaScript. Set up through the API as the administrator: statuses, a progress, a custom
 * field, a form, a process on that form with transitions Open → Doing → Done, a user who may
 * create (and view and edit) its tasks and one who may not.
 */

let adminToken: string
let nodeId: string
const PASSWORD = 'tasks-e2e-password'
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-tasks'

/** A real picture, for a thumbnail: two colours, 640×400. */
const photo = () =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: '#2f7d6d' } })
    .composite([{ input: { create: { width: 320, height: 200, channels: 3, background: '#f2c14e' } } }])
    .png()
    .toBuffer()

const api = <T = Record<string, unknown>>(
  request: APIRequestContext,
  method: string,
  path: string,
  data?: unknown,
) => apiData<T>(request, adminToken, method, path, data)

interface Setup {
  key: string
  processName: string
  statuses: { open: string; doing: string; done: string }
  maker: { email: string; token: string }
  viewer: { email: string; token: string; fullName: string }
}

/** One process (and its users) per variant, so the two runs do not share task numbers. */
async function setUp(request: APIRequestContext, tag: string): Promise<Setup> {
  const key = `E2E${tag}`
  const status = (name: string, color: string) =>
    api<{ id: string }>(request, 'POST', `/statuses/${nodeId}`, { name: `${name} ${tag}`, color })
  const open = await status('Open', '#4ea7fc')
  const doing = await status('Doing', '#f2a93b')
  const done = await status('Done', '#4cb782')
  const progress = await api<{ id: string }>(request, 'POST', `/progress/${nodeId}`, {
    name: `Flow ${tag}`,
    status_ids: [open.id, doing.id, done.id],
  })
  const field = `cf_note_${tag.toLowerCase()}`
  await api(request, 'POST', `/fields/${nodeId}`, {
    name: field,
    type: 'text',
    title: `Note ${tag}`,
    settings: { max_length: 40 },
  })
  const form = await api<{ id: string }>(request, 'POST', `/forms/${nodeId}`, {
    name: `Form ${tag}`,
    layout: 'simple',
    fields: [
      { name: 'title', grid: 12 },
      { name: 'description', grid: 12 },
      { name: 'assignee', grid: 6 },
      { name: field, grid: 6 },
    ],
    editable: null,
    visible: null,
    tabs: [],
  })
  const processName = `Support ${tag}`
  await api(request, 'POST', `/processes/${nodeId}`, {
    key,
    name: processName,
    progress_id: progress.id,
    form_id: form.id,
    transitions: [
      { from_status_id: open.id, to_status_id: doing.id },
      { from_status_id: doing.id, to_status_id: done.id },
    ],
  })
  const user = async (name: string, rights: string[]) => {
    const email = `${name}-${tag.toLowerCase()}@tasks.example.com`
    const created = await api<{ id: string; full_name: string }>(request, 'POST', '/users', {
      email,
      password: PASSWORD,
      node_id: nodeId,
      fio: { surname: name === 'maker' ? 'Makerova' : 'Viewerov', name: tag },
    })
    for (const right_code of rights)
      await api(request, 'POST', `/rights/${nodeId}`, { user_id: created.id, right_code, attributes: [key] })
    return {
      email,
      fullName: created.full_name,
      token: await apiToken(request, { email, password: PASSWORD }),
    }
  }
  const maker = await user('maker', ['task_create', 'task_view', 'task_edit'])
  const viewer = await user('viewer', ['task_view'])
  return { key, processName, statuses: { open: open.id, doing: doing.id, done: done.id }, maker, viewer }
}

async function signInAs(context: BrowserContext, token: string, theme?: 'dark' | 'light') {
  await context.addCookies([
    { name: '_token', value: token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
    ...(theme ? [{ name: 'theme', value: cookieValue(theme), url: ORIGIN }] : []),
  ])
}

/** The newest alert of a type: earlier ones may still be on screen below it (spec §4). */
const alert = (page: Page, type: 'success' | 'warning') =>
  page.locator(`.alert-list [data-alert="${type}"]`).first()
const moveOptions = (page: Page) => page.locator('#status-move-to option')

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  adminToken = await apiToken(request, ADMIN)
  nodeId = await startNodeId(request)
  await request.dispose()
})

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js })
    test.describe.configure({ mode: 'serial' })
    let setup: Setup
    let taskKey: string

    test.beforeAll(async ({ playwright }) => {
      const request = await playwright.request.newContext()
      setup = await setUp(request, js ? 'J' : 'N')
      await request.dispose()
    })

    test('creates a task: /lk/t/add → the process → its form → the card', async ({ page, context }) => {
      await signInAs(context, setup.maker.token)
      await page.goto('/lk/t/add')
      await page.locator(`input[name="process"][value="${setup.key}"]`).check()
      await page.getByRole('button', { name: 'Next' }).click()
      await expect(page).toHaveURL(new RegExp(`/lk/t/add/${setup.key}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Task')
      if (js) await expect(page.locator('form#task-create[data-valid]')).toBeAttached({ timeout: 20_000 })
      // No title: with JavaScript Save stays disabled; without it the action answers at the field.
      await page.locator('#task-create-description').fill('Paper stuck again')
      if (js) {
        await page.locator('#task-create-title').focus()
        await page.locator('#task-create-description').focus()
        await expect(page.getByTestId('form-submit')).toBeDisabled()
      } else {
        await page.getByTestId('form-submit').click()
        await expect(page.locator('#task-create-title')).toHaveAttribute('aria-invalid', 'true')
        await expect(page.locator('#task-create-description')).toHaveValue('Paper stuck again')
      }
      await page.locator('#task-create-title').fill('Printer on floor 3 is jammed')
      await page.locator(`#task-create-cf_note_${js ? 'j' : 'n'}`).fill('Room 301')
      await page.getByTestId('form-submit').click()
      await expect(page).toHaveURL(new RegExp(`/lk/t/${setup.key}/${setup.key}-\\d+$`))
      await expect(alert(page, 'success')).toContainText('Task successfully created')
      taskKey = (await page.getByTestId('task-key').textContent()) ?? ''
      expect(taskKey).toMatch(new RegExp(`^${setup.key}-\\d+$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Task card')
      await expect(page.locator('#task-view-title')).toHaveValue('Printer on floor 3 is jammed')
      await expect(page.locator(`#task-view-cf_note_${js ? 'j' : 'n'}`)).toHaveValue('Room 301')
      await expect(page.getByTestId('form-submit')).toHaveCount(0)
    })

    test('the card: attach, move (allowed moves only), comment, edit', async ({ page, context }) => {
      await signInAs(context, setup.maker.token)
      const card = `/lk/t/${setup.key}/${taskKey}`
      await page.goto(card)
      // No attachments: the list is hidden, the upload form is there.
      await expect(page.getByTestId('attachment')).toHaveCount(0)
      for (const name of ['one.txt', 'two.txt', 'three.txt', 'four.txt']) {
        await page.locator('#attachment-file').setInputFiles({
          name,
          mimeType: 'text/plain',
          buffer: Buffer.from(`contents of ${name}`),
        })
        await page.getByTestId('attachment-upload').click()
        await expect(page.getByTestId('attachment').filter({ hasText: name })).toBeVisible()
      }
      await expect(alert(page, 'success').first()).toContainText('File attached')
      // Spec §3: each attachment shows its uploader's logo (their initials: no picture) and name.
      const uploader = page.getByTestId('attachment').first().getByTestId('attachment-user')
      await expect(uploader).toContainText(/Makerova/)
      await expect(uploader.getByTestId('attachment-logo')).toHaveText(/^M/)
      // Latest 3, newest first; show more / show less.
      await expect(page.getByTestId('attachment')).toHaveCount(3)
      await expect(page.getByTestId('attachment').first()).toContainText('four.txt')
      await page.getByTestId('attachments-toggle').click()
      await expect(page.getByTestId('attachment')).toHaveCount(4)
      await page.getByTestId('attachments-toggle').click()
      await expect(page.getByTestId('attachment')).toHaveCount(3)
      // The download goes through /api forwarding with the session cookie.
      const href = await page.getByTestId('attachment').first().locator('a').getAttribute('href')
      const download = await page.request.get(`${ORIGIN}${href}`)
      expect(download.status()).toBe(200)
      expect(await download.text()).toBe('contents of four.txt')

      // Open → only Doing is offered (Done is not a move from Open).
      await expect(page.getByTestId('task-status')).toContainText(`Open ${setup.key.slice(3)}`)
      await expect(moveOptions(page)).toHaveText([`Doing ${setup.key.slice(3)}`])
      await page.getByTestId('status-move-submit').click()
      await expect(alert(page, 'success')).toContainText('Task edited')
      await expect(page.getByTestId('task-status')).toContainText(`Doing ${setup.key.slice(3)}`)
      await expect(moveOptions(page)).toHaveText([`Done ${setup.key.slice(3)}`])

      // A comment mentioning a colleague shows them by name.
      await page.locator('#comment-body').fill(`Please look, @${setup.viewer.email}`)
      await page.getByTestId('comment-submit').click()
      await expect(page.getByTestId('comment')).toHaveCount(1)
      await expect(page.getByTestId('mention')).toHaveText(`@${setup.viewer.fullName}`)

      // Edit a field.
      await page.getByTestId('task-edit').click()
      await expect(page).toHaveURL(/\?edit=1$/)
      if (js) await expect(page.locator('form#task-edit[data-valid]')).toBeAttached({ timeout: 20_000 })
      await page.locator('#task-edit-title').fill('Printer on floor 3 fixed')
      await page.getByTestId('form-submit').click()
      await expect(alert(page, 'success')).toContainText('Task edited')
      await expect(page).toHaveURL(new RegExp(`${card}$`))
      await expect(page.locator('#task-view-title')).toHaveValue('Printer on floor 3 fixed')
      // History: newest first, the title change among them.
      await expect(page.getByTestId('history-row').first()).toContainText('Printer on floor 3 fixed')

      // Delete an attachment.
      await page.getByTestId('attachment').first().getByRole('button', { name: 'Delete four.txt' }).click()
      await expect(alert(page, 'success')).toContainText('Attachment deleted')
      await expect(page.getByTestId('attachment').filter({ hasText: 'four.txt' })).toHaveCount(0)

      // An image shows its thumbnail, loaded through the /api forwarding.
      await page.locator('#attachment-file').setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: await photo(),
      })
      await page.getByTestId('attachment-upload').click()
      const picture = page
        .getByTestId('attachment')
        .filter({ hasText: 'photo.png' })
        .getByTestId('attachment-picture')
      await expect(picture).toHaveAttribute('src', /^\/api\/attachments\/[\w-]+\/[\w-]+\/thumbnail$/)
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(320)
      const thumb = await page.request.get(`${ORIGIN}${await picture.getAttribute('src')}`)
      expect([
        thumb.status(),
        thumb.headers()['content-type'],
        thumb.headers()['x-content-type-options'],
      ]).toEqual([200, 'image/webp', 'nosniff'])
    })

    test('a save over a stale version shows the conflict and the current data', async ({
      page,
      context,
      playwright,
    }) => {
      await signInAs(context, setup.maker.token)
      await page.goto(`/lk/t/${setup.key}/${taskKey}?edit=1`)
      if (js) await expect(page.locator('form#task-edit[data-valid]')).toBeAttached({ timeout: 20_000 })
      const request = await playwright.request.newContext()
      const task = await api<{ id: string; version: number }>(
        request,
        'GET',
        `/tasks/${nodeId}/${taskKey}/key`,
      )
      await api(request, 'PATCH', `/tasks/${nodeId}/${task.id}`, {
        version: task.version,
        title: 'Changed elsewhere',
      })
      await request.dispose()
      await page.locator('#task-edit-title').fill('My stale edit')
      await page.getByTestId('form-submit').click()
      await expect(alert(page, 'warning')).toContainText('The task was changed by someone else')
      await expect(page.locator('#task-edit-title')).toHaveValue('Changed elsewhere')
    })

    test('a file chosen before the page has hydrated is sent all the same', async ({ page, context }) => {
      test.skip(!js, 'only a hydrated page could lose it')
      await signInAs(context, setup.maker.token)
      // The page's scripts are held back until the file is chosen.
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await page.route('**/build/**', async (route) => {
        await held
        await route.continue()
      })
      // 'commit': the document's scripts, held, keep DOMContentLoaded from firing.
      await page.goto(`/lk/t/${setup.key}/${taskKey}?edit=1`, { waitUntil: 'commit' })
      await page.locator('#attachment-file').setInputFiles({
        name: 'early.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('chosen before hydration'),
      })
      release()
      await expect(page.locator('form#task-edit[data-valid]')).toBeAttached({ timeout: 20_000 })
      await page.getByTestId('attachment-upload').click()
      await expect(page.getByTestId('attachment').filter({ hasText: 'early.txt' })).toBeVisible()
    })
  })
}

test.describe('access', () => {
  let setup: Setup
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext()
    setup = await setUp(request, 'A')
    await request.dispose()
  })

  test('a user without task_create cannot reach /lk/t/add (sent home)', async ({ page, context }) => {
    await signInAs(context, setup.viewer.token)
    await page.goto('/lk/t/add')
    await expect(page).toHaveURL(/\/lk$/)
    await page.goto(`/lk/t/add/${setup.key}`)
    await expect(page).toHaveURL(/\/lk$/)
  })

  test('an unknown process or task is page-not-found; a wrong process key goes to the canonical card', async ({
    page,
    context,
    playwright,
  }) => {
    await signInAs(context, setup.maker.token)
    const res = await page.goto(`/lk/t/${setup.key}/${setup.key}-999`)
    await expect(page).toHaveURL(/\/errors\/page-not-found$/)
    expect(res?.status()).toBe(404)
    await page.goto('/lk/t/add/NOSUCH')
    await expect(page).toHaveURL(/\/errors\/page-not-found$/)
    // A task of this process, addressed under another key.
    const request = await playwright.request.newContext()
    const processes = await api<{ id: string; key: string }[]>(
      request,
      'GET',
      `/processes/${nodeId}?search=${setup.key}`,
    )
    const process = processes.find((p) => p.key === setup.key)!
    const task = await api<{ key: string }>(request, 'POST', `/tasks/${nodeId}/${process.id}`, {
      title: 'Admin task',
    })
    await request.dispose()
    await page.goto(`/lk/t/OTHER/${task.key}`)
    await expect(page).toHaveURL(new RegExp(`/lk/t/${setup.key}/${task.key}$`))
    // A user with task_view only: the card, read-only, with no moves and no Edit button.
    await signInAs(context, setup.viewer.token)
    await page.goto(`/lk/t/${setup.key}/${task.key}?edit=1`)
    await expect(page.getByTestId('task-card')).toHaveAttribute('data-mode', 'view')
    await expect(page.getByTestId('task-edit')).toHaveCount(0)
    await expect(page.locator('#status-move-to')).toHaveCount(0)
  })
})

test.describe('screenshots', () => {
  let setup: Setup
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext()
    setup = await setUp(request, 'S')
    await request.dispose()
  })

  for (const theme of ['dark', 'light'] as const) {
    test(`create page and card, ${theme}`, async ({ page, context, playwright }) => {
      mkdirSync(shots, { recursive: true })
      await signInAs(context, setup.maker.token, theme)
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto(`/lk/t/add/${setup.key}`)
      await expect(page.locator('form#task-create[data-valid]')).toBeAttached({ timeout: 20_000 })
      await page.screenshot({ path: `${shots}/create-${theme}.png`, fullPage: true })
      await page.locator('#task-create-title').fill(`Screenshot task (${theme})`)
      await page.locator('#task-create-description').fill('What the card looks like')
      await page.getByTestId('form-submit').click()
      await expect(page.getByTestId('task-card')).toBeVisible()
      const key = (await page.getByTestId('task-key').textContent()) ?? ''
      const request = await playwright.request.newContext({
        extraHTTPHeaders: { authorization: `Bearer ${setup.maker.token}` },
      })
      const task = await (await request.get(`${ORIGIN}/api/tasks/${nodeId}/${key}/key`)).json()
      for (const name of ['spec.pdf', 'photo.png', 'notes.txt', 'log.txt']) {
        const buffer = name === 'photo.png' ? await photo() : Buffer.from(`file ${name}`)
        await request.post(`${ORIGIN}/api/attachments/${nodeId}/${task.data.id}`, {
          multipart: { file: { name, mimeType: 'text/plain', buffer } },
        })
      }
      await request.post(`${ORIGIN}/api/tasks/${nodeId}/${task.data.id}/comments`, {
        data: { body: `Looks good, @${setup.viewer.email} please check.` },
      })
      await request.dispose()
      await page.reload()
      await page.screenshot({ path: `${shots}/card-${theme}.png`, fullPage: true })
      await page.goto(`/lk/t/${setup.key}/${key}?edit=1`)
      await page.screenshot({ path: `${shots}/card-edit-${theme}.png`, fullPage: true })
    })
  }
})
