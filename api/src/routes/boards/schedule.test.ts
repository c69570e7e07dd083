import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { type Grant, userWithGrants } from '../../../test/tenant-factories'
import { boards, boardWidgets, fields, tasks, widgets } from '../../db/schema'

/*
 * The daily schedule's data in the board data call, over the query language's small world
 * (test/rql-fixtures.ts) with a time-range field and a date-range field added: the day's tasks
 * with their minutes, grouped by the grouping field, the viewer's task_view scope, a bad day.
 */

let w: RqlWorld
let boardId: string
const id: Record<string, string> = {}

async function widget(name: string, settings: Record<string, unknown>, nodeId = w.nodeId) {
  const [row] = await w.h.database.db
    .insert(widgets)
    .values({ nodeId, type: 'schedule', title: name, settings, query: '' })
    .returning()
  id[name] = row!.id
  return row!.id
}

const userWith = async (grants: Grant[]) => (await userWithGrants(w.h, w.nodeId, grants)).token

async function set(key: string, values: Record<string, unknown>, assigneeId?: string | null) {
  const db = w.h.database.db
  await db
    .update(tasks)
    .set({
      customFields: sql`${tasks.customFields} || ${JSON.stringify(values)}::jsonb`,
      ...(assigneeId !== undefined ? { assigneeId } : {}),
    })
    .where(and(eq(tasks.nodeId, w.nodeId), eq(tasks.key, key)))
}

beforeAll(async () => {
  w = await startRqlWorld()
  const db = w.h.database.db
  await db.insert(fields).values([
    { nodeId: w.nodeId, name: 'cf_hours', type: 'timerange', title: 'Hours', settings: {} },
    { nodeId: w.nodeId, name: 'cf_span', type: 'daterange', title: 'Span', settings: {} },
  ])
  await set('DEV-1', { cf_due: '2024-01-31', cf_hours: ['09:00', '10:30'] }, w.userId)
  await set('DEV-3', { cf_due: '2024-01-31', cf_hours: ['10:00', '11:00'] }, w.adminId)
  await set('OPS-1', { cf_due: '2024-01-31', cf_hours: ['23:00', '23:30'] }, w.userId)
  await set('DEV-10', { cf_due: '2024-01-31' })
  await set('DEV-2', {
    cf_due: '2024-02-01',
    cf_hours: ['22:00', '02:00'],
    cf_span: ['2024-01-31', '2024-02-01'],
  })
  const axes = { navigation: { field: 'cf_due' }, axis_y: 'cf_hours', axis_x: 'assignee' }
  await widget('due', axes)
  await widget('span', { navigation: { field: 'cf_span' }, axis_y: 'cf_hours' })
  await widget('untimed', { navigation: { field: 'cf_due' } })
  const [b] = await db.insert(boards).values({ nodeId: w.nodeId, name: 'Plan' }).returning()
  boardId = b!.id
  for (const widgetId of Object.values(id))
    await db.insert(boardWidgets).values({ nodeId: w.nodeId, boardId, widgetId })
  await widget('elsewhere', axes, w.otherNodeId)
}, 60_000)
afterAll(async () => {
  await w?.h.close()
})

// biome-ignore lint/suspicious/noExplicitAny: JSON answers
type Answer = { status: number; body: any }
const data = (query = '', token = w.adminToken): Promise<Answer> =>
  w.h.call('GET', `/boards/${w.nodeId}/${boardId}/data${query ? `?${query}` : ''}`, { token })
const day = (name: string, date: string) => `w.${id[name]}.date=${date}`
type Column = { key: string; value: unknown; tasks: { key: string; start: number; end: number | null }[] }
const columnsOf = (entry: { data: { columns: Column[] } }) =>
  Object.fromEntries(entry.data.columns.map((c) => [c.key, c.tasks.map((t) => [t.key, t.start, t.end])]))

describe('a schedule', () => {
  it("answers the day's tasks with their minutes, a column per assignee, the untimed counted", async () => {
    const res = await data(day('due', '2024-01-31'))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const entry = res.body.data[id.due!]
    expect(entry.type).toBe('schedule')
    expect(entry.data).toMatchObject({
      date: '2024-01-31',
      field: 'cf_hours',
      axis: { name: 'assignee', title: 'fields.system.assignee' },
      total: 3,
      untimed: 1,
    })
    expect(columnsOf(entry)).toEqual({
      [w.userId]: [
        ['DEV-1', 540, 630],
        ['OPS-1', 1380, 1410],
      ],
      [w.adminId]: [['DEV-3', 600, 660]],
    })
    const user = entry.data.columns.find((c: Column) => c.key === w.userId)
    expect(user.value).toMatchObject({ id: w.userId, full_name: expect.any(String) })
    expect(user.tasks[0]).toMatchObject({ process_key: 'DEV', status: { name: 'Open' } })
  })

  it('shows another day’s tasks on another date, those without a value in the last column', async () => {
    const res = await data(day('due', '2024-02-01'))
    expect(columnsOf(res.body.data[id.due!])).toEqual({ '': [['DEV-2', 1320, 120]] })
  })

  it('runs a task over midnight when its day field is a range of days', async () => {
    const first = await data(day('span', '2024-01-31'))
    expect(columnsOf(first.body.data[id.span!])).toEqual({ '': [['DEV-2', 1320, 1440 + 120]] })
    const second = await data(day('span', '2024-02-01'))
    expect(columnsOf(second.body.data[id.span!])).toEqual({ '': [['DEV-2', 1320 - 1440, 120]] })
    expect((await data(day('span', '2024-02-02'))).body.data[id.span!].data.columns).toEqual([])
  })

  it('never shows a task the viewer may not view', async () => {
    const token = await userWith([{ code: 'task_view', attributes: ['OPS'] }, { code: 'board_view' }])
    const res = await data(day('due', '2024-01-31'), token)
    expect(columnsOf(res.body.data[id.due!])).toEqual({ [w.userId]: [['OPS-1', 1380, 1410]] })
    const none = await data(day('due', '2024-01-31'), await userWith([{ code: 'board_view' }]))
    expect(none.body.data[id.due!].data).toMatchObject({ columns: [], total: 0 })
  })

  it('takes today for a bad or missing date, never an error', async () => {
    const today = new Date().toISOString().slice(0, 10)
    for (const bad of ['2024-02-30', 'tomorrow', '', '2024-1-5', "'; drop table tasks; --"]) {
      const res = await data(`w.${id.due}.date=${encodeURIComponent(bad)}`)
      expect(res.status).toBe(200)
      expect(res.body.data[id.due!].data.date).toBe(today)
    }
  })

  it('answers its own error when it names no time-range field, the board the others', async () => {
    const res = await data()
    expect(res.body.data[id.untimed!]).toMatchObject({
      type: 'schedule',
      error: { type: 'forms.unknown_field' },
    })
    expect(res.body.data[id.due!].data).toBeDefined()
  })

  it("answers 404 for another node's schedule", async () => {
    const res = await w.h.call('GET', `/widgets/${w.nodeId}/${id.elsewhere}/data`, { token: w.adminToken })
    expect(res.status).toBe(404)
  })
})
