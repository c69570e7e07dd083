import { mkdirSync } from 'node:fs'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiToken, cookieValue, signIn } from './utils'

/*
 * Notifications end to end (issue 13 items 1–2), on the real stack, with and without JavaScript:
 * user A assigns a task to user B; B signs in, sees the footer's count and the inbox item; opening
 * it shows the task and the count drops. Watch / Unwatch on the card, the settings page, "mark all
 * read"; with JavaScript, a live notification (the window event the live stream dispatches) raises
 * an info alert and adds one to the count.
 */

const PASSWORD = 'notify-e2e-password'
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-notifications'
let adminToken: string
let nodeId: string

async function api<T = Record<string, unknown>>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
  token = adminToken,
): Promise<T> {
  const res = await request.fetch(`${ORIGIN}/api${path}`, {
    method,
    data,
    headers: { authorization: `Bearer ${token}` },
  })
  const body = await res.json()
  expect(res.ok(), `${method} ${path}: ${JSON.stringify(body)}`).toBe(true)
  return body.data as T
}

interface Person {
  id: string
  email: string
  token: string
  fullName: string
}
interface Setup {
  key: string
  processId: string
  a: Person
  b: Person
}

async function setUp(request: APIRequestContext, tag: string): Promise<Setup> {
  const key = `NT${tag}`
  const status = (name: string) =>
    api<{ id: string }>(request, 'POST', `/statuses/${nodeId}`, { name: `${name} N${tag}`, color: '#4ea7fc' })
  const open = await status('Open')
  const done = await status('Done')
  const progress = await api<{ id: string }>(request, 'POST', `/progress/${nodeId}`, {
    name: `Notify flow ${tag}`,
    status_ids: [open.id, done.id],
  })
  const form = await api<{ id: string }>(request, 'POST', `/forms/${nodeId}`, {
    name: `Notify form ${tag}`,
    layout: 'simple',
    fields: [
      { name: 'title', grid: 12 },
      { name: 'assignee', grid: 6 },
    ],
    editable: null,
    visible: null,
    tabs: [],
  })
  const process = await api<{ id: string }>(request, 'POST', `/processes/${nodeId}`, {
    key,
    name: `Requests ${tag}`,
    progress_id: progress.id,
    form_id: form.id,
    transitions: [{ from_status_id: open.id, to_status_id: done.id }],
  })
  const person = async (name: string, surname: string): Promise<Person> => {
    const email = `${name}-${tag.toLowerCase()}@notify.example.com`
    const made = await api<{ id: string; full_name: string }>(request, 'POST', '/users', {
      email,
      password: PASSWORD,
      node_id: nodeId,
      fio: { surname, name },
    })
    for (const right_code of ['task_create', 'task_view', 'task_edit'])
      await api(request, 'POST', `/rights/${nodeId}`, { user_id: made.id, right_code, attributes: [key] })
    return {
      id: made.id,
      email,
      fullName: made.full_name,
      token: await apiToken(request, { email, password: PASSWORD }),
    }
  }
  return {
    key,
    processId: process.id,
    a: await person('anna', 'Assignova'),
    b: await person('boris', 'Bobrov'),
  }
}

async function useEnglish(context: BrowserContext, theme?: 'dark' | 'light') {
  await context.addCookies([
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
    ...(theme ? [{ name: 'theme', value: cookieValue(theme), url: ORIGIN }] : []),
  ])
}

const count = (page: Page) => page.getByTestId('notifications-count')

