import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RqlWorld, startRqlWorld } from '../../test/rql-fixtures'
import { openSse, type SseClient } from '../../test/sse'
import { createUser, type Grant, userWithGrants } from '../../test/tenant-factories'
import { buildApp } from '../app'
import { openDatabase } from '../db/client'
import { boards, boardWidgets, tasks, widgets } from '../db/schema'
import { emitEvents } from '../events/outbox'

/*
 * GET /events/{nodeId}/stream (PRODUCT.md §7 "Live") over the query language's small world: which
 * widgets a change pushes (before or after the change, the viewer's task_view), the task card's
 * frame, notifications to their recipient only, a resume with Last-Event-ID, other nodes' ids.
 */

let w: RqlWorld
let boardId: string
let otherBoardId: string
const id: Record<string, string> = {}
const open: SseClient[] = []

async function widget(name: string, query: string, nodeId = w.nodeId) {
  const [row] = await w.h.database.db
    .insert(widgets)
    .values({ nodeId, type: 'table', title: name, settings: {}, query })
    .returning()
  id[name] = row!.id
  return row!.id
}
async function board(widgetIds: string[], nodeId = w.nodeId) {
  const [row] = await w.h.database.db.insert(boards).values({ nodeId, name: 'Live' }).returning()
  for (const widgetId of widgetIds)
    await w.h.database.db.insert(boardWidgets).values({ nodeId, boardId: row!.id, widgetId })
  return row!.id
}
const userWith = (grants: Grant[]) => userWithGrants(w.h, w.nodeId, grants)

async function stream(
  query: string,
  token = w.adminToken,
  headers: Record<string, string> = {},
  node = w.nodeId,
) {
  await w.h.app.changes.sync()
  const s = await openSse(`${w.h.url}/events/${node}/stream${query ? `?${query}` : ''}`, {
    authorization: `Bearer ${token}`,
    ...headers,
  })
  open.push(s)
  if (s.status === 200) await s.find((f) => f.event === 'ready')
  return s
}

