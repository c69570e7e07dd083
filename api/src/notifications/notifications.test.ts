import type { NodusEvent } from '@domain/events'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Harness } from '../../test/harness'
import { makeTask, makeTaskProcess, userWith, type World } from '../../test/task-factories'
import { startWorkflowApi } from '../../test/workflow-factories'
import { buildApp } from '../app'
import { type Database, openDatabase } from '../db/client'
import { makeNotifications } from './make'

/*
 * Who is told what (PRODUCT.md §7, issue 13 item 1), through the real calls and the real durable
 * consumer: assigned, status, mention, comment; never for one's own action; never about a task the
 * recipient may not see (when made, and when the inbox is read after the right was taken away);
 * preferences obeyed; exactly once per event with two upstream instances consuming the same
 * database. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

type User = Awaited<ReturnType<typeof userWith>>
let w: World
let h: Harness
let nodeId: string
let processId: string
let processKey: string
let otherProcessKey: string
let statusIds: string[]
let author: User
let bob: User
let carol: User
let dave: User
let outsider: User
const told: NodusEvent<'notification.created'>[] = []

beforeAll(async () => {
  w = await startWorkflowApi()
  h = w.h
  nodeId = w.startId
  const made = await makeTaskProcess(h, w.adminToken, nodeId, { form: false })
  processId = made.process.id
  processKey = made.process.key
  statusIds = made.statusIds
  otherProcessKey = (await makeTaskProcess(h, w.adminToken, nodeId, { form: false })).process.key
  const worker = ['task_view', 'task_edit', 'task_create']
  ;[author, bob, carol, dave] = await Promise.all([
    userWith(h, nodeId, worker),
    userWith(h, nodeId, worker),
    userWith(h, nodeId, worker),
    userWith(h, nodeId, worker),
  ])
  // Sees only the other process's tasks.
  outsider = await userWith(h, nodeId, [`task_view:${otherProcessKey}`])
  h.app.events.subscribe('notification.created', (e) => {
    told.push(e)
  })
})
afterAll(async () => {
  await h?.close()
})

/** Lets the consumer work through everything committed so far. */
const settle = async (...apps: FastifyInstance[]) => {
  for (let i = 0; i < 2; i++) for (const app of [h.app, ...apps]) await app.events.drain()
}

