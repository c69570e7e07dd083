import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiData, apiToken, collectConsoleErrors, englishAdminSession, startNodeId } from './utils'

/*
 * Bulk edit from the search results (issue 24 item 4), on the real stack, with and without
 * JavaScript: tick rows of /lk/tasks, choose a status and a field, preview (the dry run: per task
 * what changes, a refused task with its reason), apply as one batch, undo from the success alert;
 * the card's history shows both batches; /lk/tasks/batches lists them with Undo or why not.
 * A process of its own, with transitions, so one task may move and the other may not.
 */

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-bulk'
mkdirSync(shots, { recursive: true })

const TAG = Math.random().toString(36).slice(2, 7).toUpperCase().replace(/\d/g, 'Q')
const KEY = `BK${TAG}`.slice(0, 10)
const FIELD = `cf_bulk_note_${TAG.toLowerCase()}`
const NOTE = `Note ${TAG}`

// Each test walks several pages on a shared machine: more than the default 30 s.
test.describe.configure({ timeout: 120_000 })

let token = ''
let node = ''
const ids: Record<string, string> = {}

const api = <T = { id: string }>(request: APIRequestContext, method: string, path: string, data?: unknown) =>
  apiData<T>(request, token, method, path, data)

test.beforeAll(async ({ request }) => {
  token = await apiToken(request, ADMIN)
  node = await startNodeId(request)
  for (const [name, color] of [
    ['Open', '#4ea7fc'],
    ['Doing', '#f2a93b'],
    ['Done', '#4cb782'],
  ] as const)
    ids[name] = (await api(request, 'POST', `/statuses/${node}`, { name: `${name} ${TAG}`, color })).id
  const progress = await api(request, 'POST', `/progress/${node}`, {
    name: `Bulk flow ${TAG}`,
    status_ids: [ids.Open, ids.Doing, ids.Done],
  })
  await api(request, 'POST', `/fields/${node}`, { name: FIELD, type: 'text', title: NOTE })
  const form = await api(request, 'POST', `/forms/${node}`, {
    name: `Bulk form ${TAG}`,
    layout: 'simple',
    fields: [
      { name: 'title', grid: 12 },
      { name: 'assignee', grid: 6 },
      { name: FIELD, grid: 6 },
    ],
    editable: null,
    visible: null,
    tabs: [],
  })
  // Open → Doing ⇄ Done: a task still Open may not jump to Done; Done may go back (so undo may).
  ids.process = (
    await api(request, 'POST', `/processes/${node}`, {
      key: KEY,
      name: `Bulk ${TAG}`,
      progress_id: progress.id,
      form_id: form.id,
      transitions: [
        { from_status_id: ids.Open, to_status_id: ids.Doing },
        { from_status_id: ids.Doing, to_status_id: ids.Done },
        { from_status_id: ids.Done, to_status_id: ids.Doing },
      ],
    })
  ).id
})

interface TaskRow {
  id: string
  key: string
  status: { id: string }
  custom_fields: Record<string, unknown>
}

/** Two new tasks: one Open (refused a move to Done), one Doing (allowed). */
async function twoTasks(request: APIRequestContext) {
  const made: TaskRow[] = []
  for (const title of ['Stays open', 'Moves on'])
    made.push(await api<TaskRow>(request, 'POST', `/tasks/${node}/${ids.process}`, { title }))
  await api(request, 'PATCH', `/tasks/${node}/${made[1]!.id}`, { version: 1, status_id: ids.Doing })
  return { open: made[0]!.key, doing: made[1]!.key }
}

const taskByKey = (request: APIRequestContext, key: string) =>
  api<TaskRow>(request, 'GET', `/tasks/${node}/${key}/key`)

async function searchAndTick(page: Page, keys: string[]) {
  const q = `key in (${keys.join(', ')}) order by key`
  await page.goto(`${ORIGIN}/lk/tasks?${new URLSearchParams({ q })}`)
  for (const key of keys) await page.getByRole('checkbox', { name: new RegExp(`^Select ${key} `) }).check()
}

