import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN, USER } from './env'
import { apiData, apiToken, englishAdminSession, startNodeId } from './utils'

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-kanban'
mkdirSync(shots, { recursive: true })

/*
 * The kanban widget (issue 26) on the real stack, over a process of its own (four statuses, a
 * workflow with a required field on one move) so no other suite's tasks move: the no-JavaScript
 * "move to" form, a drag with the mouse (the columns that cannot take the card dimmed), a move with
 * the keyboard, the required-fields modal and a refusal, a conflict from a second browser, and a
 * third browser seeing a move live.
 */

test.describe.configure({ mode: 'serial' })

const tokens = { admin: '', user: '' }
let node = ''
let boardId = ''
const made = { widget: '', process: '', progress: '', statuses: [] as string[], lanes: '', lanesBoard: '' }
/** An address field whose city is required once any part is filled: Ревью → Готово requires it. */
let ADDRESS = ''
const key: Record<string, string> = {}
const NAMES = ['Бэклог', 'В работе', 'Ревью', 'Готово']

const call = (request: APIRequestContext, method: string, path: string, data?: unknown) =>
  apiData(request, tokens.admin, method, path, data)

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  tokens.admin = await apiToken(request, ADMIN)
  tokens.user = await apiToken(request, USER)
  node = await startNodeId(request)
  const stamp = Date.now().toString(36).toUpperCase()
  for (const [i, name] of NAMES.entries())
    made.statuses.push(
      (
        await call(request, 'post', `/statuses/${node}`, {
          name: `${name} ${stamp}`,
          color: ['#9e9e9e', '#1e88e5', '#f2a93b', '#43a047'][i],
        })
      ).id,
    )
  const [a, b, c, d] = made.statuses as [string, string, string, string]
  made.progress = (
    await call(request, 'post', `/progress/${node}`, { name: `KB ${stamp}`, status_ids: made.statuses })
  ).id
  const forms = await call(request, 'get', `/forms/${node}?search=Task`)
  ADDRESS = `cf_kb_addr_${stamp.toLowerCase()}`
  await call(request, 'post', `/fields/${node}`, {
    name: ADDRESS,
    type: 'address',
    title: 'Адрес доставки',
    structure: [
      { name: 'city', type: 'text', title: 'Город', settings: { required: true } },
      { name: 'street', type: 'text', title: 'Улица', settings: {} },
    ],
  })
  // The demo's task form with the address on it (the planner takes only the form's fields).
  const form = await call(request, 'post', `/forms/${node}`, {
    name: `Kanban e2e ${stamp}`,
    layout: 'simple',
    fields: [...forms[0].fields.filter((f: { tab?: string }) => !f.tab), { name: ADDRESS, grid: 12 }],
    editable: null,
    visible: null,
    tabs: [],
  })
  const process = await call(request, 'post', `/processes/${node}`, {
    key: `K${stamp.slice(-6)}`,
    name: `Kanban e2e ${stamp}`,
    progress_id: made.progress,
    form_id: form.id,
    transitions: [
      { from_status_id: a, to_status_id: b },
      { from_status_id: b, to_status_id: a },
      { from_status_id: b, to_status_id: c, required_fields: ['cf_estimate'] },
      { from_status_id: b, to_status_id: d },
      { from_status_id: c, to_status_id: d, required_fields: [ADDRESS] },
    ],
  })
  made.process = process.id
  for (const title of ['Первая', 'Вторая', 'Третья']) {
    const t = await call(request, 'post', `/tasks/${node}/${process.id}`, { title, cf_priority: 'low' })
    key[title] = t.key
  }
  made.widget = (
    await call(request, 'post', `/widgets/${node}`, {
      type: 'kanban',
      title: 'Kanban e2e',
      settings: { process_id: process.id, view: { wip: { [b]: 1 } } },
    })
  ).id
  boardId = (await call(request, 'post', `/boards/${node}`, { name: `Kanban e2e ${stamp}` })).id
  await call(request, 'post', `/widgets/bind-board/${node}`, { board_id: boardId, widget_ids: [made.widget] })
  await call(request, 'patch', `/boards/${node}/${boardId}`, {
    layout: [{ i: made.widget, x: 0, y: 0, w: 48, h: 18 }],
  })
  await request.dispose()
})

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  await call(request, 'delete', `/boards/${node}/${boardId}`)
  await call(request, 'delete', `/widgets/${node}/${made.widget}`)
  if (made.lanesBoard) await call(request, 'delete', `/boards/${node}/${made.lanesBoard}`)
  if (made.lanes) await call(request, 'delete', `/widgets/${node}/${made.lanes}`)
  await request.dispose()
})

