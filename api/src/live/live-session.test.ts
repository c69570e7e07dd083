import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApi, USER } from '../../test/harness'
import { type RqlWorld, seedRqlWorld } from '../../test/rql-fixtures'
import { openSse, type SseClient } from '../../test/sse'
import { bindWithRights, userWithGrants } from '../../test/tenant-factories'
import { buildApp } from '../app'
import { openDatabase } from '../db/client'
import { rights, sessions } from '../db/schema'

/*
 * The live stream's security (issue 23 item 5, ADR 017): a stream ends with its session (sign-out,
 * revocation, a password change, unbinding from the node, the end of a sign-in-as), read with a
 * real HTTP client until the server ends it; resume ids are signed for their session and node, so a
 * forged or foreign Last-Event-ID replays nothing; streams are bounded per user and per process.
 */

let w: RqlWorld
const open: SseClient[] = []
const TOTAL = 12

beforeAll(async () => {
  w = await seedRqlWorld(await startApi({ LIVE_STREAMS_MAX: String(TOTAL) }))
}, 60_000)
afterAll(async () => {
  for (const s of open) s.close()
  await w?.h.close()
})

async function stream(token: string, query = '', headers: Record<string, string> = {}, url = w.h.url) {
  await w.h.app.changes.sync()
  const s = await openSse(`${url}/events/${w.nodeId}/stream${query ? `?${query}` : ''}`, {
    authorization: `Bearer ${token}`,
    ...headers,
  })
  open.push(s)
  if (s.status === 200) await s.find((f) => f.event === 'ready')
  return s
}

/** Closes the streams a test opened (the per-user count is the process's). */
async function closeAll() {
  for (const s of open.splice(0)) s.close()
  for (let i = 0; i < 50 && w.h.app.live.size > 0; i++) await new Promise((r) => setTimeout(r, 20))
  expect(w.h.app.live.size).toBe(0)
}

