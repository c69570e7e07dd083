import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { userWith } from '../../test/task-factories'
import { createTeam } from '../../test/tenant-factories'
import { startWorkflowApi } from '../../test/workflow-factories'
import { nodeUsers, rights, sessions, users } from '../db/schema'
import type { NodeAccess } from './access'
import { AuthCache, type KnownSession } from './auth-cache'

const session = (userId: string, inMs = 60_000) =>
  ({ user: { id: userId }, impersonatorId: null, expiresAt: new Date(Date.now() + inMs) }) as KnownSession
const access = (nodeId: string) =>
  ({ node: { id: nodeId }, rights: {}, teamIds: [] }) as unknown as NodeAccess

describe('AuthCache', () => {
  afterEach(() => vi.useRealTimers())

  it('keeps nothing and answers nothing while it cannot hear the notices', () => {
    const c = new AuthCache()
    c.keepSession(c.mark(), 's1', 'u1', session('u1'))
    expect(c.session('s1', 'u1')).toBeUndefined()
    c.setListening(true)
    c.keepSession(c.mark(), 's1', 'u1', session('u1'))
    expect(c.session('s1', 'u1')).toBeDefined()
    c.setListening(false)
    expect(c.session('s1', 'u1')).toBeUndefined()
  })

  it('does not keep an answer read while a notice came (it may predate the change)', () => {
    const c = new AuthCache()
    c.setListening(true)
    const mark = c.mark()
    c.changed('u:someone-else')
    c.keepSession(mark, 's1', 'u1', session('u1'))
    c.keepNodeAccess(mark, 'u1', 'n1', access('n1'))
    expect([c.session('s1', 'u1'), c.nodeAccess('u1', 'n1')]).toEqual([undefined, undefined])
  })

  it('drops a session, a user, a node on their notices; only theirs', () => {
    const c = new AuthCache()
    c.setListening(true)
    const keep = () => {
      c.keepSession(c.mark(), 's1', 'u1', session('u1'))
      c.keepSession(c.mark(), 's2', 'u2', session('u2'))
      c.keepNodeAccess(c.mark(), 'u1', 'n1', access('n1'))
      c.keepNodeAccess(c.mark(), 'u2', 'n2', access('n2'))
    }
    const seen = () => [
      !!c.session('s1', 'u1'),
      !!c.session('s2', 'u2'),
      !!c.nodeAccess('u1', 'n1'),
      !!c.nodeAccess('u2', 'n2'),
    ]
    keep()
    c.changed('s:s1')
    expect(seen()).toEqual([false, true, true, true])
    keep()
    c.changed('u:u1')
    expect(seen()).toEqual([false, true, false, true])
    keep()
    c.changed('n:n2')
    expect(seen()).toEqual([true, true, true, false])
  })

  it('never answers a session past its expiry, nor anything older than its time to live', () => {
    const c = new AuthCache()
    c.setListening(true)
    c.keepSession(c.mark(), 's1', 'u1', session('u1', 1_000))
    c.keepNodeAccess(c.mark(), 'u1', 'n1', access('n1'))
    expect(c.session('s1', 'u2')).toBeUndefined() // another user's claim on the same session id
    vi.useFakeTimers({ now: Date.now() + 2_000 })
    expect(c.session('s1', 'u1')).toBeUndefined()
    expect(c.nodeAccess('u1', 'n1')).toBeDefined()
    vi.setSystemTime(Date.now() + 60_000)
    expect(c.nodeAccess('u1', 'n1')).toBeUndefined()
  })
})

/*
 * Through the real upstream: rows changed straight in the database (as another instance, a
 * script or an operator would) reach the next call at once, on PGlite and on PostgreSQL alike.
 */
describe('the upstream hears changes made anywhere', () => {
  let w: Awaited<ReturnType<typeof startWorkflowApi>>
  beforeAll(async () => {
    w = await startWorkflowApi()
  })
  afterAll(() => w.h.close())
  const db = () => w.h.database.db
  const me = (token: string) => w.h.call('GET', '/users/me', { token })
  const tasks = (token: string) => w.h.call('GET', `/tasks/${w.startId}`, { token })

  it('a session revoked in the database', async () => {
    const u = await userWith(w.h, w.startId, [])
    expect((await me(u.token)).status).toBe(200)
    expect((await me(u.token)).status).toBe(200)
    await db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, u.id))
    expect((await me(u.token)).status).toBe(401)
  })

  it("a user's new name", async () => {
    const u = await userWith(w.h, w.startId, [])
    expect((await me(u.token)).body.data.fio.name).not.toBe('Renamed')
    await db()
      .update(users)
      .set({ fio: { name: 'Renamed' } })
      .where(eq(users.id, u.id))
    expect((await me(u.token)).body.data.fio.name).toBe('Renamed')
  })

  it('a right granted, a right revoked, a binding removed', async () => {
    const u = await userWith(w.h, w.startId, [])
    expect((await tasks(u.token)).status).toBe(403)
    await db().insert(rights).values({
      nodeId: w.startId,
      subjectType: 'user',
      subjectId: u.id,
      rightCode: 'task_view',
    })
    expect((await tasks(u.token)).status).toBe(200)
    await db()
      .delete(rights)
      .where(and(eq(rights.subjectId, u.id), eq(rights.rightCode, 'task_view')))
    expect((await tasks(u.token)).status).toBe(403)
    await db()
      .delete(nodeUsers)
      .where(and(eq(nodeUsers.nodeId, w.startId), eq(nodeUsers.userId, u.id)))
    expect((await tasks(u.token)).body.detail[0].type).toBe('nodes.node_not_found')
  })

  it("a right given to the caller's team", async () => {
    const u = await userWith(w.h, w.startId, [])
    const team = await createTeam(w.h, w.startId, [u.id])
    expect((await tasks(u.token)).status).toBe(403)
    await db().insert(rights).values({
      nodeId: w.startId,
      subjectType: 'team',
      subjectId: team.id,
      rightCode: 'task_view',
    })
    expect((await tasks(u.token)).status).toBe(200)
  })
})
