import { randomUUID } from 'node:crypto'
import { MAP_POINTS_MAX } from '@domain/widgets/kinds/map'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { type Grant, userWithGrants } from '../../../test/tenant-factories'
import { boards, boardWidgets, tasks, widgets } from '../../db/schema'

/*
 * A map widget's data (issue 12) through GET /boards/{nodeId}/{boardId}/data and
 * GET /widgets/{nodeId}/{widgetId}/data over the query language's small world plus positioned tasks
 * (cf_place.lat / cf_place.lon): points, the viewport, grid clusters past MAP_POINTS_MAX with their
 * status mix, the viewer's task_view scope in every count, another node's ids, hostile params.
 */

let w: RqlWorld
let boardId: string
const id: Record<string, string> = {}

async function widget(name: string, settings: Record<string, unknown>, query = '', nodeId = w.nodeId) {
  const [row] = await w.h.database.db
    .insert(widgets)
    .values({ nodeId, type: 'map', title: name, settings, query })
    .returning()
  id[name] = row!.id
  return row!.id
}

const userWith = async (grants: Grant[]) => (await userWithGrants(w.h, w.nodeId, grants)).token

let next = 100
/** Tasks of a process at positions, written straight to the database (the tasks routes are another area's). */
async function placed(process: 'DEV' | 'OPS', status: string, at: [lat: unknown, lon: unknown][]) {
  for (let i = 0; i < at.length; i += 1000) {
    const rows = at.slice(i, i + 1000).map(([lat, lon]) => {
      const number = next++
      return {
        nodeId: w.nodeId,
        key: `${process}-${number}`,
        number,
        processId: process === 'DEV' ? w.process.dev : w.process.ops,
        title: `${process} at ${lat}, ${lon}`,
        statusId: status,
        authorId: w.adminId,
        customFields: { cf_place: { city: 'X', lat, lon } },
      }
    })
    await w.h.database.db.insert(tasks).values(rows)
  }
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers
type Answer = { status: number; body: any }
const q = (name: string, params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `w.${id[name]}.${k}=${encodeURIComponent(v)}`)
    .join('&')
const one = (name: string, params: Record<string, string> = {}, token = w.adminToken): Promise<Answer> =>
  w.h.call('GET', `/widgets/${w.nodeId}/${id[name]}/data?${q(name, params)}`, { token })
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)

const MOSCOW = [
  [55.75, 37.61],
  [55.76, 37.62],
  [55.7, 37.5],
] as const
const PARIS: [number, number] = [48.85, 2.35]
const PARIS_BOX = '2,48.5,3,49'

beforeAll(async () => {
  w = await startRqlWorld()
  await widget('map', { navigation: { field: 'cf_place' } })
  await widget('implicit', {})
  await widget('ops', { view: { center: '48.85, 2.35', zoom: 9 } }, 'process.key = OPS')
  await widget('bad', { navigation: { field: 'cf_text' } })
  const [b] = await w.h.database.db.insert(boards).values({ nodeId: w.nodeId, name: 'Maps' }).returning()
  boardId = b!.id
  for (const name of ['map', 'implicit', 'ops', 'bad'])
    await w.h.database.db.insert(boardWidgets).values({ nodeId: w.nodeId, boardId, widgetId: id[name]! })
  await placed('DEV', w.status.open, [...MOSCOW.map(([a, b]) => [a, b] as [number, number]), PARIS])
  await placed('OPS', w.status.done, [PARIS, ['55.7', '37.6'], [null, 37.6]])
}, 60_000)
afterAll(async () => {
  await w?.h.close()
})

