import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_KEYS, type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { type Grant, userWithGrants } from '../../../test/tenant-factories'
import { boards, boardWidgets, widgets } from '../../db/schema'

/*
 * GET /boards/{nodeId}/{boardId}/data and GET /widgets/{nodeId}/{widgetId}/data over the query
 * language's small world (test/rql-fixtures.ts): a table's page, total and filters, a calendar's
 * month and day, the viewer's task_view scope, broken widgets, the NDJSON stream, hostile params.
 */

let w: RqlWorld
let boardId: string
let otherBoardId: string
const id: Record<string, string> = {}

type Settings = Record<string, unknown>
async function widget(name: string, type: string, settings: Settings = {}, query = '', nodeId = w.nodeId) {
  const [row] = await w.h.database.db
    .insert(widgets)
    .values({ nodeId, type, title: name, settings, query })
    .returning()
  id[name] = row!.id
  return row!.id
}
async function board(name: string, widgetIds: string[], nodeId = w.nodeId) {
  const [row] = await w.h.database.db.insert(boards).values({ nodeId, name }).returning()
  for (const widgetId of widgetIds)
    await w.h.database.db.insert(boardWidgets).values({ nodeId, boardId: row!.id, widgetId })
  return row!.id
}

const userWith = async (grants: Grant[]) => (await userWithGrants(w.h, w.nodeId, grants)).token

beforeAll(async () => {
  w = await startRqlWorld()
  const filters = [
    'title',
    'cf_priority',
    'cf_points',
    'created_at',
    'cf_due',
    'cf_done',
    'status',
    'assignee',
    'process',
  ]
  await widget('all', 'table', { view: { headers: ['key', 'title', 'status', 'assignee', 'cf_points'] } })
  await widget('paged', 'table', { pagination: { per_page: 2 } }, 'order by key')
  await widget('filtered', 'table', { view: { filters } }, 'order by key')
  await widget('cal', 'calendar', {})
  await widget('due', 'calendar', { navigation: { field: 'cf_due' } })
  await widget('at', 'calendar', { navigation: { field: 'cf_at' } })
  await widget('broken', 'table', {}, 'title = ')
  await widget('gone', 'pie', {})
  boardId = await board(
    'Main',
    ['all', 'paged', 'filtered', 'cal', 'due', 'at', 'broken', 'gone'].map((n) => id[n]!),
  )
  otherBoardId = await board(
    'Other',
    [await widget('elsewhere', 'table', {}, '', w.otherNodeId)],
    w.otherNodeId,
  )
}, 60_000)
afterAll(async () => {
  await w?.h.close()
})

// biome-ignore lint/suspicious/noExplicitAny: JSON answers
type Answer = { status: number; body: any; headers: Headers }
const data = (query = '', token = w.adminToken, board = boardId, nodeId = w.nodeId): Promise<Answer> =>
  w.h.call('GET', `/boards/${nodeId}/${board}/data${query ? `?${query}` : ''}`, { token })
const keysOf = (entry: { data: { rows: { key: string }[] } }) => entry.data.rows.map((r) => r.key)
const p = (name: string, param: string, value: string) =>
  `w.${id[name]}.${param}=${encodeURIComponent(value)}`

describe('a table', () => {
  it('answers a page of 5 with the total, header values shown as cells need them', async () => {
    const res = await data()
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const all = res.body.data[id.all!]
    expect(all.type).toBe('table')
    expect(all.data.meta).toEqual({ total: ALL_KEYS.length, page: 1, per_page: 5 })
    expect(all.data.headers.map((h: { name: string }) => h.name)).toEqual([
      'key',
      'title',
      'status',
      'assignee',
      'cf_points',
    ])
    const dev1 = all.data.rows.find((r: { key: string }) => r.key === 'DEV-1')
    expect(dev1).toMatchObject({
      process_key: 'DEV',
      title: 'Fix login bug',
      status: { id: w.status.open, name: 'Open', color: expect.any(String) },
      values: {
        key: 'DEV-1',
        status: { id: w.status.open, name: 'Open' },
        assignee: { id: w.userId, full_name: expect.any(String) },
        cf_points: 5,
      },
    })
    expect(all.data.filters).toEqual([])
  })

  it('takes per_page from its settings and pages through', async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => data(p('paged', 'page', String(n)))))
    const entries = pages.map((r) => r.body.data[id.paged!])
    expect(entries.map(keysOf)).toEqual([['DEV-1', 'DEV-2'], ['DEV-3', 'DEV-10'], ['OPS-1']])
    expect(entries[1].data.meta).toEqual({ total: 5, page: 2, per_page: 2 })
  })

  it('filters by the fields it offers, each by its type (spec §5)', async () => {
    const filtered = async (...params: [string, string][]) => {
      const res = await data(params.map(([k, v]) => p('filtered', `filter.${k}`, v)).join('&'))
      expect(res.status).toBe(200)
      return keysOf(res.body.data[id.filtered!])
    }
    expect(await filtered(['title', 'LOGIN'])).toEqual(['DEV-1'])
    expect(await filtered(['cf_priority', 'high'])).toEqual(['DEV-1'])
    expect(await filtered(['cf_points', '5'])).toEqual(['DEV-1', 'DEV-10'])
    expect(await filtered(['cf_due', '2024-01-31'])).toEqual(['DEV-1'])
    expect(await filtered(['created_at.from', '2024-01-11'], ['created_at.to', '2024-02-01'])).toEqual([
      'DEV-2',
      'DEV-3',
    ])
    expect(await filtered(['cf_done', 'true'])).toEqual(['DEV-1'])
    expect(await filtered(['status', w.status.done])).toEqual(['DEV-3'])
    expect(await filtered(['title', 'bug'], ['cf_points', '5'])).toEqual(['DEV-1'])
    // Not offered, or a value the type cannot hold: ignored, never an error.
    expect(await filtered(['cf_text', 'alpha'])).toHaveLength(5)
    expect(await filtered(['cf_points', 'abc'], ['status', 'nope'], ['cf_due', 'soon'])).toHaveLength(5)
    const res = await data(p('filtered', 'filter.title', 'login'))
    expect(res.body.data[id.filtered!].data.filters.map((f: { name: string }) => f.name)).toContain('cf_due')
  })
})