/** As the administrator: the demo user may move only the demo process's tasks (its task_edit). */
async function signedIn(context: BrowserContext) {
  await context.addCookies([
    { name: '_token', value: tokens.admin, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
  ])
}

/** A column: its header and its cells (one per swimlane; one without swimlanes). */
const column = (page: Page, i: number) => page.locator(`[data-column="${i}"]`)
/** A column's header (its count, WIP mark, dimming). */
const head = (page: Page, i: number) => page.getByTestId('kanban-column').nth(i)
/** A column's cell in a swimlane (by the lane's key: the stored value). */
const cell = (page: Page, i: number, lane: string) =>
  page.locator(`[data-testid="kanban-cell"][data-column="${i}"][data-lane="${lane}"]`)
const card = (page: Page, title: string) =>
  page.locator(`[data-testid="kanban-card"][data-task-key="${key[title]}"]`)
const handle = (page: Page, title: string) => card(page, title).locator('.wk-handle')

/** A drag with the mouse from the card's handle onto a column or a cell (react-aria's drag: pointer moves in steps). */
async function drag(page: Page, title: string, to: number | ReturnType<Page['locator']>) {
  const from = await handle(page, title).boundingBox()
  const into = typeof to === 'number' ? column(page, to) : to
  const target = await into.getByTestId('kanban-list').boundingBox()
  await page.mouse.move(from!.x + 5, from!.y + 5)
  await page.mouse.down()
  await page.mouse.move(from!.x + 30, from!.y + 30, { steps: 5 })
  await page.mouse.move(target!.x + target!.width / 2, target!.y + target!.height / 2, { steps: 10 })
  await page.mouse.up()
}

async function openBoard(page: Page, board = boardId) {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(`/lk/b/${board}`)
  await expect(page.getByTestId('kanban-list').first()).toBeVisible() // hydrated: the drag lists
}

test('without JavaScript every card has a "move to" form; the move is the task edit', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  await signedIn(context)
  const page = await context.newPage()
  await page.goto(`/lk/b/${boardId}`)
  await expect(column(page, 0).getByTestId('kanban-card')).toHaveCount(3)
  await expect(column(page, 0).getByTestId('kanban-count')).toHaveText('Задач: 3')
  const form = card(page, 'Первая').getByTestId('kanban-move-form')
  // Only where the workflow lets it go: Бэклог → В работе.
  await expect(form.locator('option')).toHaveText([/^В работе/])
  await form.getByTestId('kanban-move-submit').click()
  await expect(column(page, 1).locator(`[data-task-key="${key['Первая']}"]`)).toBeVisible()
  await expect(page.getByText('Задача перемещена')).toBeVisible()
  // One card in a column of WIP limit 1: not over; the count says "1 из 1".
  await expect(column(page, 1).getByTestId('kanban-count')).toHaveText('1 из 1')
  await expect(column(page, 1).getByTestId('kanban-over')).toHaveCount(0)
  await context.close()
})

test('a card drags with the mouse; columns that cannot take it are dimmed meanwhile', async ({
  page,
  context,
}) => {
  await signedIn(context)
  await openBoard(page)
  const from = await handle(page, 'Вторая').boundingBox()
  const to = await column(page, 1).getByTestId('kanban-list').boundingBox()
  await page.mouse.move(from!.x + 5, from!.y + 5)
  await page.mouse.down()
  await page.mouse.move(from!.x + 30, from!.y + 30, { steps: 5 })
  await expect(head(page, 2)).toHaveAttribute('data-dimmed', 'true')
  await expect(head(page, 1)).not.toHaveAttribute('data-dimmed', 'true')
  await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 10 })
  await page.mouse.up()
  await expect(column(page, 1).locator(`[data-task-key="${key['Вторая']}"]`)).toBeVisible()
  await expect(page.getByTestId('kanban-notice')).toHaveText('Задача перемещена')
  // Two in a column of limit 1: marked.
  await expect(column(page, 1).getByTestId('kanban-over')).toBeVisible()
})