describe('a map of a few tasks', () => {
  it('answers every positioned task as a point, and lists the default viewport (Moscow, zoom 7)', async () => {
    const res = await one('map')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const d = res.body.data.data
    expect(res.body.data.type).toBe('map')
    expect(d).toMatchObject({
      field: 'cf_place',
      mode: 'points',
      complete: true,
      view: { center: { lat: 55.8, lon: 37.6 }, zoom: 7, max_zoom: 21 },
      style: { url: null, key: null },
    })
    // Five have both parts as numbers; a position typed as text or half missing is no position.
    expect(d.points.id).toHaveLength(5)
    expect(d.points.lat).toHaveLength(5)
    const paris = d.points.lat.indexOf(48.85)
    expect(d.points.lon[paris]).toBe(2.35)
    const status = d.statuses[d.points.status[paris]]
    expect(['Open', 'Done']).toContain(status.name)
    expect(d.list.total).toBe(3)
    expect(d.list.tasks.map((t: { key: string }) => t.key).sort()).toEqual(['DEV-100', 'DEV-101', 'DEV-102'])
    expect(d.list.tasks[0]).toMatchObject({ process_key: 'DEV', status: { name: 'Open' } })
  })

  it('lists the viewport asked for, a page at a time', async () => {
    const d = (await one('map', { bbox: PARIS_BOX, zoom: '9' })).body.data.data
    expect(d.view.bbox).toEqual([2, 48.5, 3, 49])
    expect(d.list.total).toBe(2)
    expect(d.list.tasks.map((t: { title: string }) => t.title)).toEqual([
      expect.stringContaining('48.85'),
      expect.stringContaining('48.85'),
    ])
    const page2 = (await one('map', { bbox: PARIS_BOX, page: '2' })).body.data.data
    expect(page2.list).toMatchObject({ total: 2, page: 2, tasks: [] })
  })

  it("takes the node's first address field and the settings' centre and zoom; keeps its query", async () => {
    expect((await one('implicit')).body.data.data.field).toBe('cf_place')
    const ops = (await one('ops')).body.data.data
    expect(ops.view).toMatchObject({ center: { lat: 48.85, lon: 2.35 }, zoom: 9 })
    expect(ops.points.id).toHaveLength(1)
    expect(ops.list.total).toBe(1)
  })

  it('answers a position field that is not an address as the widget’s own error, never a 5xx', async () => {
    const res = await w.h.call('GET', `/boards/${w.nodeId}/${boardId}/data`, { token: w.adminToken })
    expect(res.status).toBe(200)
    expect(res.body.data[id.bad!]).toMatchObject({ type: 'map', error: { type: 'forms.unknown_field' } })
    expect(res.body.data[id.map!].type).toBe('map')
  })

  it('falls back to the defaults for bad params', async () => {
    for (const params of <Record<string, string>[]>[
      { bbox: 'a,b,c,d', zoom: '99', page: '-1' },
      { bbox: '1,2,3', zoom: '-3', page: 'x' },
      { bbox: '10,60,20,50', zoom: 'NaN' },
      { bbox: '1e3,0,1,1', zoom: '7.5.1' },
      { bbox: `${'9'.repeat(300)},0,0,0` },
    ]) {
      const res = await one('map', params)
      expect(res.status, JSON.stringify(params)).toBe(200)
      expect(res.body.data.data.view.zoom).toBe(7)
      expect(res.body.data.data.list.page).toBe(1)
      expect(res.body.data.data.list.total).toBe(3)
    }
  })

  it("answers 404 for another node's widget or a node id not the caller's", async () => {
    const elsewhere = await widget('elsewhere', {}, '', w.otherNodeId)
    const res = await w.h.call('GET', `/widgets/${w.nodeId}/${elsewhere}/data`, { token: w.adminToken })
    expect(res.status).toBe(404)
    expect(res.body.detail[0].type).toBe('widgets.widget_not_found')
    expect(
      (await w.h.call('GET', `/widgets/${w.nodeId}/${randomUUID()}/data`, { token: w.adminToken })).status,
    ).toBe(404)
  })

  it('shows a viewer only the tasks their task_view reaches', async () => {
    const token = await userWith([{ code: 'task_view', attributes: ['OPS'] }, { code: 'board_view' }])
    const d = (await one('map', {}, token)).body.data.data
    expect(d.points.id).toHaveLength(1)
    expect(d.list.total).toBe(0)
    const none = (await one('map', {}, await userWith([{ code: 'board_view' }]))).body.data.data
    expect(none.points.id).toEqual([])
    expect(none.list.total).toBe(0)
  })
})