describe("a table's option filters", () => {
  type Option = { value: string; title: string }
  type Filter = { name: string; type: string; options?: Option[] }
  const filtersOf = async (token = w.adminToken): Promise<Map<string, Filter>> => {
    const res = await data('', token)
    expect(res.status).toBe(200)
    return new Map(res.body.data[id.filtered!].data.filters.map((f: Filter) => [f.name, f]))
  }
  const filtered = async (name: string, value: string) => {
    const res = await data(p('filtered', `filter.${name}`, value))
    expect(res.status).toBe(200)
    return keysOf(res.body.data[id.filtered!])
  }

  it("offer the node's statuses, processes and users by id, a select's own options by value", async () => {
    const f = await filtersOf()
    const status = f.get('status')!.options!
    // This node's statuses only (the other node has statuses of the same names), by name.
    expect(status).toEqual(
      expect.arrayContaining([
        { value: w.status.open, title: 'Open' },
        { value: w.status.progress, title: 'In progress' },
        { value: w.status.done, title: 'Done' },
      ]),
    )
    const titles = status.map((o) => o.title)
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })))
    expect(f.get('process')!.options).toEqual([
      { value: w.process.dev, title: 'Development' },
      { value: w.process.ops, title: 'Operations' },
    ])
    const people = f.get('assignee')!.options!
    expect(people.map((o) => o.value)).toEqual(expect.arrayContaining([w.adminId, w.userId]))
    expect(people.every((o) => o.title !== '')).toBe(true)
    expect(f.get('cf_priority')!.options).toEqual([
      { value: 'high', title: 'High' },
      { value: 'low', title: 'Low' },
    ])
    // Other kinds keep their text box, date pickers, yes/no.
    for (const name of ['title', 'cf_points', 'created_at', 'cf_due', 'cf_done'])
      expect(f.get(name)).not.toHaveProperty('options')
  })

  it('filter by the value of any option they offer', async () => {
    const f = await filtersOf()
    const byTitle = (name: string, title: string) =>
      f.get(name)!.options!.find((o) => o.title === title)!.value
    expect(await filtered('status', byTitle('status', 'Done'))).toEqual(['DEV-3'])
    expect(await filtered('status', byTitle('status', 'In progress'))).toEqual(['DEV-2', 'DEV-10'])
    expect(await filtered('process', byTitle('process', 'Operations'))).toEqual(['OPS-1'])
    expect(await filtered('assignee', w.adminId)).toEqual(['DEV-3'])
    expect(await filtered('assignee', w.userId)).toEqual(['DEV-1', 'OPS-1'])
    expect(await filtered('cf_priority', byTitle('cf_priority', 'Low'))).toEqual(['DEV-2'])
    // Every offered status is a value the filter takes: none is ignored as a bad value.
    const counts = await Promise.all(
      f.get('status')!.options!.map(async (o) => (await filtered('status', o.value)).length),
    )
    expect(counts.reduce((a, b) => a + b, 0)).toBe(ALL_KEYS.length)
  })

  it("offer only the processes the viewer's task_view reaches", async () => {
    const token = await userWith([{ code: 'task_view', attributes: ['OPS'] }, { code: 'board_view' }])
    const f = await filtersOf(token)
    expect(f.get('process')!.options).toEqual([{ value: w.process.ops, title: 'Operations' }])
    // Without task_view: no tasks, still the choices.
    const none = await filtersOf(await userWith([{ code: 'board_view' }]))
    expect(none.get('status')!.options!.length).toBeGreaterThanOrEqual(3)
  })
})