async function rename(key: string, title: string, token = w.adminToken) {
  const id = w.ids[key]!
  const current = await w.h.call('GET', `/tasks/${w.nodeId}/${id}`, { token: w.adminToken })
  const res = await w.h.call('PATCH', `/tasks/${w.nodeId}/${id}`, {
    token,
    body: { version: current.body.data.version, title },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

const member = () => userWithGrants(w.h, w.nodeId, [{ code: 'task_view' }, { code: 'task_edit' }])

describe('a stream ends when its session does', () => {
  it('on sign-out, and only that session’s streams', async () => {
    const [mine, other] = [await w.h.login(USER), await w.h.login(USER)]
    const s = await stream(mine)
    const kept = await stream(other)
    expect((await w.h.call('POST', '/users/logout', { token: mine })).status).toBe(200)
    await s.ended()
    // The same user's other session keeps its stream.
    await expect(kept.ended(500)).rejects.toThrow(/still open/)
    await closeAll()
  })

  it('on revocation written straight to the database (another instance, a script)', async () => {
    const u = await member()
    const s = await stream(u.token)
    await w.h.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, u.id))
    await s.ended()
    await closeAll()
  })

  it('on a password change, for every other session of the user', async () => {
    const u = await member()
    const s = await stream(u.token)
    const res = await w.h.call('PATCH', `/users/${u.id}`, {
      token: w.adminToken,
      body: { password: 'a-brand-new-password-1' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    await s.ended()
    await closeAll()
  })

  it('on unbinding from the node, while the session lives on in another node', async () => {
    const u = await member()
    await bindWithRights(w.h, w.otherNodeId, u.id, ['is_authorized'])
    const s = await stream(u.token)
    const res = await w.h.call('DELETE', `/users/${u.id}?node_id=${w.nodeId}`, { token: w.adminToken })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    await s.ended()
    expect((await w.h.call('GET', '/users/me', { token: u.token })).status).toBe(200)
    await closeAll()
  })

  it('on losing is_authorized in the node', async () => {
    const u = await member()
    const s = await stream(u.token)
    await w.h.database.db.delete(rights).where(eq(rights.subjectId, u.id))
    await s.ended()
    await closeAll()
  })

  it('at the end of a sign-in-as; the administrator’s own stream stays', async () => {
    const u = await member()
    const support = await w.h.call('GET', `/users/token/${u.id}?node_id=${w.nodeId}`, { token: w.adminToken })
    expect(support.status, JSON.stringify(support.body)).toBe(200)
    const token = support.body.data.access_token as string
    const s = await stream(token)
    const admins = await stream(w.adminToken)
    expect((await w.h.call('POST', '/users/logout', { token })).status).toBe(200)
    await s.ended()
    await expect(admins.ended(500)).rejects.toThrow(/still open/)
    await closeAll()
  })
})

describe('a resume id (Last-Event-ID)', () => {
  const card = () => `task=${w.ids['DEV-2']}`

  it('is signed: its own session resumes with what it missed', async () => {
    const s = await stream(w.userToken, card())
    const last = s.frames.at(-1)!.id!
    expect(last).toMatch(/^\d+-\d+-\d+\.[A-Za-z0-9_-]{22}$/)
    s.close()
    await rename('DEV-2', 'Missed while away')
    const again = await stream(w.userToken, card(), { 'last-event-id': last })
    expect((await again.find((f) => f.event === 'task')).data.key).toBe('DEV-2')
    await closeAll()
  })

  it('forged (a position changed, or an unsigned one) replays nothing: reload, then ready', async () => {
    const s = await stream(w.userToken, card())
    const last = s.frames.at(-1)!.id!
    s.close()
    await rename('DEV-2', 'Changed before the forged resume')
    const [pos, mac] = last.split('.')
    const [txid, id, at] = pos!.split('-')
    for (const forged of [
      `${txid}-${Math.max(0, Number(id) - 1)}-${at}.${mac}`,
      '1-1-1000',
      `${pos}.${'A'.repeat(22)}`,
    ]) {
      const again = await stream(w.userToken, card(), { 'last-event-id': forged })
      expect(again.frames.map((f) => f.event)).toEqual(['reload', 'ready'])
      expect(await again.during(300, (f) => f.event === 'task')).toEqual([])
    }
    await closeAll()
  })

  it('another user’s or another session’s replays nothing', async () => {
    // The administrator's id, from a stream watching the same card, with an edit after it that
    // the user may see: replayed from that id, the user would get it.
    const admins = await stream(w.adminToken, card())
    const theirs = admins.frames.at(-1)!.id!
    admins.close()
    await rename('DEV-2', 'Changed after the admin left')
    const foreign = await stream(w.userToken, card(), { 'last-event-id': theirs })
    expect(foreign.frames.map((f) => f.event)).toEqual(['reload', 'ready'])
    // The administrator in a new session: not this session's id either.
    const second = await w.h.login()
    const elsewhere = await stream(second, card(), { 'last-event-id': theirs })
    expect(elsewhere.frames.map((f) => f.event)).toEqual(['reload', 'ready'])
    expect(await elsewhere.during(300, (f) => f.event === 'task')).toEqual([])
    await closeAll()
  })
})

describe('stream limits', () => {
  it('at most 8 per user: the 9th answers 429 events.too_many_streams; one closed frees a place', async () => {
    const u = await member()
    const mine: SseClient[] = []
    for (let i = 0; i < 8; i++) mine.push(await stream(u.token))
    const ninth = await stream(u.token)
    expect(ninth.status).toBe(429)
    // Refused before anything is streamed, with the catalogue's envelope.
    const refused = await fetch(`${w.h.url}/events/${w.nodeId}/stream`, {
      headers: { authorization: `Bearer ${u.token}` },
    })
    expect(refused.status).toBe(429)
    expect((await refused.json()).detail[0]).toMatchObject({
      type: 'events.too_many_streams',
      ctx: { max: 8 },
    })
    // Another user is not counted with them.
    expect((await stream(w.userToken)).status).toBe(200)
    mine[0]!.close()
    for (let i = 0; i < 50 && w.h.app.live.size > 8; i++) await new Promise((r) => setTimeout(r, 20))
    expect((await stream(u.token)).status).toBe(200)
    await closeAll()
  })

  it('a client gone while its stream was opening leaves no stream counted (its place is free)', async () => {
    // The tab that navigates away at once: the request arrives, and the socket closes while the
    // stream's watch is read. Twenty such must not use up the user's eight places.
    const u = await member()
    await w.h.app.changes.sync()
    const { request } = await import('node:http')
    const gone = Array.from(
      { length: 20 },
      () =>
        new Promise<void>((resolve) => {
          const req = request(`${w.h.url}/events/${w.nodeId}/stream`, {
            headers: { authorization: `Bearer ${u.token}`, accept: 'text/event-stream' },
          })
          req.on('error', () => resolve())
          req.on('close', () => resolve())
          req.end(() => setImmediate(() => req.destroy()))
        }),
    )
    await Promise.all(gone)
    console.log('SIZE', w.h.app.live.size, Date.now())
    for (let i = 0; i < 50 && w.h.app.live.size > 0; i++) await new Promise((r) => setTimeout(r, 20))
    expect(w.h.app.live.size).toBe(0)
    expect((await stream(u.token)).status).toBe(200)
    await closeAll()
  })

  it(`at most LIVE_STREAMS_MAX per process (${TOTAL} here): beyond, 503 events.server_busy`, async () => {
    const a = await member()
    const b = await member()
    for (let i = 0; i < 8; i++) expect((await stream(a.token)).status).toBe(200)
    for (let i = 0; i < TOTAL - 8; i++) expect((await stream(b.token)).status).toBe(200)
    const c = await member()
    const res = await fetch(`${w.h.url}/events/${w.nodeId}/stream`, {
      headers: { authorization: `Bearer ${c.token}` },
    })
    expect(res.status).toBe(503)
    expect((await res.json()).detail[0].type).toBe('events.server_busy')
    await closeAll()
  })
})

// Two upstream processes over one PostgreSQL: a sign-out through one ends the stream open on the
// other (the database's notice). PGlite has one connection: PostgreSQL only.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL))(
  'two upstream processes',
  () => {
    it('a sign-out through one process ends the stream on the other', async () => {
      const database = await openDatabase({
        databaseUrl: w.h.config.DATABASE_URL,
        dataDir: '',
        migrate: false,
      })
      const second = await buildApp(w.h.config, database, { logger: false })
      const url = `${await second.listen({ host: '127.0.0.1', port: 0 })}/api`
      try {
        const u = await member()
        const s = await stream(u.token, '', {}, url)
        expect(s.status).toBe(200)
        expect((await w.h.call('POST', '/users/logout', { token: u.token })).status).toBe(200)
        await s.ended()
      } finally {
        for (const s of open.splice(0)) s.close()
        await second.close()
        await database.close()
      }
    })
  },
)