describe('a map widget made by an administrator', () => {
  it("takes the settings form's defaults: the first address field, Moscow, zoom 7", async () => {
    const res = await w.h.call('POST', `/widgets/${w.nodeId}`, {
      token: w.adminToken,
      body: { type: 'map', title: 'Field teams' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data.settings).toMatchObject({
      navigation: { field: 'cf_place' },
      view: { center: '55.8, 37.6', zoom: 7 },
    })
  })

  it('refuses a position field that is not an address, with its path', async () => {
    const res = await w.h.call('POST', `/widgets/${w.nodeId}`, {
      token: w.adminToken,
      body: { type: 'map', title: 'M', settings: { navigation: { field: 'cf_text' } } },
    })
    expect(res.status).toBe(422)
    expect(res.body.detail[0].loc).toEqual(expect.arrayContaining(['settings', 'navigation', 'field']))
  })
})

describe('a map past MAP_POINTS_MAX tasks', () => {
  const spread = (n: number, seed: number): [number, number][] =>
    Array.from({ length: n }, (_, i) => [
      55.5 + ((i * 7919 + seed) % 500) / 1000,
      37.3 + ((i * 104729 + seed) % 600) / 1000,
    ])

  beforeAll(async () => {
    await placed('OPS', w.status.done, spread(MAP_POINTS_MAX + 100, 1))
    await placed('DEV', w.status.progress, spread(400, 7))
  }, 120_000)

  it('answers grid clusters of the viewport with their counts and status mix', async () => {
    const d = (await one('map')).body.data.data
    expect(d.mode).toBe('clusters')
    expect(d.complete).toBe(false)
    expect(d.points.id).toEqual([])
    const total = 3 + MAP_POINTS_MAX + 100 + 400
    expect(sum(d.clusters.map((c: { count: number }) => c.count))).toBe(total)
    expect(d.list.total).toBe(total)
    const byName = (name: string) => d.statuses.findIndex((s: { name: string }) => s.name === name)
    const mix = (i: number) => sum(d.clusters.map((c: { mix: number[] }) => c.mix[i] ?? 0))
    expect(mix(byName('Done'))).toBe(MAP_POINTS_MAX + 100)
    expect(mix(byName('In progress'))).toBe(400)
    expect(mix(byName('Open'))).toBe(3)
    for (const c of d.clusters) {
      expect(sum(c.mix)).toBe(c.count)
      expect(c.lat).toBeGreaterThan(55.4)
      expect(c.lon).toBeGreaterThan(37.2)
    }
  })

  it('splits clusters as the zoom grows, and answers points where the viewport holds few', async () => {
    const at7 = (await one('map', { zoom: '7' })).body.data.data
    const at11 = (await one('map', { zoom: '11', bbox: '37.2,55.4,38,56.1' })).body.data.data
    expect(at11.mode).toBe('clusters')
    expect(at11.clusters.length).toBeGreaterThan(at7.clusters.length)
    const few = (await one('map', { zoom: '15', bbox: '37.3,55.5,37.35,55.55' })).body.data.data
    expect(few.mode).toBe('points')
    expect(few.complete).toBe(false)
    expect(few.points.id.length).toBe(few.list.total)
    expect(few.points.id.length).toBeGreaterThan(0)
    expect(few.points.id.length).toBeLessThan(MAP_POINTS_MAX)
  })

  it('never counts in a cluster a task its viewer may not see', async () => {
    const token = await userWith([{ code: 'task_view', attributes: ['OPS'] }, { code: 'board_view' }])
    const d = (await one('map', {}, token)).body.data.data
    expect(d.mode).toBe('clusters')
    expect(sum(d.clusters.map((c: { count: number }) => c.count))).toBe(MAP_POINTS_MAX + 100)
    expect(d.statuses.map((s: { name: string }) => s.name)).toEqual(['Done'])
    for (const t of d.list.tasks) expect(t.process_key).toBe('OPS')
  })
})