test('a card moves with the keyboard', async ({ page, context }) => {
  await signedIn(context)
  await openBoard(page)
  await handle(page, 'Третья').focus()
  await page.keyboard.press('Enter')
  // The only column Бэклог may move to is the drop target: Enter drops there.
  await page.keyboard.press('Enter')
  await expect(column(page, 1).locator(`[data-task-key="${key['Третья']}"]`)).toBeVisible()
  await expect(page.getByTestId('kanban-notice')).toHaveText('Задача перемещена')
})

test('a move that needs fields asks for them; a refused value is said at the field, then it moves', async ({
  page,
  context,
}) => {
  await signedIn(context)
  await openBoard(page)
  await drag(page, 'Первая', 2)
  const modal = page.getByTestId('kanban-required')
  await expect(modal).toBeVisible()
  // The number field's own component (the task card's): letters are dropped as typed, so the
  // planner gets no value and refuses the move: the modal asks again, the reason at the field.
  const input = modal.getByRole('textbox')
  await input.fill('много')
  await expect(input).toHaveValue('')
  await page.getByTestId('kanban-required-submit').click()
  await expect(modal.locator('[data-field="cf_estimate"]')).toContainText(
    'Заполните это поле: его требует статус',
  )
  await expect(column(page, 1).locator(`[data-task-key="${key['Первая']}"]`)).toBeVisible()
  await modal.getByRole('textbox').fill('3')
  await page.getByTestId('kanban-required-submit').click()
  await expect(modal).toHaveCount(0)
  await expect(column(page, 2).locator(`[data-task-key="${key['Первая']}"]`)).toBeVisible()
  await expect(page.getByTestId('kanban-notice')).toHaveText('Задача перемещена')
})

test('another browser sees a move live; a stale one gets a conflict and the fresh column', async ({
  browser,
}) => {
  test.setTimeout(60_000) // three browsers on a loaded machine
  const open = async (live: boolean) => {
    const context = await browser.newContext()
    await signedIn(context)
    const page = await context.newPage()
    // Without the live stream (and before the 10-second fallback) this one keeps what it read.
    if (!live) await page.route('**/events*', (r) => r.abort())
    await openBoard(page)
    return { context, page }
  }
  const mover = await open(true)
  const watcher = await open(true)
  const stale = await open(false)
  // The watcher's stream is open before the move (it connects after hydration: an event sent
  // before that is not one it missed).
  await expect(watcher.page.getByTestId('board-grid')).toHaveAttribute('data-live', 'true')
  // Each refetches the two columns the move touched, not the whole widget.
  const [a, b] = made.statuses as [string, string]
  const onlyOf = (page: Page) =>
    page
      .waitForRequest((r) => r.url().includes(`/lk/b/${boardId}/data`))
      .then((r) => new URL(r.url()).searchParams.get(`w.${made.widget}.only`)?.split(',').sort())
  const asked = [onlyOf(mover.page), onlyOf(watcher.page)]
  await drag(mover.page, 'Вторая', 0) // В работе → Бэклог
  await expect(column(mover.page, 0).locator(`[data-task-key="${key['Вторая']}"]`)).toBeVisible()
  await expect(column(watcher.page, 0).locator(`[data-task-key="${key['Вторая']}"]`)).toBeVisible({
    timeout: 2000,
  })
  for (const only of await Promise.all(asked)) expect(only).toEqual([a, b].sort())
  // The columns not read again are still there, with their cards.
  for (const page of [mover.page, watcher.page]) {
    await expect(page.getByTestId('kanban-column')).toHaveCount(4)
    await expect(column(page, 2).locator(`[data-task-key="${key['Первая']}"]`)).toBeVisible()
  }
  // The stale browser still shows it in В работе and moves it to Готово: refused as a conflict.
  await drag(stale.page, 'Вторая', 3)
  await expect(stale.page.getByTestId('kanban-notice')).toContainText('изменил кто-то другой')
  await expect(column(stale.page, 0).locator(`[data-task-key="${key['Вторая']}"]`)).toBeVisible()
  for (const x of [mover, watcher, stale]) await x.context.close()
})

