import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { type Grant, userWithGrants } from '../../../test/tenant-factories'
import { boards, boardWidgets, tasks, widgets } from '../../db/schema'

/*
 * The calendar's day in the board data call and the one widget's call (issue 25 item 4): a day with
 * more tasks than a page (50) answers its total and pages through `w.{id}.page`, inside the viewer's
 * task_view scope and the widget's query; each task carries the fields of `view.fields` and the
 * widget its `view.delimiter`; the settings are checked like every widget's (422 with the field).
 */

const DAY = '2025-06-15'
/** 120 DEV tasks and 5 OPS tasks on DAY, a minute apart: three pages for the admin. */
const DEV_ON_DAY = 120
const OPS_ON_DAY = 5

let w: RqlWorld
let boardId: string
const id: Record<string, string> = {}

async function widget(name: string, settings: Record<string, unknown>, query = '', nodeId = w.nodeId) {
  const [row] = await w.h.database.db
    .insert(widgets)
    .values({ nodeId, type: 'calendar', title: name, settings, query })
    .returning()
  id[name] = row!.id
  return row!.id
}

beforeAll(async () => {
  w = await startRqlWorld()
  const db = w.h.database.db
  const at = (i: number) => new Date(Date.parse(`${DAY}T00:00:00Z`) + i * 60_000)
  await db.insert(tasks).values([
    ...Array.from({ length: DEV_ON_DAY }, (_, i) => ({
      nodeId: w.nodeId,
      key: `DEV-${100 + i}`,
      number: 100 + i,
      processId: w.process.dev,
      title: `Day task ${100 + i}`,
      statusId: w.status.open,
      authorId: w.adminId,
      assigneeId: i === 0 ? w.userId : null,
      createdAt: at(i),
      customFields: { cf_points: i % 2 ? 7 : 1 },
    })),
    ...Array.from({ length: OPS_ON_DAY }, (_, i) => ({
      nodeId: w.nodeId,
      key: `OPS-${100 + i}`,
      number: 100 + i,
      processId: w.process.ops,
      title: `Ops day task ${100 + i}`,
      statusId: w.status.open,
      authorId: w.adminId,
      createdAt: at(DEV_ON_DAY + i),
      customFields: {},
    })),
  ])
  await widget('cal', { view: { fields: ['key', 'assignee', 'cf_points', 'title'], delimiter: '|' } })
  await widget('plain', {})
  await widget('sevens', {}, 'cf_points = 7')
  const [b] = await db.insert(boards).values({ nodeId: w.nodeId, name: 'Days' }).returning()
  boardId = b!.id
  for (const name of ['cal', 'plain', 'sevens'])
    await db.insert(boardWidgets).values({ nodeId: w.nodeId, boardId, widgetId: id[name]! })
  await widget('elsewhere', {}, '', w.otherNodeId)
}, 120_000)
afterAll(async () => {
  await w?.h.close()
})

// biome-ignore lint/suspicious/noExplicitAny: JSON answers
type Answer = { status: number; body: any }
const p = (name: string, param: string, value: string | number) =>
  `w.${id[name]}.${param}=${encodeURIComponent(String(value))}`
const dayQuery = (name: string, page?: number) =>
  [p(name, 'day', DAY), ...(page ? [p(name, 'page', page)] : [])].join('&')
const board = (query: string, token = w.adminToken): Promise<Answer> =>
  w.h.call('GET', `/boards/${w.nodeId}/${boardId}/data?${query}`, { token })
const one = (widgetId: string, query = '', token = w.adminToken, nodeId = w.nodeId): Promise<Answer> =>
  w.h.call('GET', `/widgets/${nodeId}/${widgetId}/data${query ? `?${query}` : ''}`, { token })
const keys = (data: { tasks: { key: string }[] }) => data.tasks.map((t) => t.key)
const userWith = async (grants: Grant[]) => (await userWithGrants(w.h, w.nodeId, grants)).token