describe('a calendar', () => {
  it("counts a month's tasks per day in one aggregate and lists the selected day", async () => {
    const res = await data(
      [p('cal', 'day', '2024-01-10'), p('due', 'month', '2024-01'), p('at', 'month', '2024-01')].join('&'),
    )
    const cal = res.body.data[id.cal!]
    expect(cal).toMatchObject({
      type: 'calendar',
      data: {
        field: 'created_at',
        month: '2024-01',
        day: '2024-01-10',
        days: { '2024-01-10': 1, '2024-01-11': 1 },
        total: 1,
      },
    })
    expect(cal.data.tasks.map((t: { key: string }) => t.key)).toEqual(['DEV-1'])
    expect(res.body.data[id.due!].data).toMatchObject({
      field: 'cf_due',
      days: { '2024-01-31': 1 },
      total: 0,
    })
    expect(res.body.data[id.at!].data).toMatchObject({ field: 'cf_at', days: { '2024-01-31': 1 } })
    const day = await data(p('at', 'day', '2024-01-31'))
    expect(day.body.data[id.at!].data.tasks.map((t: { key: string }) => t.key)).toEqual(['DEV-1'])
  })

  it('defaults to this month and today', async () => {
    const res = await data()
    const today = new Date().toISOString().slice(0, 10)
    expect(res.body.data[id.cal!].data).toMatchObject({ month: today.slice(0, 7), day: today })
  })
})

describe('who sees what', () => {
  it("never counts or shows a task outside the viewer's task_view", async () => {
    const token = await userWith([{ code: 'task_view', attributes: ['OPS'] }, { code: 'board_view' }])
    const res = await data(p('cal', 'month', '2024-03'), token)
    expect(res.status).toBe(200)
    expect(keysOf(res.body.data[id.all!])).toEqual(['OPS-1'])
    expect(res.body.data[id.all!].data.meta.total).toBe(1)
    expect(res.body.data[id.cal!].data.days).toEqual({ '2024-03-01': 1 })
    const jan = await data(p('cal', 'month', '2024-01'), token)
    expect(jan.body.data[id.cal!].data.days).toEqual({})
    // Without task_view at all: every widget empty, still 200.
    const none = await data('', await userWith([{ code: 'board_view' }]))
    expect(none.status).toBe(200)
    expect(none.body.data[id.all!].data.meta.total).toBe(0)
  })

  it("answers 404 for another node's or an unknown board, 403 without board_view on it", async () => {
    expect((await data('', w.adminToken, otherBoardId)).status).toBe(404)
    expect((await data('', w.adminToken, randomUUID())).body.detail[0].type).toBe('boards.board_not_found')
    expect((await data('', w.adminToken, boardId, w.otherNodeId)).status).toBe(404)
    const elsewhere = await userWith([
      { code: 'task_view' },
      { code: 'board_view', attributes: [randomUUID()] },
    ])
    const res = await data('', elsewhere)
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
    expect((await w.h.call('GET', `/boards/${w.nodeId}/${boardId}/data`)).status).toBe(401)
    const mine = await userWith([{ code: 'task_view' }, { code: 'board_view', attributes: [boardId] }])
    expect((await data('', mine)).status).toBe(200)
  })

  it('lets an administrator without board_view see the data of a board they see in the list', async () => {
    const admin = await userWith([{ code: 'is_admin' }, { code: 'task_view' }])
    expect((await data('', admin)).status).toBe(200)
    const one = await w.h.call('GET', `/widgets/${w.nodeId}/${id.all}/data`, { token: admin })
    expect(one.status).toBe(200)
  })
})

describe('broken widgets', () => {
  it('answer an error entry of their own; the board still answers 200', async () => {
    const res = await data()
    expect(res.status).toBe(200)
    expect(res.body.data[id.broken!]).toEqual({
      type: 'table',
      error: { type: 'rql.syntax_error', msg: expect.any(String) },
    })
    expect(res.body.data[id.gone!]).toEqual({
      type: 'pie',
      error: { type: 'widgets.unknown_type', msg: expect.any(String) },
    })
    expect(Object.keys(res.body.data)).toHaveLength(8)
  })

  it('a calendar on a field that is no date answers its error', async () => {
    const bad = await widget('badcal', 'calendar', { navigation: { field: 'cf_text' } })
    const b = await board('Bad calendar', [bad])
    const res = await data('', w.adminToken, b)
    expect(res.body.data[bad].error.type).toBe('forms.unknown_field')
  })
})

