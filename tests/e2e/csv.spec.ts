import { mkdirSync, readFileSync } from 'node:fs'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { collectConsoleErrors, englishAdminSession } from './utils'

/*
 * The CSV plugin end to end (issue 14 item 4), on the real stack, with and without JavaScript: export
 * a task query from /lk/csv as a file, upload that file, map its columns (the defaults from its
 * headers), see the dry run, confirm the import, then undo it. Screenshots dark and light.
 */

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-csv'
mkdirSync(shots, { recursive: true })

const session = (browser: Browser, js: boolean, theme: 'dark' | 'light') =>
  englishAdminSession(browser, js, theme, { acceptDownloads: true })

/** Exports `query` from /lk/csv and answers the file's path and text. */
async function exportFile(page: Page, query: string) {
  await page.goto(`${ORIGIN}/lk/csv`)
  await page.getByLabel('Task query').fill(query)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^tasks-\d{4}-\d{2}-\d{2}\.csv$/)
  const path = await download.path()
  return { path, text: readFileSync(path, 'utf8') }
}

for (const js of [true, false]) {
  const mode = js ? 'with JavaScript' : 'without JavaScript'
  const theme = js ? 'dark' : 'light'

  test(`export a query, import it back with a dry run, undo it — ${mode}`, async ({ browser }) => {
    const { context, page } = await session(browser, js, theme)
    const errors = collectConsoleErrors(page)

    const file = await exportFile(page, 'key in (TASK-1, TASK-2) order by key')
    const lines = file.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toMatch(/^Key,Title,Description,Process,Status,Assignee,Author,Created,Updated/)
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['TASK-1', 'TASK-2'])
    await page.screenshot({ path: `${shots}/csv-${theme}.png`, fullPage: true })

    // Upload the same file: its headers map themselves; new tasks of TASK, keys not used to update.
    await page.getByLabel('CSV file').setInputFiles(file.path)
    await page.getByRole('button', { name: 'Upload and map columns' }).click()
    await expect(page).toHaveURL(/\/lk\/csv\/import\//)
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('title')
    await expect(page.getByLabel('Process', { exact: true })).toHaveValue('')
    // New tasks go to TASK by name: other specs add processes, and the default is the first one.
    const task = await page.locator('#csv-process option', { hasText: '(TASK)' }).getAttribute('value')
    await page.locator('#csv-process').selectOption(task ?? '')
    await page.getByLabel(/only when|A row whose key/).uncheck()
    await page.getByRole('button', { name: 'Dry run' }).click()
    await expect(page.getByTestId('csv-summary')).toHaveText(
      'Create: 2. Change: 0. Unchanged: 0. Refused: 0.',
    )
    await expect(page.getByTestId('csv-rows')).toContainText('create')
    await page.screenshot({ path: `${shots}/csv-dry-run-${theme}.png`, fullPage: true })

    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(page).toHaveURL(/\/lk\/csv\?batch=/)
    await expect(page.getByTestId('csv-done')).toContainText('Imported: 2 created, 0 changed')
    await page.screenshot({ path: `${shots}/csv-imported-${theme}.png`, fullPage: true })

    await page.getByRole('button', { name: 'Undo the import' }).click()
    await expect(page.getByText('The import was undone').first()).toBeVisible()
    expect(errors).toEqual([])
    await context.close()
  })
}

test('a refused row is shown with its reason and nothing can be imported', async ({ browser }) => {
  const { context, page } = await session(browser, false, 'dark')
  await page.goto(`${ORIGIN}/lk/csv`)
  await page.getByLabel('CSV file').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Title;Status\nGood one;\nBad one;No such status\n'),
  })
  await page.getByRole('button', { name: 'Upload and map columns' }).click()
  await page.getByRole('button', { name: 'Dry run' }).click()
  await expect(page.getByTestId('csv-summary')).toContainText('Refused: 1.')
  await expect(page.getByTestId('csv-refusals')).toContainText('Status: Status not found')
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0)
  await page.screenshot({ path: `${shots}/csv-refused-dark.png`, fullPage: true })

  await page.goto(`${ORIGIN}/lk/csv`)
  await page.getByLabel('CSV file').setInputFiles({
    name: 'dup.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Title,title\na,b\n'),
  })
  await page.getByRole('button', { name: 'Upload and map columns' }).click()
  await expect(page.getByTestId('csv-problems')).toContainText('The column "title" appears twice')
  await context.close()
})

test('a widget’s query exports from its editing page, without JavaScript', async ({ browser, request }) => {
  const token = (
    await (
      await request.post(`${ORIGIN}/api/users/token`, {
        data: { email: ADMIN.email, password: ADMIN.password },
      })
    ).json()
  ).data.access_token as string
  const node = (await (await request.get(`${ORIGIN}/api/nodes/domain/start`)).json()).data.id as string
  const widgets = (
    await (
      await request.get(`${ORIGIN}/api/widgets/${node}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
  ).data as { id: string; type: string }[]
  const table = widgets.find((w) => w.type === 'table') ?? widgets[0]!
  const { context, page } = await session(browser, false, 'dark')
  await page.goto(`${ORIGIN}/admin/widgets/${table.id}`)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ])
  const text = readFileSync(await download.path(), 'utf8')
  expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Key,Title,/)
  await context.close()
})
