import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Harness } from '../../../test/harness'
import { makeTask, makeTaskProcess, userWith, type World } from '../../../test/task-factories'
import { UNKNOWN_ID } from '../../../test/tenant-factories'
import { startWorkflowApi } from '../../../test/workflow-factories'
import { notifications } from '../../db/schema'

/*
 * The notifications' calls (PRODUCT.md §7): the inbox page by page with its filters, the unread
 * count, marking read, preferences, watching; another node's ids answer 404 and bad input 422 with
 * a catalogue code, changing nothing. Who gets what is api/src/notifications/notifications.test.ts.
 */

type User = Awaited<ReturnType<typeof userWith>>
let w: World
let h: Harness
let nodeId: string
let processId: string
let otherNodeProcessId: string
let actor: User
let me: User
const taskIds: string[] = []

beforeAll(async () => {
  w = await startWorkflowApi()
  h = w.h
  nodeId = w.startId
  processId = (await makeTaskProcess(h, w.adminToken, nodeId, { form: false })).process.id
  otherNodeProcessId = (await makeTaskProcess(h, w.adminToken, w.demoId, { form: false })).process.id
  actor = await userWith(h, nodeId, ['task_view', 'task_edit', 'task_create'])
  me = await userWith(h, nodeId, ['task_view', 'task_edit'])
  // 12 notifications: 9 assigned, 3 mentions.
  for (let i = 0; i < 9; i++)
    taskIds.push(
      (await makeTask(h, actor.token, nodeId, processId, { assignee_id: me.id, title: `N${i}` })).id,
    )
  for (const id of taskIds.slice(0, 3)) {
    const res = await h.call('POST', `/tasks/${nodeId}/${id}/comments`, {
      token: actor.token,
      body: { body: `@${me.email} hi` },
    })
    expect(res.status).toBe(201)
  }
  await h.app.events.drain()
  await h.app.events.drain()
})
afterAll(async () => {
  await h?.close()
})

const get = (path: string, token = me.token) => h.call('GET', path, { token })
const count = async () => (await get(`/notifications/${nodeId}/count`)).body.data.unread as number

describe('GET /notifications/{nodeId}', () => {
  it('pages newest first, with total, page and per_page; filters unread and kind', async () => {
    const first = await get(`/notifications/${nodeId}?per_page=5`)
    expect(first.status).toBe(200)
    expect(first.body.meta).toEqual({ total: 12, page: 1, per_page: 5, next_cursor: expect.any(String) })
    expect(first.body.data).toHaveLength(5)
    expect(first.body.data.slice(0, 3).map((n: { kind: string }) => n.kind)).toEqual([
      'mention',
      'mention',
      'mention',
    ])
    const third = await get(`/notifications/${nodeId}?per_page=5&page=3`)
    expect(third.body.data).toHaveLength(2)
    const all = [
      ...first.body.data,
      ...(await get(`/notifications/${nodeId}?per_page=5&page=2`)).body.data,
      ...third.body.data,
    ]
    expect(new Set(all.map((n: { id: string }) => n.id)).size).toBe(12)
    expect(all.at(-1)).toMatchObject({
      kind: 'assigned',
      task: { id: taskIds[0], title: 'N0' },
      actor: { id: actor.id, full_name: actor.email },
      read_at: null,
    })
    const mentions = await get(`/notifications/${nodeId}?kind=mention`)
    expect(mentions.body.meta.total).toBe(3)
    expect(await count()).toBe(12)
    // The default page is 10.
    expect((await get(`/notifications/${nodeId}`)).body.data).toHaveLength(10)
  })

  it('someone else’s inbox is their own: the actor has nothing', async () => {
    const res = await get(`/notifications/${nodeId}`, actor.token)
    expect(res.body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 10, next_cursor: null } })
  })

  it('bad input: 422 with a catalogue code', async () => {
    for (const [q, loc] of [
      ['kind=nope', 'kind'],
      ['unread=yes', 'unread'],
      ['per_page=501', 'per_page'],
      ['page=0', 'page'],
    ]) {
      const res = await get(`/notifications/${nodeId}?${q}`)
      expect(res.status, q).toBe(422)
      expect(res.body.detail[0].loc).toEqual(['query', loc])
      expect(res.body.detail[0].type).toMatch(/^value_error/)
    }
    expect((await get('/notifications/not-a-uuid')).status).toBe(422)
  })

  it('another node, an unknown node: 404 nodes.node_not_found, on every call', async () => {
    for (const id of [w.demoId, UNKNOWN_ID]) {
      for (const [method, path, body] of [
        ['GET', `/notifications/${id}`, undefined],
        ['GET', `/notifications/${id}/count`, undefined],
        ['POST', `/notifications/${id}/read`, { all: true }],
        ['GET', `/notifications/${id}/preferences`, undefined],
        ['PUT', `/notifications/${id}/preferences`, { items: [] }],
      ] as const) {
        const res = await h.call(method, path, { token: me.token, body })
        expect(res.status, `${method} ${path}`).toBe(404)
        expect(res.body.detail[0].type).toBe('nodes.node_not_found')
      }
    }
  })

  it('without a token: 401', async () => {
    expect((await h.call('GET', `/notifications/${nodeId}/count`)).status).toBe(401)
  })
})