type Item = {
  id: string
  kind: string
  task: { id: string; key: string; title: string }
  actor: { id: string } | null
}
async function inbox(u: { token: string }, query = 'per_page=100'): Promise<Item[]> {
  await settle()
  const res = await h.call('GET', `/notifications/${nodeId}?${query}`, { token: u.token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}
const about = (items: Item[], taskId: string) => items.filter((i) => i.task.id === taskId).map((i) => i.kind)
async function unread(u: { token: string }) {
  await settle()
  const res = await h.call('GET', `/notifications/${nodeId}/count`, { token: u.token })
  expect(res.status).toBe(200)
  return res.body.data.unread as number
}

const edit = async (u: { token: string }, taskId: string, body: Record<string, unknown>) => {
  const got = await h.call('GET', `/tasks/${nodeId}/${taskId}`, { token: u.token })
  const res = await h.call('PATCH', `/tasks/${nodeId}/${taskId}`, {
    token: u.token,
    body: { version: got.body.data.version, ...body },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}
const comment = async (u: { token: string }, taskId: string, body: string) => {
  const res = await h.call('POST', `/tasks/${nodeId}/${taskId}/comments`, { token: u.token, body: { body } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
}
const watchTask = async (u: { token: string }, taskId: string, on = true) => {
  const res = await h.call(on ? 'POST' : 'DELETE', `/tasks/${nodeId}/${taskId}/watch`, { token: u.token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body.data).toEqual({ watching: on })
}
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await h.database.db.execute(query)) as unknown as { rows: T[] }).rows

describe('who is told what', () => {
  it('a task created with an assignee: the assignee, assigned, with the task and who did it', async () => {
    const from = told.length
    const task = await makeTask(h, author.token, nodeId, processId, {
      assignee_id: bob.id,
      title: 'Fix the roof',
    })
    const got = await inbox(bob)
    expect(got.filter((i) => i.task.id === task.id)).toMatchObject([
      {
        kind: 'assigned',
        task: { id: task.id, key: task.key, title: 'Fix the roof' },
        actor: { id: author.id },
      },
    ])
    expect(about(await inbox(author), task.id)).toEqual([])
    expect(about(await inbox(carol), task.id)).toEqual([])
    // The live stream's event: the same notification, for bob only, written with it.
    const mine = told.slice(from).filter((e) => e.data.notification.task.id === task.id)
    expect(mine.map((e) => e.data.user_id)).toEqual([bob.id])
    expect(mine[0]!.data.notification).toEqual(got.find((i) => i.task.id === task.id))
  })

  it('never for one’s own action: assigning oneself, creating for oneself', async () => {
    const task = await makeTask(h, bob.token, nodeId, processId, { assignee_id: bob.id })
    await edit(bob, task.id, { assignee_id: null })
    await edit(bob, task.id, { assignee_id: bob.id })
    expect(about(await inbox(bob), task.id)).toEqual([])
  })

  it('an edit that changes the assignee: the new one, assigned; other edits tell nobody', async () => {
    const task = await makeTask(h, author.token, nodeId, processId, { assignee_id: bob.id })
    await edit(author, task.id, { assignee_id: carol.id })
    await edit(author, task.id, { title: 'Renamed' })
    expect(about(await inbox(carol), task.id)).toEqual(['assigned'])
    expect(about(await inbox(bob), task.id)).toEqual(['assigned'])
  })

  it('a status change: the author, the assignee and the watchers, not the mover; unwatching stops it', async () => {
    const task = await makeTask(h, author.token, nodeId, processId, { assignee_id: bob.id })
    await watchTask(dave, task.id)
    await watchTask(carol, task.id)
    // Watching twice is still watching once.
    await watchTask(carol, task.id)
    await edit(carol, task.id, { status_id: statusIds[1] })
    expect(about(await inbox(author), task.id)).toEqual(['status'])
    expect(about(await inbox(bob), task.id)).toEqual(['status', 'assigned'])
    expect(about(await inbox(dave), task.id)).toEqual(['status'])
    expect(about(await inbox(carol), task.id)).toEqual([])
    await watchTask(dave, task.id, false)
    await edit(author, task.id, { status_id: statusIds[2] })
    expect(about(await inbox(dave), task.id)).toEqual(['status'])
    expect(about(await inbox(bob), task.id)).toEqual(['status', 'status', 'assigned'])
    expect(about(await inbox(author), task.id)).toEqual(['status'])
  })

  it('a comment: those it mentions, mention; the author, assignee and watchers, comment; never the writer', async () => {
    const task = await makeTask(h, author.token, nodeId, processId, { assignee_id: bob.id })
    await watchTask(carol, task.id)
    await comment(bob, task.id, `@${dave.email} and @${carol.email}, have a look`)
    expect(about(await inbox(dave), task.id)).toEqual(['mention'])
    // Mentioned and watching: told once, as mentioned.
    expect(about(await inbox(carol), task.id)).toEqual(['mention'])
    expect(about(await inbox(author), task.id)).toEqual(['comment'])
    expect(about(await inbox(bob), task.id)).toEqual(['assigned'])
    // kind=mention is the inbox's mentions tab.
    expect((await inbox(dave, 'kind=mention&per_page=100')).every((i) => i.kind === 'mention')).toBe(true)
  })
})

describe('never about a task the recipient may not see', () => {
  it('assigned, mentioned: nothing made for someone without task_view on the process', async () => {
    const task = await makeTask(h, author.token, nodeId, processId, { assignee_id: outsider.id })
    await comment(author, task.id, `@${outsider.email} see this`)
    await settle()
    const made = await rows<{ n: number }>(
      sql`select count(*)::int as n from notifications where user_id = ${outsider.id} and task_id = ${task.id}`,
    )
    expect(made[0]!.n).toBe(0)
    expect(about(await inbox(outsider), task.id)).toEqual([])
    // Nor may they watch it.
    const res = await h.call('POST', `/tasks/${nodeId}/${task.id}/watch`, { token: outsider.token })
    expect(res.status).toBe(404)
    expect(res.body.detail[0].type).toBe('tasks.task_not_found')
  })

  it('a right taken away after it was made: the notification is no longer listed or counted', async () => {
    const user = await userWith(h, nodeId, ['task_view'])
    const task = await makeTask(h, author.token, nodeId, processId, { assignee_id: user.id })
    expect(about(await inbox(user), task.id)).toEqual(['assigned'])
    const before = await unread(user)
    expect(before).toBeGreaterThan(0)
    const grant = (keys: string[] | null) =>
      h.call('POST', `/rights/${nodeId}`, {
        token: w.adminToken,
        body: { user_id: user.id, right_code: 'task_view', attributes: keys },
      })
    expect((await grant([otherProcessKey])).status).toBeLessThan(300)
    expect(about(await inbox(user), task.id)).toEqual([])
    expect(await unread(user)).toBe(before - 1)
    // Given back: there again.
    expect((await grant([processKey])).status).toBeLessThan(300)
    expect(about(await inbox(user), task.id)).toEqual(['assigned'])
  })
})

describe('preferences', () => {
  it('off: nothing; email: in the app and marked for the e-mail plugin; other processes and kinds untouched', async () => {
    const user = await userWith(h, nodeId, ['task_view', 'task_edit'])
    const put = await h.call('PUT', `/notifications/${nodeId}/preferences`, {
      token: user.token,
      body: {
        items: [
          { process_id: processId, kind: 'assigned', channel: 'off' },
          { process_id: processId, kind: 'mention', channel: 'email' },
        ],
      },
    })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    const task = await makeTask(h, author.token, nodeId, processId, { assignee_id: user.id })
    await comment(author, task.id, `@${user.email} look`)
    expect(about(await inbox(user), task.id)).toEqual(['mention'])
    const made = await rows<{ kind: string; email: string | null }>(
      sql`select kind, email from notifications where user_id = ${user.id} and task_id = ${task.id}`,
    )
    // Marked for e-mail: pending, or passed over once the e-mail worker saw no configuration here.
    expect(made).toHaveLength(1)
    expect(made[0]!.kind).toBe('mention')
    expect(['pending', 'skipped']).toContain(made[0]!.email)
    // The status kind was not chosen: in the app only.
    await edit(author, task.id, { status_id: statusIds[1] })
    await settle()
    const status = await rows<{ email: string | null }>(
      sql`select email from notifications where user_id = ${user.id} and task_id = ${task.id} and kind = 'status'`,
    )
    expect(status).toEqual([{ email: null }])
  })
})

/** Another instance over the same database: its own pool on PostgreSQL; on PGlite the same database. */
async function otherInstance(): Promise<{
  app: FastifyInstance
  database: Database
  close(): Promise<void>
}> {
  if (h.database.kind === 'pglite') {
    const app = await buildApp(h.config, h.database, { logger: false })
    return { app, database: h.database, close: () => app.close() }
  }
  const database = await openDatabase({
    databaseUrl: h.config.DATABASE_URL,
    dataDir: h.config.dataDir,
    migrate: false,
  })
  const app = await buildApp(h.config, database, { logger: false })
  return {
    app,
    database,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

describe('exactly once per event', () => {
  it('two upstream instances consuming the same database: one notification and one event each', async () => {
    const other = await otherInstance()
    try {
      const from = told.length
      const tasks = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          makeTask(h, author.token, nodeId, processId, { assignee_id: bob.id, title: `Once ${i}` }),
        ),
      )
      // Written through the other instance too.
      for (let i = 0; i < 4; i++) {
        const res = await other.app.inject({
          method: 'POST',
          url: `/api/tasks/${nodeId}/${processId}`,
          headers: { authorization: `Bearer ${author.token}` },
          payload: { title: `Other ${i}`, assignee_id: bob.id },
        })
        expect(res.statusCode, res.body).toBe(201)
        tasks.push(JSON.parse(res.body).data)
      }
      await settle(other.app)
      const ids = tasks.map((t) => t.id)
      const made = await rows<{ task_id: string; n: number }>(sql`
        select task_id, count(*)::int as n from notifications
         where user_id = ${bob.id} and kind = 'assigned' and task_id in ${sql.raw(`('${ids.join("','")}')`)}
         group by task_id`)
      expect(made).toHaveLength(12)
      expect(made.every((r) => r.n === 1)).toBe(true)
      // Their events, once each (seen here whichever instance made them).
      await h.app.events.read()
      const events = told.slice(from).filter((e) => ids.includes(e.data.notification.task.id))
      expect(events).toHaveLength(12)

      // A replay (a lease lost mid-batch, a crash before the position was saved): nothing more.
      await h.database.db.execute(sql`
        update event_consumers set last_txid = '0'::xid8, last_id = 0, leased_by = null where name = 'notifications'`)
      await settle(other.app)
      const again = await rows<{ n: number }>(sql`
        select count(*)::int as n from notifications
         where user_id = ${bob.id} and task_id in ${sql.raw(`('${ids.join("','")}')`)}`)
      expect(again[0]!.n).toBe(12)
      await h.app.events.read()
      expect(told.slice(from).filter((e) => ids.includes(e.data.notification.task.id))).toHaveLength(12)
    } finally {
      await other.close()
    }
  })

  it('the same event handled by both at the same moment: the unique key lets one through', async () => {
    const other = await otherInstance()
    try {
      const seen: NodusEvent<'task.created'>[] = []
      const stop = h.app.events.subscribe('task.created', (e) => {
        seen.push(e)
      })
      // Made straight in the outbox's terms: the consumers' own position is past it already.
      const task = await makeTask(h, author.token, nodeId, processId, { assignee_id: carol.id })
      stop()
      await settle(other.app)
      const event = seen.find((e) => e.data.task.id === task.id)!
      await h.database.db.execute(sql`delete from notifications where task_id = ${task.id}`)
      const from = told.length
      await Promise.all([
        makeNotifications(h.database.db, event),
        makeNotifications(other.database.db, event),
      ])
      const made = await rows<{ n: number }>(
        sql`select count(*)::int as n from notifications where task_id = ${task.id}`,
      )
      expect(made[0]!.n).toBe(1)
      await h.app.events.read()
      expect(told.slice(from).filter((e) => e.data.notification.task.id === task.id)).toHaveLength(1)
    } finally {
      await other.close()
    }
  })
})
