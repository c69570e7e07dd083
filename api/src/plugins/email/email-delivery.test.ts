import { type AddressInfo, createServer } from 'node:net'
import { nextDigestAt } from '@domain/notifications/email'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/smtp-receiver'
import { makeTask, makeTaskProcess, userWith } from '../../../test/task-factories'
import { startWorkflowApi } from '../../../test/workflow-factories'
import { emailWorker } from './start'
import { EmailWorker } from './worker'

/*
 * Notifications by e-mail through a real SMTP server started here (smtp-server, mails parsed with
 * mailparser): each one as it happens in the user's language with a link to the card on the node's
 * address; the daily digest holding only what is still unread, none when all is read; retries after
 * the server was down; each mail once, also with a second worker and after a restart; nothing
 * from a node without an enabled configuration.
 */

type User = Awaited<ReturnType<typeof userWith>>
let w: Awaited<ReturnType<typeof startWorkflowApi>>
let smtp: SmtpReceiver
let configId: string
let processId: string
let processKey: string
let bob: User
let carol: User
let dave: User

const call = (method: string, path: string, token: string, body?: unknown) =>
  w.h.call(method, path, { token, body })
const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await w.h.database.db.execute(q)) as unknown as { rows: T[] }).rows

/** Everything committed so far made into notifications, then mailed (what is due). */
async function settle() {
  for (let i = 0; i < 2; i++) await w.h.app.events.drain()
  await emailWorker(w.h.app.plugins).run()
}