describe('the NDJSON stream and widgets=', () => {
  it('streams one line per widget', async () => {
    const res = await fetch(`${w.h.url}/boards/${w.nodeId}/${boardId}/data?${p('paged', 'page', '2')}`, {
      headers: { authorization: `Bearer ${w.adminToken}`, accept: 'application/x-ndjson' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/x-ndjson')
    const text = await res.text()
    expect(text.endsWith('\n')).toBe(true)
    const lines = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines).toHaveLength(8)
    expect(new Set(lines.map((l) => l.id))).toEqual(
      new Set(Object.values(id).filter((v) => v !== id.elsewhere && v !== id.badcal)),
    )
    const paged = lines.find((l) => l.id === id.paged)
    expect(Object.keys(paged)).toEqual(['id', 'type', 'data'])
    expect(keysOf(paged)).toEqual(['DEV-3', 'DEV-10'])
    expect(lines.find((l) => l.id === id.broken).error.type).toBe('rql.syntax_error')
  })

  it('answers errors before streaming as JSON', async () => {
    const res = await fetch(`${w.h.url}/boards/${w.nodeId}/${randomUUID()}/data`, {
      headers: { authorization: `Bearer ${w.adminToken}`, accept: 'application/x-ndjson' },
    })
    expect(res.status).toBe(404)
    expect((await res.json()).detail[0].type).toBe('boards.board_not_found')
  })

  it('survives a client that goes away mid-stream', async () => {
    const ctl = new AbortController()
    const res = await fetch(`${w.h.url}/boards/${w.nodeId}/${boardId}/data`, {
      headers: { authorization: `Bearer ${w.adminToken}`, accept: 'application/x-ndjson' },
      signal: ctl.signal,
    })
    ctl.abort()
    await res.text().catch(() => undefined)
    expect((await data()).status).toBe(200)
  })

  it('computes only the listed widgets', async () => {
    const res = await data(`widgets=${id.cal},${id.paged},not-an-id,${randomUUID()}`)
    expect(Object.keys(res.body.data).sort()).toEqual([id.cal, id.paged].sort())
    expect(Object.keys((await data('widgets=')).body.data)).toEqual([])
  })
})

describe('hostile parameters', () => {
  it('fall back to defaults or 4xx, never 5xx', async () => {
    const cases = [
      p('paged', 'page', '-1'),
      p('paged', 'page', '99999999999999999999'),
      p('paged', 'page', '999999999'),
      p('cal', 'month', '9999-99'),
      p('cal', 'day', '0000-00-00'),
      p('filtered', 'filter.title', 'x'.repeat(5000)),
      p('filtered', 'filter.title', '%_\\"'),
      `${p('paged', 'page', '2')}&${p('paged', 'page', '3')}`,
      'widgets=a&widgets=b',
      'w.&w..&w.x&w.x.=1&w..page=2',
      Array.from({ length: 10_000 }, (_, i) => `w.${id.paged}.p${i}=${i}`).join('&'),
    ]
    for (const q of cases) {
      const res = await data(q)
      expect(res.status, `${q.slice(0, 80)} → ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500)
    }
    const first = await data(p('paged', 'page', '-1'))
    expect(first.body.data[id.paged!].data.meta.page).toBe(1)
    const far = await data(p('paged', 'page', '999999999'))
    expect(far.body.data[id.paged!].data).toMatchObject({ rows: [], meta: { total: 5 } })
  })
})

describe("one widget's data", () => {
  const one = (widgetId: string, token = w.adminToken, query = '') =>
    w.h.call('GET', `/widgets/${w.nodeId}/${widgetId}/data${query ? `?${query}` : ''}`, { token })

  it('answers the admin, and a viewer of a board it is on', async () => {
    const res = await one(id.paged!, w.adminToken, p('paged', 'page', '3'))
    expect(res.status).toBe(200)
    expect(res.body.data.type).toBe('table')
    expect(keysOf(res.body.data)).toEqual(['OPS-1'])
    const viewer = await userWith([{ code: 'task_view' }, { code: 'board_view', attributes: [boardId] }])
    expect((await one(id.cal!, viewer)).status).toBe(200)
    expect((await one(id.broken!, viewer)).body.data.error.type).toBe('rql.syntax_error')
  })

  it('403 for a widget on no board the caller may view, 404 for an unknown or another node’s', async () => {
    const stranger = await userWith([
      { code: 'task_view' },
      { code: 'board_view', attributes: [randomUUID()] },
    ])
    expect((await one(id.cal!, stranger)).status).toBe(403)
    expect((await one(randomUUID())).body.detail[0].type).toBe('widgets.widget_not_found')
    expect((await one(id.elsewhere!)).status).toBe(404)
  })
})