test('a status that requires an address asks for its parts; an empty required part is refused at it', async ({
  page,
  context,
}) => {
  await signedIn(context)
  await openBoard(page)
  await drag(page, 'Первая', 3) // Ревью → Готово requires the address
  const modal = page.getByTestId('kanban-required')
  const address = modal.locator(`[data-field="${ADDRESS}"]`)
  // The address's own component: its parts as fields of their own.
  await expect(address.getByLabel('Город')).toBeVisible()
  await expect(address.getByLabel('Улица')).toBeVisible()
  // Empty as a whole: the status's requirement, said at the address.
  await page.getByTestId('kanban-required-submit').click()
  await expect(address).toContainText('Заполните это поле: его требует статус')
  // A street without the city: refused at the city, the street kept.
  await address.getByLabel('Улица').fill('Ленина, 1')
  await page.getByTestId('kanban-required-submit').click()
  const city = address.locator('.ff-cell-span').filter({ has: page.getByLabel('Город') })
  await expect(city).toContainText('Обязательное поле')
  await expect(address.getByLabel('Улица')).toHaveValue('Ленина, 1')
  await expect(column(page, 2).locator(`[data-task-key="${key['Первая']}"]`)).toBeVisible()
  await page.screenshot({ path: `${shots}/kanban-required-address-1440.png` })
  await address.getByLabel('Город').fill('Казань')
  await page.getByTestId('kanban-required-submit').click()
  await expect(modal).toHaveCount(0)
  await expect(column(page, 3).locator(`[data-task-key="${key['Первая']}"]`)).toBeVisible()
  await expect(page.getByTestId('kanban-notice')).toHaveText('Задача перемещена')
})