for (const js of [true, false]) {
  const mode = js ? 'with JavaScript' : 'without JavaScript'
  const theme = js ? 'dark' : 'light'

  test(`preview, apply, undo from the search results — ${mode}`, async ({ browser, request }) => {
    const { open, doing } = await twoTasks(request)
    const { context, page } = await englishAdminSession(browser, js, theme)
    const errors = collectConsoleErrors(page)

    await searchAndTick(page, [open, doing])
    await page.getByTestId('bulk-edit-selected').click()
    await expect(page).toHaveURL(/\/lk\/tasks\/edit\?/)
    await expect(page.getByText('Selected tasks: 2')).toBeVisible()
    // Done is allowed from Doing only: one of the two.
    const done = page.getByRole('radio', { name: new RegExp(`Done ${TAG}`) })
    await expect(page.getByTestId('bulk-statuses')).toContainText('allowed for 1 of 2')
    await done.check()
    if (!js) await page.getByRole('checkbox', { name: `Change “${NOTE}”` }).check()
    await page.getByLabel(NOTE, { exact: true }).fill('bulk note')
    if (js) await expect(page.getByRole('checkbox', { name: `Change “${NOTE}”` })).toBeChecked()
    await page.getByRole('button', { name: 'Preview' }).click()

    const preview = page.getByTestId('bulk-preview')
    await expect(page.getByTestId('bulk-summary')).toHaveText(
      'Tasks that will change: 1. Refused, left as they are: 1.',
    )
    const refused = page.getByTestId('bulk-refusals').locator(`[data-task="${open}"]`)
    await expect(refused).toContainText('The process does not allow this status change')
    const changed = page.getByTestId('bulk-changes').locator(`[data-task="${doing}"]`)
    await expect(changed).toContainText(`Doing ${TAG} → Done ${TAG}`)
    await expect(changed).toContainText('bulk note')
    await preview.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${shots}/bulk-preview-${theme}.png`, fullPage: true })

    await page.getByRole('button', { name: 'Apply to 1 tasks' }).click()
    await expect(page).toHaveURL(/\/lk\/tasks\?q=/)
    const alert = page.locator('.alert-list .alert').filter({ hasText: 'Tasks changed: 1' })
    await expect(alert).toContainText('Refused and left as they were: 1')
    await page.screenshot({ path: `${shots}/bulk-applied-${theme}.png` })
    expect((await taskByKey(request, doing)).status.id).toBe(ids.Done)
    expect((await taskByKey(request, doing)).custom_fields[FIELD]).toBe('bulk note')
    // The refused task is as it was.
    const left = await taskByKey(request, open)
    expect(left.status.id).toBe(ids.Open)
    expect(left.custom_fields[FIELD] ?? null).toBeNull()

    await alert.getByRole('button', { name: 'Undo' }).click()
    await expect(
      page.locator('.alert-list .alert').filter({ hasText: 'Undone. Tasks restored: 1' }),
    ).toBeVisible()
    expect((await taskByKey(request, doing)).status.id).toBe(ids.Doing)

    // The card's history: the batch, then its undo.
    await page.goto(`${ORIGIN}/lk/t/${KEY}/${doing}`)
    const history = page.getByTestId('history')
    const rows = history.getByTestId('history-row').filter({ hasText: 'Status' })
    await expect(rows.filter({ hasText: `Doing ${TAG}` }).filter({ hasText: `Done ${TAG}` })).toHaveCount(2)
    await expect(history.getByTestId('history-batch')).toHaveCount(4)
    expect(errors).toEqual([])
    await context.close()
  })
}

test('all matching: the whole query, a required field refused with its reason', async ({
  browser,
  request,
}) => {
  const { open, doing } = await twoTasks(request)
  const { context, page } = await englishAdminSession(browser, false, 'dark')
  await page.goto(`${ORIGIN}/lk/tasks?${new URLSearchParams({ q: `key in (${open}, ${doing})` })}`)
  await page.getByTestId('bulk-edit-all').click()
  await expect(page.getByText('All tasks of the search: 2')).toBeVisible()
  // Nothing chosen: said, and nothing previewed.
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByTestId('bulk-form-errors')).toContainText('Choose a status or tick a field')
  await page.getByRole('radio', { name: new RegExp(`Doing ${TAG}`) }).check()
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByTestId('bulk-summary')).toHaveText('Tasks that will change: 1.')
  await expect(page.getByTestId('bulk-changes')).toContainText(open)
  await context.close()
})

test('/lk/tasks/batches lists the batches with Undo or why not; axe in both themes', async ({
  browser,
  request,
}) => {
  const { doing } = await twoTasks(request)
  // A batch of the administrator's, by the API: a bulk edit, then its undo.
  const run = await api<{ batch_id: string }>(request, 'POST', `/tasks/${node}/rql`, {
    query: `key = ${doing}`,
    patch: { status_id: ids.Done },
  })
  await api(request, 'POST', `/tasks/${node}/rql/undo/${run.batch_id}`)
  for (const theme of ['dark', 'light'] as const) {
    const { context, page } = await englishAdminSession(browser, true, theme)
    await page.goto(`${ORIGIN}/lk/tasks`)
    await page.getByTestId('batches-link').click()
    await expect(page).toHaveURL(/\/lk\/tasks\/batches/)
    const edited = page.locator(`[data-batch="${run.batch_id}"]`)
    await expect(edited).toContainText('Bulk edit')
    await expect(edited).toContainText('This batch has already been undone')
    await expect(page.getByTestId('batch-row').first()).toContainText('Undo')
    for (const width of [375, 768, 1440]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `${shots}/batches-${theme}-${width}.png`, fullPage: true })
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    }
    const results = await new AxeBuilder({ page }).include('main').analyze()
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} — ${v.help}`)
    expect(serious).toEqual([])
    await context.close()
  }
  // Undo the newest (the undo) from the page, without JavaScript: the bulk edit is redone.
  const { context, page } = await englishAdminSession(browser, false, 'dark')
  await page.goto(`${ORIGIN}/lk/tasks/batches`)
  await page.getByTestId('batch-row').first().getByRole('button', { name: /^Undo/ }).click()
  await expect(page.getByText(/Undone\. Tasks restored: 1/).first()).toBeVisible()
  expect((await taskByKey(request, doing)).status.id).toBe(ids.Done)
  await context.close()
})
