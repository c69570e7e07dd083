import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { type Grant, userWithGrants } from '../../../test/tenant-factories'
import { boards, boardWidgets, rights, tasks, teams, widgets } from '../../db/schema'
import { widgetDataStats } from '../../services/board-data/cache'

/*
 * The board data call answers a repeat from what it kept (services/board-data/cache.ts, ADR 023),
 * and never anything a change made stale: every task write in the node, a status's name or colour,
 * a user's name, the viewer's rights, the widget's own query and settings show on the very next
 * call. Writes go through the API where one exists (the writing process drops its entries at
 * commit), and straight to the database where another process or a script would (the database's
 * notices drop them). The counters tell a kept answer from a computed one.
 */

let w: RqlWorld
let boardId: string
const id: Record<string, string> = {}

async function widget(name: string, type: string, settings: Record<string, unknown> = {}, query = '') {
  const [row] = await w.h.database.db
    .insert(widgets)
    .values({ nodeId: w.nodeId, type, title: name, settings, query })
    .returning()
  id[name] = row!.id
  return row!.id
}

beforeAll(async () => {
  w = await startRqlWorld()
  await widget('table', 'table', {
    view: { headers: ['key', 'title', 'status', 'assignee'] },
    pagination: { per_page: 50 },
  })
  await widget('cal', 'calendar', {})
  const [row] = await w.h.database.db.insert(boards).values({ nodeId: w.nodeId, name: 'Cached' }).returning()
  boardId = row!.id
  for (const widgetId of [id.table!, id.cal!])
    await w.h.database.db.insert(boardWidgets).values({ nodeId: w.nodeId, boardId, widgetId })
}, 60_000)
afterAll(async () => {
  await w?.h.close()
})