describe('POST /notifications/{nodeId}/read', () => {
  it('marks the named ones read (others’ ids passed over), then all; answers what is left', async () => {
    const unreadPage = await get(`/notifications/${nodeId}?unread=true&per_page=2`)
    const ids = unreadPage.body.data.map((n: { id: string }) => n.id)
    const before = await count()
    const res = await h.call('POST', `/notifications/${nodeId}/read`, { token: me.token, body: { ids } })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ read: 2, unread: before - 2 })
    // Someone else cannot mark mine.
    const theirs = await h.call('POST', `/notifications/${nodeId}/read`, {
      token: actor.token,
      body: { all: true },
    })
    expect(theirs.body.data).toEqual({ read: 0, unread: 0 })
    expect(await count()).toBe(before - 2)
    const list = await get(`/notifications/${nodeId}?per_page=100`)
    const read = list.body.data.filter((n: { read_at: string | null }) => n.read_at !== null)
    expect(read.map((n: { id: string }) => n.id).sort()).toEqual([...ids].sort())
    expect((await get(`/notifications/${nodeId}?unread=true`)).body.meta.total).toBe(before - 2)
    const all = await h.call('POST', `/notifications/${nodeId}/read`, {
      token: me.token,
      body: { all: true },
    })
    expect(all.body.data).toEqual({ read: before - 2, unread: 0 })
    expect(await count()).toBe(0)
  })

  it('bad input: 422, nothing marked', async () => {
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { all: true, extra: 1 }]) {
      const res = await h.call('POST', `/notifications/${nodeId}/read`, { token: me.token, body })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.detail[0].type).toMatch(/^value_error/)
    }
  })
})

describe('preferences', () => {
  it('lists the processes the caller may see with every kind (app by default); PUT changes only what it names', async () => {
    const before = await get(`/notifications/${nodeId}/preferences?per_page=100`)
    expect(before.status).toBe(200)
    const mine = before.body.data.find((p: { process: { id: string } }) => p.process.id === processId)
    expect(mine.channels).toEqual({ assigned: 'app', status: 'app', mention: 'app', comment: 'app' })
    const put = await h.call('PUT', `/notifications/${nodeId}/preferences`, {
      token: me.token,
      body: {
        items: [
          { process_id: processId, kind: 'status', channel: 'off' },
          { process_id: processId, kind: 'comment', channel: 'app' },
          { process_id: processId, kind: 'comment', channel: 'email' },
        ],
      },
    })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    expect(put.body.detail[0].type).toBe('notifications.preferences_saved')
    const after = await get(`/notifications/${nodeId}/preferences?per_page=100`)
    expect(after.body.meta.total).toBe(before.body.meta.total)
    expect(
      after.body.data.find((p: { process: { id: string } }) => p.process.id === processId).channels,
    ).toEqual({
      assigned: 'app',
      status: 'off',
      mention: 'app',
      comment: 'email',
    })
    const paged = await get(`/notifications/${nodeId}/preferences?per_page=1&page=1`)
    expect(paged.body.data).toHaveLength(1)
  })

  it('another node’s process: 404, nothing saved; a bad kind or channel: 422', async () => {
    const res = await h.call('PUT', `/notifications/${nodeId}/preferences`, {
      token: me.token,
      body: {
        items: [
          { process_id: processId, kind: 'assigned', channel: 'off' },
          { process_id: otherNodeProcessId, kind: 'assigned', channel: 'off' },
        ],
      },
    })
    expect(res.status).toBe(404)
    expect(res.body.detail[0]).toMatchObject({
      type: 'processes.process_not_found',
      loc: ['body', 'items', 1, 'process_id'],
    })
    const after = await get(`/notifications/${nodeId}/preferences?per_page=100`)
    expect(
      after.body.data.find((p: { process: { id: string } }) => p.process.id === processId).channels.assigned,
    ).toBe('app')
    for (const item of [
      { process_id: processId, kind: 'nope', channel: 'off' },
      { process_id: processId, kind: 'assigned', channel: 'sms' },
      { process_id: 'x', kind: 'assigned', channel: 'off' },
    ]) {
      const bad = await h.call('PUT', `/notifications/${nodeId}/preferences`, {
        token: me.token,
        body: { items: [item] },
      })
      expect(bad.status, JSON.stringify(item)).toBe(422)
      expect(bad.body.detail[0].type).toMatch(/^value_error/)
    }
  })
})