describe("a calendar's day of more tasks than a page", () => {
  it("answers the day's total and its first page of 50, in the date's order", async () => {
    const res = await board(dayQuery('plain'))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const data = res.body.data[id.plain!].data
    expect(data).toMatchObject({ day: DAY, total: DEV_ON_DAY + OPS_ON_DAY, page: 1, per_page: 50 })
    expect(data.days[DAY]).toBe(DEV_ON_DAY + OPS_ON_DAY)
    expect(keys(data)).toHaveLength(50)
    expect(keys(data).slice(0, 2)).toEqual(['DEV-100', 'DEV-101'])
  })

  it('pages through every task of the day once, the last page partial', async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => one(id.plain!, dayQuery('plain', n))))
    for (const r of pages) expect(r.status).toBe(200)
    const lists = pages.map((r) => keys(r.body.data.data))
    expect(lists.map((l) => l.length)).toEqual([50, 50, 25])
    expect(pages.map((r) => r.body.data.data.page)).toEqual([1, 2, 3])
    const all = lists.flat()
    expect(new Set(all).size).toBe(DEV_ON_DAY + OPS_ON_DAY)
    expect(all.at(-1)).toBe(`OPS-${100 + OPS_ON_DAY - 1}`)
  })

  it('a page past the last shows the last; a bad page the first', async () => {
    const past = (await one(id.plain!, dayQuery('plain', 99))).body.data.data
    expect(past.page).toBe(3)
    expect(keys(past)).toHaveLength(25)
    for (const bad of ['0', '-1', 'x', '1e9', '9'.repeat(40)]) {
      const res = await one(id.plain!, `${dayQuery('plain')}&${p('plain', 'page', bad)}`)
      expect(res.status).toBe(200)
      expect(res.body.data.data.page).toBe(1)
    }
  })

  it("stays inside the viewer's task_view scope: totals and pages count only what they may see", async () => {
    const token = await userWith([{ code: 'task_view', attributes: ['OPS'] }, { code: 'board_view' }])
    const data = (await board(dayQuery('plain', 2), token)).body.data[id.plain!].data
    expect(data.total).toBe(OPS_ON_DAY)
    expect(data.page).toBe(1)
    expect(keys(data)).toEqual(Array.from({ length: OPS_ON_DAY }, (_, i) => `OPS-${100 + i}`))
    const none = await userWith([{ code: 'board_view' }])
    const empty = (await board(dayQuery('plain', 2), none)).body.data[id.plain!].data
    expect(empty).toMatchObject({ total: 0, tasks: [] })
  })

  it("stays inside the widget's query", async () => {
    const data = (await board(dayQuery('sevens', 2))).body.data[id.sevens!].data
    expect(data.total).toBe(DEV_ON_DAY / 2)
    expect(keys(data)).toHaveLength(DEV_ON_DAY / 2 - 50)
    expect(keys(data)[0]).toBe('DEV-201')
  })

  it("answers 404 for another node's widget or the widget asked for in another node", async () => {
    const other = await one(id.elsewhere!, dayQuery('elsewhere', 2))
    expect(other.status).toBe(404)
    expect(other.body.detail[0].type).toBe('widgets.widget_not_found')
    expect((await one(id.plain!, dayQuery('plain', 2), w.adminToken, w.otherNodeId)).status).toBe(404)
  })
})

describe("a calendar's card fields and delimiter", () => {
  it("give each task the settings' fields in order and the widget its delimiter", async () => {
    const data = (await board(dayQuery('cal'))).body.data[id.cal!].data
    expect(data.delimiter).toBe('|')
    // The fields once, with their definitions' settings: the web app formats the values by them.
    expect(data.fields.map((f: { name: string }) => f.name)).toEqual([
      'key',
      'assignee',
      'cf_points',
      'title',
    ])
    expect(data.fields[2]).toMatchObject({ name: 'cf_points', type: 'number', settings: {} })
    const first = data.tasks[0]
    expect(first.values.map((v: { name: string }) => v.name)).toEqual([
      'key',
      'assignee',
      'cf_points',
      'title',
    ])
    expect(first.values).toMatchObject([
      { name: 'key', value: 'DEV-100' },
      { name: 'assignee', value: { id: w.userId, full_name: expect.any(String) } },
      { name: 'cf_points', type: 'number', title: 'cf_points', value: 1 },
      { name: 'title', value: 'Day task 100' },
    ])
    expect(data.tasks[1].values[1]).toMatchObject({ name: 'assignee', value: null })
  })

  it('default to key, title and status joined by a middle dot', async () => {
    const data = (await board(dayQuery('plain'))).body.data[id.plain!].data
    expect(data.delimiter).toBe('·')
    expect(data.tasks[0].values).toMatchObject([
      { name: 'key', value: 'DEV-100' },
      { name: 'title', value: 'Day task 100' },
      { name: 'status', value: { id: w.status.open, name: 'Open' } },
    ])
  })
})

describe("a calendar's settings", () => {
  const create = (settings: unknown) =>
    w.h.call('POST', `/widgets/${w.nodeId}`, {
      token: w.adminToken,
      body: { type: 'calendar', title: 'Days', settings },
    }) as Promise<Answer>
  const locs = (res: Answer) =>
    res.body.detail.map((d: { type: string; loc: string[] }) => [d.type, d.loc.join('.')])
  const count = async () => (await w.h.database.db.select().from(widgets)).length

  it('are kept with their defaults, and as given when valid', async () => {
    const res = await create({})
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data.settings).toMatchObject({
      navigation: { field: 'created_at' },
      view: { fields: ['key', 'title', 'status'], delimiter: '·' },
    })
    const given = await create({ view: { fields: ['cf_place', 'assignee'], delimiter: '/' } })
    expect(given.status).toBe(201)
    expect(given.body.data.settings.view).toEqual({ fields: ['cf_place', 'assignee'], delimiter: '/' })
  })

  it('are refused with the field, nothing created: an unknown field, a delimiter over 10 characters', async () => {
    const before = await count()
    const unknown = await create({ view: { fields: ['title', 'cf_nope'] } })
    expect(unknown.status).toBe(422)
    expect(locs(unknown)).toEqual([['value_error.enum', 'body.settings.view.fields']])
    const long = await create({ view: { delimiter: '-'.repeat(11) } })
    expect(long.status).toBe(422)
    expect(locs(long)[0][1]).toBe('body.settings.view.delimiter')
    const wrong = await create({ view: { fields: 'title', delimiter: 5 } })
    expect(wrong.status).toBe(422)
    expect(await count()).toBe(before)
  })
})