// biome-ignore lint/suspicious/noExplicitAny: JSON answers
type Row = any
async function rowsOf(token = w.adminToken, query = ''): Promise<Row[]> {
  const res = await w.h.call('GET', `/boards/${w.nodeId}/${boardId}/data${query}`, { token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data[id.table!].data.rows
}
const keys = (rows: Row[]) => rows.map((r: Row) => r.key).sort()
const byKey = (rows: Row[], key: string) => rows.find((r: Row) => r.key === key)

/** How many widget answers were kept (hits) and computed (misses) while `act` ran. */
async function counted(act: () => Promise<unknown>) {
  const before = widgetDataStats()
  await act()
  const after = widgetDataStats()
  return { hits: after.hits - before.hits, misses: after.misses - before.misses }
}

async function editTask(key: string, body: Record<string, unknown>) {
  const taskId = w.ids[key]!
  const current = await w.h.call('GET', `/tasks/${w.nodeId}/${taskId}`, { token: w.adminToken })
  const res = await w.h.call('PATCH', `/tasks/${w.nodeId}/${taskId}`, {
    token: w.adminToken,
    body: { version: current.body.data.version, ...body },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

const viewer = async (grants: Grant[]) =>
  userWithGrants(w.h, w.nodeId, [{ code: 'board_view', attributes: [boardId] }, ...grants])

describe('a repeat', () => {
  it('is answered from what was kept, per viewer', async () => {
    // (Binding a new user is a user's change: everything kept is dropped, so they come first.)
    const other = await viewer([{ code: 'task_view' }])
    await rowsOf()
    expect(await counted(() => rowsOf())).toEqual({ hits: 2, misses: 0 })
    expect(widgetDataStats(w.nodeId).kept).toBe(2)
    // Another viewer, even with the same rights, has entries of their own.
    expect(await counted(() => rowsOf(other.token))).toEqual({ hits: 0, misses: 2 })
    expect(widgetDataStats(w.nodeId).kept).toBe(4)
  })

  it('with other parameters is computed: a page or a month is a key of its own', async () => {
    await rowsOf()
    const month = `?w.${id.cal}.month=2024-01`
    expect(await counted(() => rowsOf(w.adminToken, month))).toEqual({ hits: 1, misses: 1 })
    expect(await counted(() => rowsOf(w.adminToken, month))).toEqual({ hits: 2, misses: 0 })
  })

  it('shares one computation between concurrent identical asks', async () => {
    await editTask('DEV-2', { title: 'Shared computation' })
    const c = await counted(() => Promise.all([rowsOf(), rowsOf(), rowsOf()]))
    expect(c).toEqual({ hits: 4, misses: 2 })
  })
})

describe('every task write in the node', () => {
  it('shows on the very next call: an edit, a creation, an import and its undo', async () => {
    await rowsOf()
    await editTask('DEV-1', { title: 'Renamed through the API' })
    expect(byKey(await rowsOf(), 'DEV-1').title).toBe('Renamed through the API')

    const created = await w.h.call('POST', `/tasks/${w.nodeId}/${w.process.ops}`, {
      token: w.adminToken,
      body: { title: 'Created just now' },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const key = created.body.data.key as string
    expect(byKey(await rowsOf(), key)?.title).toBe('Created just now')

    const upload = await w.h.call('POST', `/tasks/${w.nodeId}/csv/imports`, {
      token: w.adminToken,
      body: { file: Buffer.from('Title\nImported one\n').toString('base64') },
    })
    expect(upload.status, JSON.stringify(upload.body)).toBe(200)
    const run = await w.h.call('POST', `/tasks/${w.nodeId}/csv/imports/${upload.body.data.id}/run`, {
      token: w.adminToken,
      body: { lang: 'en', mapping: ['title'], process_id: w.process.dev, dry_run: false },
    })
    expect(run.status, JSON.stringify(run.body)).toBe(200)
    const withImport = await rowsOf()
    expect(withImport.map((r: Row) => r.title)).toContain('Imported one')

    const undo = await w.h.call('POST', `/tasks/${w.nodeId}/rql/undo/${run.body.data.batch_id}`, {
      token: w.adminToken,
    })
    expect(undo.status, JSON.stringify(undo.body)).toBe(200)
    const afterUndo = await rowsOf()
    expect(afterUndo.map((r: Row) => r.title)).not.toContain('Imported one')
    expect(afterUndo).toHaveLength(withImport.length - 1)
  })

  it('made outside the upstream (a script) shows on the next call too', async () => {
    await rowsOf()
    await w.h.database.db
      .update(tasks)
      .set({ title: 'Changed by a script' })
      .where(eq(tasks.id, w.ids['DEV-3']!))
    expect(byKey(await rowsOf(), 'DEV-3').title).toBe('Changed by a script')
  })

  it("of another node leaves this node's entries kept", async () => {
    await rowsOf()
    const kept = widgetDataStats(w.nodeId).kept
    await w.h.database.db.update(tasks).set({ title: 'Elsewhere' }).where(eq(tasks.nodeId, w.otherNodeId))
    expect(widgetDataStats(w.nodeId).kept).toBe(kept)
    expect(await counted(() => rowsOf())).toEqual({ hits: 2, misses: 0 })
  })
})

describe('what else a widget shows', () => {
  it("a status's new name and colour", async () => {
    await rowsOf()
    const res = await w.h.call('PATCH', `/statuses/${w.nodeId}/${w.status.open}`, {
      token: w.adminToken,
      body: { name: 'Opened', color: '#123456' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const dev1 = byKey(await rowsOf(), 'DEV-1')
    expect(dev1.status).toMatchObject({ name: 'Opened', color: '#123456' })
    expect(dev1.values.status).toMatchObject({ name: 'Opened' })
  })

  it("a user's new name in the rows that name them", async () => {
    await rowsOf()
    const res = await w.h.call('PATCH', `/users/${w.userId}`, {
      token: w.userToken,
      body: { fio: { name: 'Renamed', surname: 'Assignee' } },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const dev1 = byKey(await rowsOf(), 'DEV-1')
    expect(dev1.values.assignee.full_name).toContain('Renamed')
  })

  it("the widget's edited query and settings", async () => {
    await rowsOf()
    const res = await w.h.call('PATCH', `/widgets/${w.nodeId}/${id.table}`, {
      token: w.adminToken,
      body: { query: 'key = DEV-2' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(keys(await rowsOf())).toEqual(['DEV-2'])
    const settings = await w.h.call('PATCH', `/widgets/${w.nodeId}/${id.table}`, {
      token: w.adminToken,
      body: { query: '', settings: { view: { headers: ['key', 'title'] }, pagination: { per_page: 50 } } },
    })
    expect(settings.status, JSON.stringify(settings.body)).toBe(200)
    const rows = await rowsOf()
    expect(rows.length).toBeGreaterThan(1)
    expect(Object.keys(rows[0].values)).toEqual(['key', 'title'])
  })

  it("a team's change drops the node's entries (its name shows in filters)", async () => {
    await rowsOf()
    expect(widgetDataStats(w.nodeId).kept).toBeGreaterThan(0)
    await w.h.database.db.insert(teams).values({ nodeId: w.nodeId, name: 'A new team' })
    await w.h.call('GET', `/boards/${w.nodeId}/${boardId}`, { token: w.adminToken })
    expect(widgetDataStats(w.nodeId).kept).toBe(0)
  })
})

describe('what a viewer may see', () => {
  it('a viewer who loses sight of a task never sees it again from what was kept', async () => {
    const v = await viewer([{ code: 'task_view' }])
    expect(keys(await rowsOf(v.token))).toContain('OPS-1')
    await rowsOf(v.token)
    // Through the API: the grant of every process goes, one of DEV only comes.
    const [grant] = await w.h.database.db
      .select({ id: rights.id })
      .from(rights)
      .where(and(eq(rights.subjectId, v.id), eq(rights.rightCode, 'task_view')))
    const revoked = await w.h.call('DELETE', `/rights/${w.nodeId}/${grant!.id}`, { token: w.adminToken })
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200)
    expect(await rowsOf(v.token)).toEqual([])
    await w.h.database.db.insert(rights).values({
      nodeId: w.nodeId,
      subjectType: 'user',
      subjectId: v.id,
      rightCode: 'task_view',
      attributes: ['DEV'],
    })
    for (let i = 0; i < 3; i++) {
      const seen = keys(await rowsOf(v.token))
      expect(seen.length).toBeGreaterThan(0)
      expect(seen.some((k: string) => k.startsWith('OPS-'))).toBe(false)
    }
    // Straight in the database, as another process would: DEV goes too.
    await w.h.database.db
      .update(rights)
      .set({ attributes: ['NOPE'] })
      .where(and(eq(rights.subjectId, v.id), eq(rights.rightCode, 'task_view')))
    expect(await rowsOf(v.token)).toEqual([])
  })

  it('two viewers with different rights never share an entry', async () => {
    const all = await viewer([{ code: 'task_view' }])
    const dev = await viewer([{ code: 'task_view', attributes: ['DEV'] }])
    for (let i = 0; i < 2; i++) {
      const [a, d] = await Promise.all([rowsOf(all.token), rowsOf(dev.token)])
      expect(keys(a)).toContain('OPS-1')
      expect(keys(d).some((k: string) => k.startsWith('OPS-'))).toBe(false)
    }
    const before = widgetDataStats()
    await rowsOf(dev.token)
    expect(keys(await rowsOf(dev.token)).some((k: string) => k.startsWith('OPS-'))).toBe(false)
    expect(widgetDataStats().hits).toBeGreaterThan(before.hits)
  })
})

describe('never kept', () => {
  it('a query that says now(), and a widget that answers an error', async () => {
    const [nowWidget] = await w.h.database.db
      .insert(widgets)
      .values({ nodeId: w.nodeId, type: 'table', title: 'now', settings: {}, query: 'created_at < now()' })
      .returning()
    const [broken] = await w.h.database.db
      .insert(widgets)
      .values({ nodeId: w.nodeId, type: 'table', title: 'broken', settings: {}, query: 'title = ' })
      .returning()
    const one = (widgetId: string) =>
      w.h.call('GET', `/widgets/${w.nodeId}/${widgetId}/data`, { token: w.adminToken })
    for (const widgetId of [nowWidget!.id, broken!.id]) {
      await one(widgetId)
      expect(await counted(() => one(widgetId))).toEqual({ hits: 0, misses: 1 })
    }
    expect((await one(broken!.id)).body.data.error.type).toMatch(/^rql\./)
  })
})