/** The consumer makes notifications just after the write commits: reload until the footer shows it. */
async function untilCount(page: Page, text: string) {
  await expect
    .poll(
      async () => {
        await page.reload()
        return (await count(page).count()) ? ((await count(page).textContent()) ?? '') : ''
      },
      { timeout: 15_000, intervals: [300, 500, 1000] },
    )
    .toBe(text)
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  adminToken = await apiToken(request, ADMIN)
  nodeId = (await (await request.get(`${ORIGIN}/api/nodes/domain/start`)).json()).data.id
  await request.dispose()
})

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js })
    test.describe.configure({ mode: 'serial' })
    let s: Setup

    test.beforeAll(async ({ playwright }) => {
      const request = await playwright.request.newContext()
      s = await setUp(request, js ? 'J' : 'N')
      await request.dispose()
    })

    test('A assigns a task to B: B sees the count and the inbox item; opening it shows the task, the count drops', async ({
      page,
      context,
      request,
    }) => {
      const task = await api<{ id: string; key: string }>(
        request,
        'POST',
        `/tasks/${nodeId}/${s.processId}`,
        { title: 'Replace the cartridge', assignee_id: s.b.id },
        s.a.token,
      )
      await useEnglish(context)
      await signIn(page, { email: s.b.email, password: PASSWORD })
      await expect(page).toHaveURL(`${ORIGIN}/lk`)
      await untilCount(page, '1')
      await expect(page.getByTestId('notifications')).toHaveAccessibleName('Notifications: Unread: 1')

      await page.getByTestId('notifications').click()
      await expect(page).toHaveURL(`${ORIGIN}/lk/notifications`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications')
      const item = page.getByTestId('inbox-item')
      await expect(item).toHaveCount(1)
      await expect(item).toContainText(`${s.a.fullName} assigned a task to you`)
      await expect(item).toContainText(`${task.key} Replace the cartridge`)
      await expect(item).toHaveAttribute('data-unread', 'true')

      await item.getByRole('button').click()
      await expect(page).toHaveURL(`${ORIGIN}/lk/t/${s.key}/${task.key}`)
      await expect(page.getByTestId('task-key')).toHaveText(task.key)
      await expect(count(page)).toHaveCount(0)
      await expect(page.getByTestId('notifications')).toHaveAccessibleName('Notifications')

      // Read: the unread tab is empty, the all tab still lists it.
      await page.goto('/lk/notifications?tab=unread')
      await expect(page.getByTestId('inbox-item')).toHaveCount(0)
      await expect(page.getByText('Everything is read')).toBeVisible()
      await page.getByRole('link', { name: 'All', exact: true }).click()
      await expect(page.getByTestId('inbox-item')).toHaveCount(1)
      await expect(page.getByTestId('inbox-item')).not.toHaveAttribute('data-unread', 'true')
    })

    test('Watch / Unwatch on the card; a watcher is told of a status change; mark all read', async ({
      page,
      context,
      request,
    }) => {
      const task = await api<{ id: string; key: string }>(
        request,
        'POST',
        `/tasks/${nodeId}/${s.processId}`,
        { title: 'Order paper' },
        s.a.token,
      )
      await context.addCookies([
        { name: '_token', value: s.b.token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
      ])
      await useEnglish(context)
      await page.goto(`/lk/t/${s.key}/${task.key}`)
      await page.getByRole('button', { name: 'Watch' }).click()
      await expect(page.getByRole('button', { name: 'Unwatch' })).toBeVisible()
      await expect(page.locator('.alert-list [data-alert="success"]').first()).toHaveText(
        /You are watching this task/,
      )

      const card = await api<{ version: number; allowed_moves: { to_status_id: string }[] }>(
        request,
        'GET',
        `/tasks/${nodeId}/${task.id}`,
        undefined,
        s.a.token,
      )
      await api(
        request,
        'PATCH',
        `/tasks/${nodeId}/${task.id}`,
        { version: card.version, status_id: card.allowed_moves[0]!.to_status_id },
        s.a.token,
      )
      await untilCount(page, '1')
      await page.goto('/lk/notifications')
      await expect(page.getByTestId('inbox-item').first()).toContainText(
        `${s.a.fullName} changed the status of a task`,
      )
      await page.getByRole('button', { name: 'Mark all as read' }).click()
      await expect(page.locator('.alert-list [data-alert="success"]').first()).toHaveText(/Marked as read/)
      await expect(count(page)).toHaveCount(0)

      await page.goto(`/lk/t/${s.key}/${task.key}`)
      await page.getByRole('button', { name: 'Unwatch' }).click()
      await expect(page.getByRole('button', { name: 'Watch' })).toBeVisible()
    })

    test('the settings page: a channel per process and kind, saved', async ({ page, context }) => {
      await context.addCookies([
        { name: '_token', value: s.b.token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
      ])
      await useEnglish(context)
      await page.goto('/lk/notifications')
      await page.getByRole('link', { name: 'Settings' }).click()
      await expect(page).toHaveURL(`${ORIGIN}/lk/notifications/settings`)
      const select = page.getByLabel(`Requests ${js ? 'J' : 'N'}: Comment`)
      await expect(select).toHaveValue('app')
      await select.selectOption('off')
      await page.getByLabel(`Requests ${js ? 'J' : 'N'}: Mention`).selectOption('email')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect(page.locator('.alert-list [data-alert="success"]').first()).toHaveText(
        /Notification settings saved/,
      )
      await page.reload()
      await expect(page.getByLabel(`Requests ${js ? 'J' : 'N'}: Comment`)).toHaveValue('off')
      await expect(page.getByLabel(`Requests ${js ? 'J' : 'N'}: Mention`)).toHaveValue('email')
    })

    if (js)
      test('a live notification: an info alert, and one more in the footer', async ({ page, context }) => {
        await context.addCookies([
          { name: '_token', value: s.b.token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
        ])
        await useEnglish(context)
        // The tab opens its live stream once hydrated, in the same commit as the footer's listener.
        const streaming = page.waitForRequest((r) => new URL(r.url()).pathname === '/events')
        await page.goto('/lk')
        await streaming
        await expect(count(page)).toHaveCount(0)
        // What the live stream dispatches for each `notification` event (issue 13 item 3).
        await page.evaluate(() => {
          window.dispatchEvent(
            new CustomEvent('nodus:notification', {
              detail: {
                id: '00000000-0000-4000-8000-000000000001',
                kind: 'mention',
                task: { id: '00000000-0000-4000-8000-000000000002', key: 'NTJ-9', title: 'Live one' },
                actor: { id: '00000000-0000-4000-8000-000000000003', full_name: 'Anna Assignova' },
                created_at: new Date().toISOString(),
                read_at: null,
              },
            }),
          )
        })
        await expect(page.locator('.alert-list [data-alert="info"]').first()).toHaveText(
          /Anna Assignova mentioned you in a comment: NTJ-9 Live one/,
        )
        await expect(count(page)).toHaveText('1')
      })

    if (js)
      test('the footer’s count is read again on a plain link navigation (no live stream)', async ({
        page,
        context,
        request,
      }) => {
        await context.addCookies([
          { name: '_token', value: s.b.token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
        ])
        await useEnglish(context)
        // No live stream at all: only the navigation can bring the new figure.
        await page.route('**/events**', (route) => route.abort())
        await page.goto('/lk/profile')
        await expect(page.getByTestId('notifications')).toBeVisible()
        const before = Number((await count(page).count()) ? await count(page).textContent() : 0)
        await api(
          request,
          'POST',
          `/tasks/${nodeId}/${s.processId}`,
          { title: 'Count me', assignee_id: s.b.id },
          s.a.token,
        )
        await expect
          .poll(
            async () =>
              (
                await api<{ unread: number }>(
                  request,
                  'GET',
                  `/notifications/${nodeId}/count`,
                  undefined,
                  s.b.token,
                )
              ).unread,
            { timeout: 10_000 },
          )
          .toBe(before + 1)
        await page.evaluate(() => {
          ;(window as unknown as { stayed: boolean }).stayed = true
        })
        await page.getByTestId('side-menu').locator('a[href="/lk"]').first().click()
        await expect(page).toHaveURL(`${ORIGIN}/lk`)
        await expect(count(page)).toHaveText(String(before + 1))
        // A client-side navigation, not a reload.
        expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
      })
  })
}

test.describe('screenshots', () => {
  for (const theme of ['dark', 'light'] as const)
    test(`inbox, settings and the card's Watch, ${theme}`, async ({ page, context, request }) => {
      mkdirSync(shots, { recursive: true })
      const s = await setUp(request, theme === 'dark' ? 'D' : 'L')
      for (const title of ['Check the boiler', 'Call the landlord'])
        await api(
          request,
          'POST',
          `/tasks/${nodeId}/${s.processId}`,
          { title, assignee_id: s.b.id },
          s.a.token,
        )
      await context.addCookies([
        { name: '_token', value: s.b.token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
      ])
      await useEnglish(context, theme)
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.goto('/lk/notifications')
      await untilCount(page, '2')
      await page.screenshot({ path: `${shots}/inbox-${theme}.png` })
      await page.goto('/lk/notifications/settings')
      await page.screenshot({ path: `${shots}/settings-${theme}.png` })
      await page.goto('/lk/notifications')
      await page.getByTestId('inbox-item').first().getByRole('button').click()
      await expect(page.getByTestId('task-watch')).toBeVisible()
      await page.screenshot({ path: `${shots}/card-${theme}.png` })
    })
})