let version: Record<string, number> = {}
async function edit(key: string, body: Record<string, unknown>, token = w.adminToken) {
  const taskId = w.ids[key]!
  const current = await w.h.call('GET', `/tasks/${w.nodeId}/${taskId}`, { token: w.adminToken })
  version[key] = current.body.data.version
  const res = await w.h.call('PATCH', `/tasks/${w.nodeId}/${taskId}`, {
    token,
    body: { version: version[key], ...body },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}

/** The widget frames that arrive while `act` runs and a moment after (the first one awaited, if any). */
async function widgetFramesOf(s: SseClient, act: () => Promise<unknown>, expectSome = true) {
  const mark = s.frames.length
  await act()
  const isWidget = (f: { event: string }) => f.event === 'widget'
  if (expectSome) await s.find((f) => s.frames.indexOf(f) >= mark && isWidget(f))
  await new Promise((r) => setTimeout(r, 300))
  return s.frames.slice(mark).filter(isWidget)
}
const pushed = (frames: { data: { widgets: string[] } }[]) => new Set(frames.flatMap((f) => f.data.widgets))

beforeAll(async () => {
  w = await startRqlWorld()
  await widget('points', 'cf_points >= 5')
  await widget('low', 'cf_priority = low')
  await widget('all', '')
  boardId = await board([id.points!, id.low!, id.all!])
  otherBoardId = await board([await widget('elsewhere', '', w.otherNodeId)], w.otherNodeId)
  version = {}
}, 60_000)
afterAll(async () => {
  for (const s of open) s.close()
  await w?.h.close()
})

describe('widget frames', () => {
  it('push only the widgets whose query the changed task matched before or after the change', async () => {
    const s = await stream(`boards=${boardId}`)
    // DEV-2 (points 3, low): its title changes; "points" never held it.
    let frames = await widgetFramesOf(s, () => edit('DEV-2', { title: 'Add export (CSV)' }))
    expect(pushed(frames)).toEqual(new Set([id.low, id.all]))
    // DEV-1 leaves "points" (5 → 1): pushed, as the query matched before the change.
    frames = await widgetFramesOf(s, () => edit('DEV-1', { cf_points: 1 }))
    expect(pushed(frames)).toEqual(new Set([id.points, id.all]))
    // …and comes back into it (1 → 7): matched after.
    frames = await widgetFramesOf(s, () => edit('DEV-1', { cf_points: 7 }))
    expect(pushed(frames)).toEqual(new Set([id.points, id.all]))
  })

  it('a status move is judged like any field (the task matched before the move)', async () => {
    await widget('open', 'status.name = Open')
    const b = await board([id.open!])
    const s = await stream(`boards=${b}`)
    const frames = await widgetFramesOf(s, () => edit('DEV-1', { status_id: w.status.progress }))
    expect(pushed(frames)).toEqual(new Set([id.open]))
    const none = await widgetFramesOf(s, () => edit('DEV-1', { title: 'Fix login bug (again)' }), false)
    expect(pushed(none).size).toBe(0)
  })

  it("name a kanban's columns the change touched (the status before and after), no other widget's", async () => {
    const [k] = await w.h.database.db
      .insert(widgets)
      .values({ nodeId: w.nodeId, type: 'kanban', title: 'Kanban', settings: { process_id: w.process.dev } })
      .returning()
    const b = await board([k!.id, id.all!])
    const s = await stream(`boards=${b}`)
    const [row] = await w.h.database.db.select().from(tasks).where(eq(tasks.id, w.ids['DEV-10']!))
    const from = row!.statusId
    const to = from === w.status.done ? w.status.open : w.status.done
    let frames = await widgetFramesOf(s, () => edit('DEV-10', { status_id: to }))
    expect(pushed(frames)).toEqual(new Set([k!.id, id.all]))
    const columns = (f: { data: { columns?: Record<string, string[]> } }[]) => f.map((x) => x.data.columns)
    expect(columns(frames).map((c) => c && { ...c, [k!.id]: [...c[k!.id]!].sort() })).toEqual([
      { [k!.id]: [from, to].sort() },
    ])
    // A field's edit touches the column the task is in.
    frames = await widgetFramesOf(s, () => edit('DEV-10', { title: 'Tenth (renamed)' }))
    expect(columns(frames)).toEqual([{ [k!.id]: [to] }])
    s.close() // a user has at most 8 streams: the suite's later ones need the place
  })

  it('never tell a viewer about a task they may not see', async () => {
    const ops = await userWith([{ code: 'task_view', attributes: ['OPS'] }, { code: 'board_view' }])
    const s = await stream(`boards=${boardId}`, ops.token)
    const hidden = await widgetFramesOf(s, () => edit('DEV-2', { title: 'Add export (PDF)' }), false)
    expect(hidden).toEqual([])
    const seen = await widgetFramesOf(s, () => edit('OPS-1', { title: 'Server down again' }))
    expect(pushed(seen)).toEqual(new Set([id.points, id.all]))
  })
})

describe('another node', () => {
  it('never reaches a stream of this node, whatever changes there', async () => {
    const s = await stream(`boards=${boardId}`)
    const [theirs] = await w.h.database.db
      .select({ id: tasks.id, version: tasks.version })
      .from(tasks)
      .where(eq(tasks.nodeId, w.otherNodeId))
      .limit(1)
    const frames = await widgetFramesOf(
      s,
      async () => {
        const res = await w.h.call('PATCH', `/tasks/${w.otherNodeId}/${theirs!.id}`, {
          token: w.adminToken,
          body: { version: theirs!.version, title: 'Elsewhere' },
        })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
      },
      false,
    )
    expect(frames).toEqual([])
  })
})

describe('board frames', () => {
  it('an administrator’s edit of a widget or a board reaches the streams showing that board only', async () => {
    await widget('edited', 'cf_points >= 100')
    const shown = await board([id.edited!])
    const beside = await board([id.all!])
    const a = await stream(`boards=${shown}`, w.userToken)
    const b = await stream(`boards=${beside}`, w.userToken)
    const none = await stream('', w.userToken)
    const boardFramesOf = (s: SseClient) => s.during(600, (f) => f.event === 'board')
    // The widget's query: its board is told, the board beside it is not.
    let onA = a.find((f) => f.event === 'board')
    let onB = boardFramesOf(b)
    let onNone = boardFramesOf(none)
    const patched = await w.h.call('PATCH', `/widgets/${w.nodeId}/${id.edited}`, {
      token: w.adminToken,
      body: { query: 'cf_points >= 5' },
    })
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)
    expect((await onA).data).toEqual({ boards: [shown] })
    expect(await onB).toEqual([])
    expect(await onNone).toEqual([])
    // The new query is the one judged from now on (the old one matched nothing).
    const frames = await widgetFramesOf(a, () => edit('DEV-1', { cf_points: 8 }))
    expect(pushed(frames)).toEqual(new Set([id.edited]))
    // The board's name, and a widget put on it: the board beside it hears of it, the first does not.
    const mark = b.frames.length
    const onA2 = boardFramesOf(a)
    const renamed = await w.h.call('PATCH', `/boards/${w.nodeId}/${beside}`, {
      token: w.adminToken,
      body: { name: 'Renamed live' },
    })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    const bound = await w.h.call('POST', `/widgets/bind-board/${w.nodeId}`, {
      token: w.adminToken,
      body: { board_id: beside, widget_ids: [id.low] },
    })
    expect(bound.status, JSON.stringify(bound.body)).toBe(200)
    await b.find((f) => b.frames.indexOf(f) >= mark && f.event === 'board')
    expect(await onA2).toEqual([])
    // The widget put on it is watched from now on: a change of a low task pushes it.
    const low = await widgetFramesOf(b, () => edit('DEV-2', { title: 'Add export (XLSX)' }))
    expect(pushed(low)).toContain(id.low)
    // A widget deleted: the board that showed it is told.
    onA = a.find(
      (f) => a.frames.indexOf(f) > a.frames.findIndex((x) => x.event === 'board') && f.event === 'board',
    )
    onB = boardFramesOf(b)
    onNone = boardFramesOf(none)
    const removed = await w.h.call('DELETE', `/widgets/${w.nodeId}/${id.edited}`, { token: w.adminToken })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect((await onA).data).toEqual({ boards: [shown] })
    expect(await onB).toEqual([])
    expect(await onNone).toEqual([])
  })

  it('does not echo an administrator’s own layout save to them', async () => {
    const b = await board([id.all!])
    const admin = await stream(`boards=${b}`)
    const user = await stream(`boards=${b}`, w.userToken)
    const own = admin.during(600, (f) => f.event === 'board')
    const saved = await w.h.call('PATCH', `/boards/${w.nodeId}/${b}`, {
      token: w.adminToken,
      body: { layout: [{ i: id.all, x: 0, y: 0, w: 24, h: 10 }] },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect((await user.find((f) => f.event === 'board')).data).toEqual({ boards: [b] })
    expect(await own).toEqual([])
  })
})

describe('task frames', () => {
  it('tell the card of a task that someone else changed it, with who and the new version', async () => {
    const user = await stream(`task=${w.ids['DEV-3']}`, w.userToken)
    await edit('DEV-3', { title: 'Changed by the admin' })
    const f = await user.find((x) => x.event === 'task')
    expect(f.data).toMatchObject({
      id: w.ids['DEV-3'],
      key: 'DEV-3',
      version: version['DEV-3']! + 1,
      actor: { id: w.adminId, full_name: expect.any(String) },
    })
    // One's own change is not news to one's own card.
    const admin = await stream(`task=${w.ids['DEV-3']}`)
    const own = admin.during(400, (x) => x.event === 'task')
    await edit('DEV-3', { title: 'Changed again by the admin' })
    expect(await own).toEqual([])
  })
})

describe('notification frames', () => {
  it('reach their recipient only', async () => {
    const user = await stream('', w.userToken)
    const admin = await stream('')
    const notification = {
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'assigned' as const,
      task: { id: w.ids['DEV-1']!, key: 'DEV-1', title: 'Fix login bug' },
      actor: { id: w.adminId, full_name: 'Admin' },
      created_at: new Date().toISOString(),
      read_at: null,
    }
    const notAdmin = admin.during(500, (f) => f.event === 'notification')
    await emitEvents(w.h.database.db, [
      {
        type: 'notification.created',
        node_id: w.nodeId,
        actor_id: w.adminId,
        data: { user_id: w.userId, notification },
      },
    ])
    await w.h.app.events.read()
    expect((await user.find((f) => f.event === 'notification')).data).toEqual(notification)
    expect(await notAdmin).toEqual([])
  })
})

describe('a reconnect with Last-Event-ID', () => {
  it('gets what it missed while away', async () => {
    const first = await stream(`boards=${boardId}&task=${w.ids['DEV-2']}`, w.userToken)
    const last = first.frames.at(-1)!.id!
    first.close()
    await edit('DEV-2', { cf_priority: 'high' })
    const again = await stream(`boards=${boardId}&task=${w.ids['DEV-2']}`, w.userToken, {
      'last-event-id': last,
    })
    expect(pushed([await again.find((f) => f.event === 'widget')])).toContain(id.low)
    expect((await again.find((f) => f.event === 'task')).data.key).toBe('DEV-2')
  })

  it('is told to reload when the id is too old to replay', async () => {
    const s = await openSse(`${w.h.url}/events/${w.nodeId}/stream`, {
      authorization: `Bearer ${w.adminToken}`,
      'last-event-id': '1-1-1000',
    })
    open.push(s)
    await s.find((f) => f.event === 'reload')
  })
})

describe('what may be watched', () => {
  it('answers 404 for another node’s board or task, or a task the viewer may not see; 422 for a bad id', async () => {
    const other = await stream(`boards=${otherBoardId}`)
    expect(other.status).toBe(404)
    const ops = await userWith([{ code: 'task_view', attributes: ['OPS'] }])
    expect((await stream(`task=${w.ids['DEV-1']}`, ops.token)).status).toBe(404)
    expect((await stream(`task=${w.ids['OPS-1']}`, ops.token)).status).toBe(200)
    expect((await stream('boards=nope')).status).toBe(422)
    const stranger = await createUser(w.h)
    expect((await stream('', await w.h.login(stranger))).status).toBe(404)
  })

  it('keeps the stream alive with heartbeats', async () => {
    const s = await stream('')
    expect(s.text()).toMatch(/^retry: \d+\n\n/)
  })
})

// Two upstream processes over one PostgreSQL: what one commits reaches a stream open on the other
// (the outbox read after the database's notice). PGlite has one connection: PostgreSQL only.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL))(
  'two upstream processes',
  () => {
    it('an edit through one reaches a stream on the other', async () => {
      const database = await openDatabase({
        databaseUrl: w.h.config.DATABASE_URL,
        dataDir: '',
        migrate: false,
      })
      const second = await buildApp(w.h.config, database, { logger: false })
      const url = `${await second.listen({ host: '127.0.0.1', port: 0 })}/api`
      try {
        const s = await openSse(`${url}/events/${w.nodeId}/stream?boards=${boardId}`, {
          authorization: `Bearer ${w.adminToken}`,
        })
        open.push(s)
        await s.find((f) => f.event === 'ready')
        const started = Date.now()
        await edit('DEV-10', { title: 'Tenth, from the first process' })
        const f = await s.find((x) => x.event === 'widget', 5000)
        expect(pushed([f])).toEqual(new Set([id.points, id.all]))
        // The notice wakes the other process at once: well within a second (its poll is 2 s).
        expect(Date.now() - started).toBeLessThan(1500)
      } finally {
        await second.close()
        await database.close()
      }
    })
  },
)
