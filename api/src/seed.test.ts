import { isWidgetType } from '@domain/widgets/registry'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, type Harness, startApi, USER } from '../test/harness'
import { nodeIdOf } from '../test/tenant-factories'
import { seed } from './seed'

/* The demo workflow of a first start (SEED_DEMO=1), read through the API as a user would. */

let h: Harness
let start: string
let admin: string
beforeAll(async () => {
  h = await startApi({ SEED_DEMO: '1' })
  start = await nodeIdOf(h, 'start')
  admin = await h.login(ADMIN)
})
afterAll(() => h.close())

describe('the demo workflow (SEED_DEMO=1)', () => {
  it('gives node start three statuses in a progress, process TASK on a form, and a few tasks', async () => {
    const statuses = await h.call('GET', `/statuses/${start}`, { token: admin })
    expect(statuses.body.data.map((s: { name: string }) => s.name).sort()).toEqual([
      'Done',
      'In progress',
      'To do',
    ])
    const processes = await h.call('GET', `/processes/${start}`, { token: admin })
    expect(processes.body.data).toEqual([expect.objectContaining({ key: 'TASK', task_counter: 244 })])
    const form = await h.call('GET', `/forms/${start}?process_id=${processes.body.data[0].id}`, {
      token: admin,
    })
    expect(form.body.data[0].fields.map((f: { name: string }) => f.name)).toContain('cf_priority')
    const list = await h.call('GET', `/tasks/${start}`, { token: await h.login(USER) })
    expect(list.body.meta.total).toBe(244)
    const card = await h.call('GET', `/tasks/${start}/TASK-1/key`, { token: admin })
    expect(card.body.data).toMatchObject({
      title: 'Set up the office printer',
      status: { name: 'To do' },
      assignee: { user_name: USER.email },
      custom_fields: { cf_priority: 'high', cf_estimate: 2 },
    })
    expect(card.body.data.allowed_moves).toHaveLength(2)
    // The next task continues the numbering.
    const next = await h.call('POST', `/tasks/${start}/${processes.body.data[0].id}`, {
      token: admin,
      body: { title: 'One more', cf_priority: 'low' },
    })
    expect(next.body.data.key).toBe('TASK-245')
  })

  it('gives node start a default home board: a table and a calendar, the schedule and the map under them', async () => {
    const home = await h.call('GET', `/boards/${start}/home`, { token: await h.login(USER) })
    expect(home.status).toBe(200)
    const board = home.body.data
    expect(board).toMatchObject({ name: 'My work', is_default: true })
    const mapped = isWidgetType('map')
    expect(board.widgets.map((w: { type: string }) => w.type)).toEqual([
      'table',
      'calendar',
      'schedule',
      ...(mapped ? ['map'] : []),
    ])
    expect(board.widgets[0].settings).toEqual({
      view: { headers: ['key', 'title', 'status', 'assignee'], filters: ['title', 'status'] },
      pagination: { per_page: 5 },
    })
    expect(board.widgets[1].settings).toEqual({
      navigation: { field: 'created_at' },
      view: { fields: ['key', 'title', 'status'], delimiter: '·' },
    })
    expect(board.widgets[2].settings).toMatchObject({
      navigation: { field: 'cf_day' },
      axis_y: 'cf_hours',
      axis_x: 'assignee',
    })
    expect(board.layout.map((i: { x: number; y: number }) => [i.x, i.y])).toEqual([
      [0, 0],
      [28, 0],
      [0, 14],
      ...(mapped ? [[28, 14]] : []),
    ])
    // The tasks were made over the last two months, never in the future.
    const newest = await h.call('POST', `/tasks/rql/${start}`, {
      token: admin,
      body: { query: 'order by created_at asc', per_page: 1 },
    })
    const oldest = new Date(newest.body.data[0].created_at).getTime()
    expect(Date.now() - oldest).toBeGreaterThan(50 * 86_400_000)
    expect(Date.now() - oldest).toBeLessThan(62 * 86_400_000)
    // The user sees pages of five tasks and a month with dots on the board.
    const [table, calendar, schedule] = board.widgets.map((w: { id: string }) => w.id)
    const data = await h.call('GET', `/boards/${start}/${board.id}/data`, { token: await h.login(USER) })
    expect(data.status).toBe(200)
    expect(data.body.data[table].data.rows).toHaveLength(5)
    expect(data.body.data[table].data.meta.total).toBeGreaterThanOrEqual(244)
    expect(Object.keys(data.body.data[calendar].data.days).length).toBeGreaterThan(0)
    // Today's schedule has tasks with times, in a column per assignee (the user, the admin, none).
    const today = data.body.data[schedule].data
    expect(today.date).toBe(new Date().toISOString().slice(0, 10))
    expect(today.total).toBeGreaterThan(5)
    expect(today.columns.length).toBe(3)
    // So do the days around it.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const next = await h.call('GET', `/boards/${start}/${board.id}/data?w.${schedule}.date=${tomorrow}`, {
      token: await h.login(USER),
    })
    expect(next.body.data[schedule].data.total).toBeGreaterThan(5)
    // Every task has a place around Moscow (the map's default centre).
    const placed = await h.call('POST', `/tasks/rql/${start}`, {
      token: admin,
      body: { query: '', per_page: 50 },
    })
    // (All but the task the first test made.)
    for (const t of placed.body.data.filter((t: { title: string }) => t.title !== 'One more')) {
      expect(t.custom_fields.cf_place.lat).toBeGreaterThan(55.5)
      expect(t.custom_fields.cf_place.lat).toBeLessThan(56)
      expect(t.custom_fields.cf_place.lon).toBeGreaterThan(37.1)
      expect(t.custom_fields.cf_place.lon).toBeLessThan(38.1)
    }
  })

  it('gives node start a second board, "Team board", with a kanban of the demo process', async () => {
    const token = await h.login(USER)
    const list = await h.call('GET', `/boards/${start}`, { token })
    const team = list.body.data.find((b: { name: string }) => b.name === 'Team board')
    expect(team).toBeDefined()
    const board = await h.call('GET', `/boards/${start}/${team.id}`, { token })
    const [kanban] = board.body.data.widgets
    expect(kanban.type).toBe('kanban')
    const data = await h.call('GET', `/boards/${start}/${team.id}/data`, { token })
    const columns = data.body.data[kanban.id].data.columns
    expect(columns.map((c: { status: { name: string } }) => c.status.name)).toEqual([
      'To do',
      'In progress',
      'Done',
    ])
    expect(columns[1].wip).toBe(5)
    expect(columns.reduce((n: number, c: { total: number }) => n + c.total, 0)).toBeGreaterThanOrEqual(244)
    expect(columns[0].tasks.length).toBe(10)
    // The user may move the demo process's tasks (task_edit on it), not create them.
    expect(columns[0].moves_to).toEqual([columns[1].status.id, columns[2].status.id])
    const task = columns[0].tasks[0]
    const moved = await h.call('PATCH', `/tasks/${start}/${task.id}`, {
      token,
      body: { version: task.version, status_id: columns[1].status.id },
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    const processId = data.body.data[kanban.id].data.process.id
    const made = await h.call('POST', `/tasks/${start}/${processId}`, { token, body: { title: 'Mine' } })
    expect(made.status).toBe(403)
  })

  it('seeds once: a second run leaves the database as it is', async () => {
    await seed(h.database.db, h.config, { info() {}, warn() {} })
    const processes = await h.call('GET', `/processes/${start}`, { token: admin })
    expect(processes.body.meta.total).toBe(1)
  })
})