describe('watching', () => {
  it('GET tells, POST watches, DELETE stops; another node’s task or an unknown one: 404', async () => {
    const path = `/tasks/${nodeId}/${taskIds[0]}/watch`
    expect((await get(path)).body.data).toEqual({ watching: false })
    const on = await h.call('POST', path, { token: me.token })
    expect(on.body).toMatchObject({ data: { watching: true }, detail: [{ type: 'tasks.task_watched' }] })
    expect((await get(path)).body.data).toEqual({ watching: true })
    const off = await h.call('DELETE', path, { token: me.token })
    expect(off.body.data).toEqual({ watching: false })
    expect((await get(path)).body.data).toEqual({ watching: false })
    for (const p of [`/tasks/${w.demoId}/${taskIds[0]}/watch`, `/tasks/${nodeId}/${UNKNOWN_ID}/watch`]) {
      const res = await h.call('POST', p, { token: me.token })
      expect(res.status, p).toBe(404)
    }
    expect((await h.call('POST', `/tasks/${nodeId}/nope/watch`, { token: me.token })).status).toBe(422)
  })
})

describe('GET /notifications/{nodeId} by cursor (keyset)', () => {
  it('walks every tab page by page across boundaries and ties, each row once, as the pages by number', async () => {
    // 60 more, five at each instant (ties broken by id), every third read, the four kinds in turn.
    const kinds = ['assigned', 'mention', 'status', 'comment'] as const
    const base = Date.parse('2026-01-01T00:00:00Z')
    await h.database.db.insert(notifications).values(
      Array.from({ length: 60 }, (_, i) => ({
        nodeId,
        userId: me.id,
        kind: kinds[i % 4]!,
        taskId: taskIds[i % taskIds.length]!,
        actorId: actor.id,
        eventId: 1_000_000 + i,
        createdAt: new Date(base + Math.floor(i / 5) * 1000),
        readAt: i % 3 === 0 ? new Date() : null,
      })),
    )
    for (const tab of ['', 'unread=true&', 'kind=mention&', 'unread=true&kind=comment&']) {
      const whole = await get(`/notifications/${nodeId}?${tab}per_page=500`)
      const ids = whole.body.data.map((n: { id: string }) => n.id)
      expect(ids.length).toBeGreaterThan(7)
      const walked: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const res = await get(
          `/notifications/${nodeId}?${tab}per_page=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        )
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        expect(res.body.meta).toMatchObject({ total: ids.length, page: cursor ? null : 1, per_page: 7 })
        walked.push(...res.body.data.map((n: { id: string }) => n.id))
        cursor = res.body.meta.next_cursor
        pages++
      } while (cursor)
      expect(pages, tab).toBe(Math.ceil(ids.length / 7))
      expect(walked, tab).toEqual(ids)
    }
  })

  it('refuses a cursor that is not one, or one of another tab, with 422 value_error', async () => {
    const first = await get(`/notifications/${nodeId}?kind=mention&per_page=2`)
    const cursor = first.body.meta.next_cursor as string
    for (const bad of ['nope', Buffer.from('[1,2,3,4]').toString('base64url'), 'x'.repeat(401)]) {
      const res = await get(`/notifications/${nodeId}?kind=mention&cursor=${bad}`)
      expect(res.status, bad).toBe(422)
      expect(res.body.detail[0]).toMatchObject({ loc: ['query', 'cursor'] })
    }
    const other = await get(`/notifications/${nodeId}?unread=true&cursor=${cursor}`)
    expect(other.status).toBe(422)
    expect(other.body.detail[0].type).toBe('value_error')
  })
})