test('without JavaScript the "move to" form asks for the address the same way, and moves', async ({
  browser,
  playwright,
}) => {
  const request = await playwright.request.newContext()
  const [, b, c] = made.statuses as [string, string, string]
  const task = await call(request, 'post', `/tasks/${node}/${made.process}`, { title: 'Четвёртая' })
  key['Четвёртая'] = task.key
  const inB = await call(request, 'patch', `/tasks/${node}/${task.id}`, {
    version: task.version,
    status_id: b,
  })
  await call(request, 'patch', `/tasks/${node}/${task.id}`, {
    version: inB.version,
    status_id: c,
    cf_estimate: 2,
  })
  await request.dispose()
  const context = await browser.newContext({ javaScriptEnabled: false })
  await signedIn(context)
  const page = await context.newPage()
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(`/lk/b/${boardId}`)
  const form = card(page, 'Четвёртая').getByTestId('kanban-move-form')
  await form.locator('select').selectOption(made.statuses[3]!) // Ревью → Готово
  await form.getByTestId('kanban-move-submit').click()
  // The page again, asking for exactly the address: its parts, nothing said yet.
  const modal = page.getByTestId('kanban-required')
  const address = modal.locator(`[data-field="${ADDRESS}"]`)
  await expect(address.getByLabel('Город')).toBeVisible()
  await expect(address).not.toContainText('Заполните')
  await address.getByLabel('Улица').fill('Баумана, 2')
  await page.getByTestId('kanban-required-submit').click()
  const city = address.locator('.ff-cell-span').filter({ has: page.getByLabel('Город') })
  await expect(city).toContainText('Обязательное поле')
  await expect(address.getByLabel('Улица')).toHaveValue('Баумана, 2')
  await expect(column(page, 2).locator(`[data-task-key="${key['Четвёртая']}"]`)).toBeVisible()
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${shots}/kanban-required-nojs-${width}.png` })
  }
  await address.getByLabel('Город').fill('Казань')
  await page.getByTestId('kanban-required-submit').click()
  await expect(page.getByText('Задача перемещена')).toBeVisible()
  await expect(modal).toHaveCount(0)
  await expect(column(page, 3).locator(`[data-task-key="${key['Четвёртая']}"]`)).toBeVisible()
  await context.close()
})

test('the demo user moves a card on the Team board (task_edit on the demo process), and back', async ({
  browser,
  playwright,
}) => {
  const request = await playwright.request.newContext()
  const boards = await apiData<{ id: string; name: string }[]>(request, tokens.user, 'get', `/boards/${node}`)
  const team = boards.find((b) => b.name === 'Team board')!
  await request.dispose()
  const context = await browser.newContext({ javaScriptEnabled: false })
  await context.addCookies([
    { name: '_token', value: tokens.user, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
  ])
  const page = await context.newPage()
  await page.goto(`/lk/b/${team.id}`)
  const first = column(page, 0).getByTestId('kanban-card').first()
  const taskKey = await first.getAttribute('data-task-key')
  const moveTo = async (from: number, to: string) => {
    const form = column(page, from).locator(`[data-task-key="${taskKey}"]`).getByTestId('kanban-move-form')
    await form.locator('select').selectOption({ label: to })
    await form.getByTestId('kanban-move-submit').click()
    await expect(page.getByText('Задача перемещена').first()).toBeVisible()
  }
  await moveTo(0, 'In progress')
  await expect(column(page, 1).locator(`[data-task-key="${taskKey}"]`)).toBeVisible()
  // Back where it was: other suites count the demo's columns.
  await moveTo(1, 'To do')
  await expect(column(page, 0).locator(`[data-task-key="${taskKey}"]`)).toBeVisible()
  await context.close()
})

test('axe finds nothing serious on a board with a kanban, dark and light, at 375, 768 and 1440 px', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  for (const theme of ['dark', 'light'] as const) {
    const { context, page } = await englishAdminSession(browser, true, theme)
    await openBoard(page)
    for (const width of [375, 768, 1440]) {
      await page.setViewportSize({ width, height: 900 })
      await page.waitForTimeout(400) // the menu's slide at a narrow width
      await page.screenshot({ path: `${shots}/kanban-${theme}-${width}.png`, fullPage: true })
    }
    const results = await new AxeBuilder({ page }).include('main').analyze()
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(serious, theme).toEqual([])
    await context.close()
  }
})

test('swimlanes are rows across the columns, titled by the option; a card moves inside its lane only', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000)
  const request = await playwright.request.newContext()
  for (const [title, values] of [
    ['Срочная', { cf_priority: 'high' }],
    ['Без приоритета', {}],
  ] as const)
    key[title] = (await call(request, 'post', `/tasks/${node}/${made.process}`, { title, ...values })).key
  made.lanes = (
    await call(request, 'post', `/widgets/${node}`, {
      type: 'kanban',
      title: 'Kanban lanes e2e',
      settings: { process_id: made.process, view: { swimlane: 'cf_priority' } },
    })
  ).id
  made.lanesBoard = (
    await call(request, 'post', `/boards/${node}`, { name: `Kanban lanes ${made.lanes}` })
  ).id
  await call(request, 'post', `/widgets/bind-board/${node}`, {
    board_id: made.lanesBoard,
    widget_ids: [made.lanes],
  })
  await call(request, 'patch', `/boards/${node}/${made.lanesBoard}`, {
    layout: [{ i: made.lanes, x: 0, y: 0, w: 48, h: 18 }],
  })
  await request.dispose()

  // Without JavaScript: the lanes are rows (the option's title, in the options' order; none last).
  const off = await browser.newContext({ javaScriptEnabled: false })
  await signedIn(off)
  const still = await off.newPage()
  await still.setViewportSize({ width: 1440, height: 900 })
  await still.goto(`/lk/b/${made.lanesBoard}`)
  await expect(still.getByTestId('kanban-lane-title')).toHaveText(['Low', 'High', 'Без значения'])
  await expect(cell(still, 0, 'high').locator(`[data-task-key="${key['Срочная']}"]`)).toBeVisible()
  await expect(cell(still, 0, '').locator(`[data-task-key="${key['Без приоритета']}"]`)).toBeVisible()
  await still.screenshot({ path: `${shots}/kanban-lanes-nojs-1440.png`, fullPage: true })
  await off.close()

  const { context, page } = await englishAdminSession(browser, true, 'dark')
  await openBoard(page, made.lanesBoard)
  await expect(page.getByTestId('kanban-lane-title')).toHaveText(['Low', 'High', 'Without a value'])
  // Another lane's cells are dimmed while dragging and do not take the card.
  const from = await handle(page, 'Срочная').boundingBox()
  await page.mouse.move(from!.x + 5, from!.y + 5)
  await page.mouse.down()
  await page.mouse.move(from!.x + 30, from!.y + 30, { steps: 5 })
  await expect(cell(page, 1, 'low')).toHaveAttribute('data-dimmed', 'true')
  await expect(cell(page, 1, 'high')).not.toHaveAttribute('data-dimmed', 'true')
  const other = await cell(page, 1, 'low').getByTestId('kanban-list').boundingBox()
  await page.mouse.move(other!.x + other!.width / 2, other!.y + other!.height / 2, { steps: 10 })
  await page.mouse.up()
  await expect(page.getByTestId('kanban-notice')).toHaveCount(0)
  await expect(cell(page, 0, 'high').locator(`[data-task-key="${key['Срочная']}"]`)).toBeVisible()
  // Inside its lane: moved (Бэклог → В работе), still in the High lane.
  await drag(page, 'Срочная', cell(page, 1, 'high'))
  await expect(page.getByTestId('kanban-notice')).toHaveText('Task moved')
  await expect(cell(page, 1, 'high').locator(`[data-task-key="${key['Срочная']}"]`)).toBeVisible()
  await expect(page.getByTestId('kanban-lane').filter({ hasText: 'High' })).toContainText('Tasks: 1')
  await context.close()

  for (const theme of ['dark', 'light'] as const) {
    const session = await englishAdminSession(browser, true, theme)
    await openBoard(session.page, made.lanesBoard)
    for (const width of [375, 768, 1440]) {
      await session.page.setViewportSize({ width, height: 900 })
      await session.page.waitForTimeout(400)
      await session.page.screenshot({ path: `${shots}/kanban-lanes-${theme}-${width}.png`, fullPage: true })
    }
    const results = await new AxeBuilder({ page: session.page }).include('main').analyze()
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(serious, theme).toEqual([])
    await session.context.close()
  }

  // One card a column: each lane counts its tasks in every column, not the cards shown. Low's three
  // tasks (Вторая, Третья, Первая) are all cut by newer cards: its row stays, "0 of 3", each of its
  // cells "0 of 1" with the column's next page.
  const patch = await playwright.request.newContext()
  await call(patch, 'patch', `/widgets/${node}/${made.lanes}`, {
    settings: { process_id: made.process, view: { swimlane: 'cf_priority' }, pagination: { per_page: 1 } },
  })
  await patch.dispose()
  const cut = await browser.newContext({ javaScriptEnabled: false })
  await signedIn(cut)
  const page2 = await cut.newPage()
  await page2.setViewportSize({ width: 1440, height: 900 })
  await page2.goto(`/lk/b/${made.lanesBoard}`)
  const low = page2.getByTestId('kanban-lane').filter({ has: page2.getByText('Low', { exact: true }) })
  await expect(low.getByTestId('kanban-lane-count')).toHaveText('Задач: показано 0 из 3')
  await expect(cell(page2, 1, 'low').getByTestId('kanban-cell-count')).toContainText('0 из 1')
  await expect(cell(page2, 1, 'low').getByTestId('kanban-cell-more')).toBeVisible()
  await expect(cell(page2, 1, 'high').getByTestId('kanban-cell-count')).toHaveCount(0)
  for (const width of [375, 1440]) {
    await page2.setViewportSize({ width, height: 900 })
    await page2.screenshot({ path: `${shots}/kanban-lanes-cut-nojs-${width}.png`, fullPage: true })
  }
  // The cell's "show more" is the column's next page: Третья shows in its Low cell.
  await cell(page2, 1, 'low').getByTestId('kanban-cell-more').click()
  await expect(cell(page2, 1, 'low').locator(`[data-task-key="${key['Третья']}"]`)).toBeVisible()
  await expect(cell(page2, 1, 'low').getByTestId('kanban-cell-count')).toHaveCount(0)
  await cut.close()
})