async function wantsEmail(u: User, pref: Record<string, unknown>) {
  const kinds = ['assigned', 'status', 'mention', 'comment'] as const
  const res = await call('PUT', `/notifications/${w.startId}/preferences`, u.token, {
    items: kinds.map((kind) => ({ process_id: processId, kind, channel: 'email' })),
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  const saved = await call('PUT', `/notifications/${w.startId}/email`, u.token, {
    mode: 'instant',
    digest_time: '09:00',
    time_zone: 'UTC',
    language: 'ru',
    ...pref,
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
}

const assign = (u: User, title: string) =>
  makeTask(w.h, w.adminToken, w.startId, processId, { assignee_id: u.id, title })

beforeAll(async () => {
  smtp = await startSmtpReceiver()
  w = await startWorkflowApi({
    SMTP_ALLOW_PRIVATE: '1',
    SMTP_TIMEOUT_MS: '2000',
    EMAIL_RETRY_BASE_MS: '50',
    EMAIL_POLL_MS: '600000',
    PUBLIC_URL: 'https://nodus.example.com',
  })
  const made = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
  processId = made.process.id
  processKey = made.process.key
  const worker = ['task_view', 'task_edit', 'task_create']
  ;[bob, carol, dave] = await Promise.all([
    userWith(w.h, w.startId, worker),
    userWith(w.h, w.startId, worker),
    userWith(w.h, w.startId, worker),
  ])
  const res = await call('POST', `/plugin-configs/${w.startId}/email`, w.adminToken, {
    name: 'Office SMTP',
    settings: {
      host: '127.0.0.1',
      port: smtp.port,
      tls: 'none',
      user: smtp.user,
      password: smtp.password,
      from: 'nodus@example.com',
      from_name: 'Nodus Start',
    },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  configId = res.body.data.id
})
afterAll(async () => {
  await w?.h.close()
  await smtp?.close()
})

describe('each notification as it happens', () => {
  it('mails the assignee in their language, with a link to the card on the node’s own address', async () => {
    await wantsEmail(bob, { language: 'en' })
    await wantsEmail(carol, { language: 'zh' })
    const forBob = await assign(bob, 'Fix the <roof>')
    const forCarol = await assign(carol, 'Paint the fence')
    await settle()
    const [got] = smtp.to(bob.email)
    expect(got, 'a mail to bob').toBeDefined()
    const m = got!.mail
    expect(m.subject).toBe(`Assigned to you: ${forBob.key} Fix the <roof>`)
    expect(m.from?.value[0]).toEqual({ address: 'nodus@example.com', name: 'Nodus Start' })
    const link = `https://start.nodus.example.com/lk/t/${processKey}/${forBob.key}`
    expect(m.text).toContain('assigned a task to you')
    expect(m.text).toContain(link)
    expect(m.html).toContain(`href="${link}"`)
    // The title is escaped in the HTML, never markup.
    expect(m.html).toContain('Fix the &lt;roof&gt;')
    expect(m.headers.get('content-language')).toBe('en')
    expect(m.messageId).toMatch(/^<n\.[0-9a-f-]{36}@start\.nodus\.example\.com>$/)
    const [zh] = smtp.to(carol.email)
    expect(zh!.mail.subject).toBe(`分配给您的任务 ${forCarol.key}：Paint the fence`)
    expect(zh!.mail.text).toContain('将任务分配给您')
    const state = await rows<{ email: string; email_attempts: number }>(
      sql`select email, email_attempts from notifications where task_id = ${forBob.id}`,
    )
    expect(state).toEqual([{ email: 'sent', email_attempts: 1 }])
  })

  it('sends nothing to a user whose e-mail is off, or for a kind left in the app', async () => {
    await wantsEmail(dave, { mode: 'off' })
    await assign(dave, 'Quiet one')
    const res = await call('PUT', `/notifications/${w.startId}/preferences`, bob.token, {
      items: [{ process_id: processId, kind: 'assigned', channel: 'app' }],
    })
    expect(res.status).toBe(200)
    const before = smtp.received.length
    await assign(bob, 'App only')
    await settle()
    expect(smtp.received.length).toBe(before)
    expect(smtp.to(dave.email)).toEqual([])
    await wantsEmail(bob, { language: 'en' })
  })

  it('tries again after the server was down, and sends once it is back', async () => {
    await smtp.close()
    const task = await assign(bob, 'While down')
    await settle()
    const [first] = await rows<{ email: string; email_attempts: number; email_error: string }>(
      sql`select email, email_attempts, email_error from notifications where task_id = ${task.id}`,
    )
    expect(first).toMatchObject({ email: 'pending', email_attempts: 1 })
    expect(first!.email_error).toMatch(/connection refused/)
    await smtp.open()
    // A 4xx answer is tried again too.
    smtp.refuseWith(451)
    await new Promise((r) => setTimeout(r, 80))
    await emailWorker(w.h.app.plugins).run()
    smtp.refuseWith(null)
    await new Promise((r) => setTimeout(r, 200))
    await emailWorker(w.h.app.plugins).run()
    const mails = smtp.to(bob.email).filter((r) => r.mail.subject?.includes('While down'))
    expect(mails).toHaveLength(1)
    const [done] = await rows<{ email: string; email_attempts: number }>(
      sql`select email, email_attempts from notifications where task_id = ${task.id}`,
    )
    expect(done).toEqual({ email: 'sent', email_attempts: 3 })
  })

  it('a server that never answers costs one timeout a pass, not one per mail', async () => {
    await wantsEmail(bob, { language: 'en' })
    const silent = createServer(() => {})
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r))
    const port = (silent.address() as AddressInfo).port
    // A new port drops the stored password unless it is typed again (ADR 027): typed each time.
    const patch = (p: number) =>
      call('PATCH', `/plugin-configs/${w.startId}/${configId}`, w.adminToken, {
        settings: { port: p, password: smtp.password },
      })
    expect((await patch(port)).status).toBe(200)
    const tasks: { id: string; key: string }[] = []
    try {
      await emailWorker(w.h.app.plugins).run()
      for (let i = 0; i < 5; i++) tasks.push(await assign(bob, `Silent ${i}`))
      for (let i = 0; i < 2; i++) await w.h.app.events.drain()
      const started = Date.now()
      await emailWorker(w.h.app.plugins).run()
      // SMTP_TIMEOUT_MS is 2 s here: five mails one after the other would take 10 s.
      expect(Date.now() - started).toBeLessThan(6_000)
      const states = await rows<{ email: string; email_attempts: number; email_error: string }>(
        sql`select email, email_attempts, email_error from notifications
             where task_id in (${sql.join(
               tasks.map((t) => sql`${t.id}`),
               sql`, `,
             )})`,
      )
      expect(states).toHaveLength(5)
      for (const st of states) {
        expect(st.email).toBe('pending')
        expect(st.email_attempts).toBeGreaterThanOrEqual(1)
        expect(st.email_error).toMatch(/no answer/)
      }
    } finally {
      expect((await patch(smtp.port)).status).toBe(200)
      await new Promise((r) => silent.close(r))
    }
    // Back up: each arrives once, at its retry.
    const subjects = tasks.map((t, i) => `Assigned to you: ${t.key} Silent ${i}`)
    await expect
      .poll(
        async () => {
          await emailWorker(w.h.app.plugins).run()
          return smtp
            .to(bob.email)
            .map((r) => r.mail.subject)
            .filter((s) => s?.includes('Silent'))
            .sort()
        },
        { timeout: 15_000, interval: 300 },
      )
      .toEqual(subjects.sort())
  })

  it('sends each mail once: a second worker and a restarted one find nothing left', async () => {
    const before = smtp.received.length
    await assign(bob, 'Exactly once A')
    await assign(bob, 'Exactly once B')
    for (let i = 0; i < 2; i++) await w.h.app.events.drain()
    const opts = emailWorker(w.h.app.plugins).opts
    const log = { error() {} }
    const other = new EmailWorker(w.h.database.db, w.h.app.secretBox, log, opts)
    await Promise.all([emailWorker(w.h.app.plugins).run(), other.run()])
    // "After a restart": a fresh worker over the same database.
    await new EmailWorker(w.h.database.db, w.h.app.secretBox, log, opts).run()
    const subjects = smtp.received.slice(before).map((r) => r.mail.subject)
    expect(subjects.filter((s) => s?.includes('Exactly once A'))).toHaveLength(1)
    expect(subjects.filter((s) => s?.includes('Exactly once B'))).toHaveLength(1)
  })
})

describe('the daily digest', () => {
  /** The digest's time has come: what is held for it falls due now. */
  const digestTime = async (u: User) => {
    await w.h.database.db.execute(
      sql`update notifications set email_next_at = now() where user_id = ${u.id} and email = 'digest'`,
    )
    await emailWorker(w.h.app.plugins).run()
  }

  it('holds notifications for the user’s time in their zone, then mails only what is still unread', async () => {
    await wantsEmail(carol, {
      mode: 'digest',
      digest_time: '08:30',
      time_zone: 'Asia/Shanghai',
      language: 'ru',
    })
    const before = smtp.to(carol.email).length
    const [a, b, c] = [await assign(carol, 'One'), await assign(carol, 'Two'), await assign(carol, 'Three')]
    await settle()
    expect(smtp.to(carol.email).length).toBe(before)
    const held = await rows<{ email: string; at: string }>(
      sql`select email, email_next_at as at from notifications where user_id = ${carol.id} and task_id in (${a.id}, ${b.id}, ${c.id})`,
    )
    const expected = nextDigestAt(new Date(), '08:30', 'Asia/Shanghai').getTime()
    for (const r of held) {
      expect(r.email).toBe('digest')
      expect(Math.abs(new Date(r.at).getTime() - expected)).toBeLessThan(60_000)
    }
    // Carol reads "Two" in the app before the digest goes.
    const inbox = await call('GET', `/notifications/${w.startId}?per_page=50`, carol.token)
    const two = inbox.body.data.find((n: { task: { id: string } }) => n.task.id === b.id)
    expect(
      (await call('POST', `/notifications/${w.startId}/read`, carol.token, { ids: [two.id] })).status,
    ).toBe(200)
    await digestTime(carol)
    const mails = smtp.to(carol.email).slice(before)
    expect(mails).toHaveLength(1)
    const m = mails[0]!.mail
    expect(m.subject).toBe('Непрочитанные уведомления: 2')
    expect(m.text).toContain(`${a.key} One`)
    expect(m.text).toContain(`${c.key} Three`)
    expect(m.text).not.toContain(`${b.key} Two`)
    expect(m.text).toContain(`https://start.nodus.example.com/lk/t/${processKey}/${a.key}`)
    expect(m.html).toContain(`https://start.nodus.example.com/lk/t/${processKey}/${c.key}`)
    const states = await rows<{ task_id: string; email: string }>(
      sql`select task_id, email from notifications where user_id = ${carol.id} and task_id in (${a.id}, ${b.id}, ${c.id})`,
    )
    expect(Object.fromEntries(states.map((s) => [s.task_id, s.email]))).toEqual({
      [a.id]: 'sent',
      [b.id]: 'skipped',
      [c.id]: 'sent',
    })
  })

  it('sends nothing when everything was read by then', async () => {
    const before = smtp.to(carol.email).length
    await assign(carol, 'Read in time')
    await settle()
    expect((await call('POST', `/notifications/${w.startId}/read`, carol.token, { all: true })).status).toBe(
      200,
    )
    await digestTime(carol)
    expect(smtp.to(carol.email).length).toBe(before)
  })

  it('a new choice applies to what waits: switched to each-one, the held one goes now', async () => {
    const before = smtp.to(carol.email).length
    const task = await assign(carol, 'Switched')
    await settle()
    expect(smtp.to(carol.email).length).toBe(before)
    await wantsEmail(carol, { mode: 'instant', language: 'en' })
    await emailWorker(w.h.app.plugins).run()
    const mails = smtp.to(carol.email).slice(before)
    expect(mails.map((r) => r.mail.subject)).toEqual([`Assigned to you: ${task.key} Switched`])
  })
})

describe('without an enabled configuration', () => {
  it('sends nothing, and later switching it on sends no backlog', async () => {
    expect(
      (await call('PATCH', `/plugin-configs/${w.startId}/${configId}`, w.adminToken, { enabled: false }))
        .status,
    ).toBe(200)
    const before = smtp.received.length
    const task = await assign(bob, 'Nobody mails this')
    await settle()
    expect(smtp.received.length).toBe(before)
    const [row] = await rows<{ email: string; email_error: string }>(
      sql`select email, email_error from notifications where task_id = ${task.id}`,
    )
    expect(row).toEqual({ email: 'skipped', email_error: 'no enabled e-mail configuration' })
    expect(
      (await call('PATCH', `/plugin-configs/${w.startId}/${configId}`, w.adminToken, { enabled: true }))
        .status,
    ).toBe(200)
    await emailWorker(w.h.app.plugins).run()
    expect(smtp.received.length).toBe(before)
  })
})
