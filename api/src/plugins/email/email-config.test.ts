import type { AddressInfo } from 'node:net'
import { createServer, type Server } from 'node:net'
import type { OutboundEnv } from '@domain/outbound/policy'
import { email } from '@domain/plugins/email'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/smtp-receiver'
import { makeTask, makeTaskProcess, userWith } from '../../../test/task-factories'
import { startWorkflowApi } from '../../../test/workflow-factories'
import { outboundProblems } from '../outbound'
import { emailWorker } from './start'
import { EmailWorker } from './worker'

/*
 * The e-mail plugin's configuration and "send a test" against a real SMTP server started here:
 * the mail reaches the administrator who asked, the server's answer comes back; a wrong password,
 * a refused connection and a server that never answers each give their own translated error; the
 * password is never answered, shown in the history or logged; another node's configuration is 404;
 * the user's e-mail preference call refuses bad input and changes nothing.
 */

let w: Awaited<ReturnType<typeof startWorkflowApi>>
let smtp: SmtpReceiver
let silent: Server
let silentPort: number
let configId: string

const call = (method: string, path: string, token: string, body?: unknown) =>
  w.h.call(method, path, { token, body })
const settings = (extra: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: smtp.port,
  tls: 'none',
  user: smtp.user,
  password: smtp.password,
  from: 'nodus@example.com',
  from_name: 'Nodus',
  ...extra,
})
const test = (id = configId, nodeId = w.startId) =>
  call('POST', `/plugin-configs/${nodeId}/${id}/test`, w.adminToken)

beforeAll(async () => {
  smtp = await startSmtpReceiver()
  // Accepts connections and never says a word: the SMTP greeting never comes.
  silent = createServer(() => {})
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r))
  silentPort = (silent.address() as AddressInfo).port
  w = await startWorkflowApi({ SMTP_ALLOW_PRIVATE: '1', SMTP_TIMEOUT_MS: '800' })
  const res = await call('POST', `/plugin-configs/${w.startId}/email`, w.adminToken, {
    name: 'Office SMTP',
    settings: settings(),
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  configId = res.body.data.id
})
afterAll(async () => {
  await w?.h.close()
  await smtp?.close()
  await new Promise((r) => silent?.close(r))
})

describe('the e-mail configuration', () => {
  it('keeps the password write-only: answered as set, masked in the history', async () => {
    const one = await call('GET', `/plugin-configs/${w.startId}/${configId}`, w.adminToken)
    expect(one.status).toBe(200)
    expect(one.body.data.settings).toEqual({
      ...settings(),
      password: { set: true },
    })
    const list = await call('GET', `/plugin-configs/${w.startId}`, w.adminToken)
    const history = await call('GET', `/plugin-configs/${w.startId}/${configId}/history`, w.adminToken)
    for (const answer of [one, list, history])
      expect(JSON.stringify(answer.body)).not.toContain(smtp.password)
    expect(JSON.stringify(history.body)).toContain('••••••••')
  })

  it('offers none, STARTTLS and TLS and refuses anything else, saving nothing', async () => {
    const bad = await call('PATCH', `/plugin-configs/${w.startId}/${configId}`, w.adminToken, {
      settings: { tls: 'ssl3', port: 70000 },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toContain('body.settings.tls')
    const after = await call('GET', `/plugin-configs/${w.startId}/${configId}`, w.adminToken)
    expect(after.body.data.settings.tls).toBe('none')
  })

  it('refuses a loopback or private SMTP host unless SMTP_ALLOW_PRIVATE', async () => {
    const where = ['body', 'settings']
    const check = (env: OutboundEnv, host: string) =>
      outboundProblems(env, email, { host }, where).then((ds) => ds.map((d) => d.type))
    for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '::1', 'mail.internal'])
      expect([host, await check({}, host)]).toEqual([host, ['plugins.private_target']])
    expect(await check({}, 'smtp.example.com')).toEqual([])
    expect(await check({ SMTP_ALLOW_PRIVATE: '1' }, '127.0.0.1')).toEqual([])
    expect(await check({ OUTBOUND_ALLOW_PRIVATE: '1' }, '127.0.0.1')).toEqual([])
    // The webhooks' switch opens webhooks only.
    expect(await check({ WEBHOOKS_ALLOW_PRIVATE: '1' }, '127.0.0.1')).toEqual(['plugins.private_target'])
  })
})

describe('send a test', () => {
  it('mails the administrator who asked (authenticated) and answers what the server said', async () => {
    const res = await test()
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const [d] = res.body.detail
    expect(d.type).toBe('plugins.email.test_sent')
    expect(d.ctx.to).toBe('admin@example.com')
    expect(d.ctx.answer).toMatch(/^250/)
    const [got] = smtp.to('admin@example.com')
    expect(got!.mail.subject).toBe('Nodus: тестовое письмо')
    expect(got!.mail.text).toContain('start')
  })

  it('says the password was refused', async () => {
    await call('PATCH', `/plugin-configs/${w.startId}/${configId}`, w.adminToken, {
      settings: { password: 'not-the-password' },
    })
    const res = await test()
    expect(res.status).toBe(422)
    expect(res.body.detail[0]).toMatchObject({ type: 'plugins.email.auth_failed' })
    expect(res.body.detail[0].ctx.answer).toMatch(/535/)
    expect(JSON.stringify(res.body)).not.toContain('not-the-password')
    await call('PATCH', `/plugin-configs/${w.startId}/${configId}`, w.adminToken, {
      settings: { password: smtp.password },
    })
  })

  it('says the connection was refused, or that the server did not answer in time', async () => {
    const free = createServer()
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', r))
    const closedPort = (free.address() as AddressInfo).port
    await new Promise((r) => free.close(r))
    await call('PATCH', `/plugin-configs/${w.startId}/${configId}`, w.adminToken, {
      settings: { port: closedPort },
    })
    const refused = await test()
    expect(refused.status).toBe(422)
    expect(refused.body.detail[0]).toMatchObject({
      type: 'plugins.email.refused',
      ctx: { host: '127.0.0.1', port: closedPort },
    })
    await call('PATCH', `/plugin-configs/${w.startId}/${configId}`, w.adminToken, {
      settings: { port: silentPort },
    })
    const started = Date.now()
    const timeout = await test()
    expect(timeout.status).toBe(422)
    expect(timeout.body.detail[0]).toMatchObject({ type: 'plugins.email.timeout' })
    expect(Date.now() - started).toBeLessThan(5_000)
    await call('PATCH', `/plugin-configs/${w.startId}/${configId}`, w.adminToken, {
      settings: { port: smtp.port },
    })
  })

  it('never logs the password, even when the server refuses it', async () => {
    // This file's own worker from here on, with a log that keeps what it is given.
    await emailWorker(w.h.app.plugins).stop()
    const logged: string[] = []
    const log = { error: (obj: object, msg: string) => void logged.push(`${JSON.stringify(obj)} ${msg}`) }
    const worker = new EmailWorker(w.h.database.db, w.h.app.secretBox, log, emailWorker(w.h.app.plugins).opts)
    await call('PATCH', `/plugin-configs/${w.startId}/${configId}`, w.adminToken, {
      settings: { password: 'Wrong-Secret-Value-77' },
    })
    const { process } = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
    const bob = await userWith(w.h, w.startId, ['task_view'])
    await call('PUT', `/notifications/${w.startId}/preferences`, bob.token, {
      items: [{ process_id: process.id, kind: 'assigned', channel: 'email' }],
    })
    await makeTask(w.h, w.adminToken, w.startId, process.id, { assignee_id: bob.id })
    for (let i = 0; i < 2; i++) await w.h.app.events.drain()
    await worker.run()
    expect(logged.join('\n')).toMatch(/auth failed: 535/)
    expect(logged.join('\n')).not.toContain('Wrong-Secret-Value-77')
    await call('PATCH', `/plugin-configs/${w.startId}/${configId}`, w.adminToken, {
      settings: { password: smtp.password },
    })
  })
})

describe('checked again when it is mailed', () => {
  it('a task the user may no longer see is not mailed', async () => {
    // The app's worker was stopped above: this one runs when the test says.
    const worker = new EmailWorker(
      w.h.database.db,
      w.h.app.secretBox,
      { error() {} },
      emailWorker(w.h.app.plugins).opts,
    )
    const { process } = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
    const eve = await userWith(w.h, w.startId, [`task_view:${process.key}`])
    await call('PUT', `/notifications/${w.startId}/preferences`, eve.token, {
      items: [{ process_id: process.id, kind: 'assigned', channel: 'email' }],
    })
    const seen = await makeTask(w.h, w.adminToken, w.startId, process.id, {
      assignee_id: eve.id,
      title: 'Seen',
    })
    for (let i = 0; i < 2; i++) await w.h.app.events.drain()
    await worker.run()
    expect(smtp.to(eve.email).map((r) => r.mail.subject)).toEqual([`Вам назначена задача ${seen.key}: Seen`])
    // Another one is made while she can see it; the right is taken away before it is mailed.
    const later = await makeTask(w.h, w.adminToken, w.startId, process.id, {
      assignee_id: eve.id,
      title: 'Later',
    })
    for (let i = 0; i < 2; i++) await w.h.app.events.drain()
    await w.h.database.db.execute(
      sql`delete from rights where subject_id = ${eve.id} and right_code = 'task_view'`,
    )
    await worker.run()
    expect(smtp.to(eve.email)).toHaveLength(1)
    const [row] = (
      (await w.h.database.db.execute(
        sql`select email, email_error from notifications where task_id = ${later.id}`,
      )) as unknown as { rows: { email: string; email_error: string }[] }
    ).rows
    expect(row).toEqual({ email: 'skipped', email_error: 'read or not visible' })
  })
})

describe('tenant isolation', () => {
  it('another node’s configuration is 404 for every call, and nothing is sent', async () => {
    const other = await call('POST', `/plugin-configs/${w.demoId}/email`, w.adminToken, {
      name: 'Demo SMTP',
      settings: settings(),
    })
    expect(other.status, JSON.stringify(other.body)).toBe(201)
    const before = smtp.received.length
    for (const [method, suffix] of [
      ['GET', ''],
      ['PATCH', ''],
      ['POST', '/test'],
      ['GET', '/history'],
    ] as const) {
      const body = method === 'PATCH' ? { name: 'taken over' } : undefined
      const res = await call(
        method,
        `/plugin-configs/${w.startId}/${other.body.data.id}${suffix}`,
        w.adminToken,
        body,
      )
      expect([method, suffix, res.status]).toEqual([method, suffix, 404])
    }
    expect(smtp.received.length).toBe(before)
  })

  it('a user of another node cannot read or set an e-mail preference there', async () => {
    const stranger = await userWith(w.h, w.startId, ['task_view'])
    for (const method of ['GET', 'PUT'])
      expect(
        (
          await call(
            method,
            `/notifications/${w.demoId}/email`,
            stranger.token,
            method === 'PUT'
              ? { mode: 'digest', digest_time: '09:00', time_zone: 'UTC', language: 'en' }
              : undefined,
          )
        ).status,
      ).toBe(404)
  })
})

describe('the user’s e-mail preference', () => {
  it('defaults, saves, and refuses a bad time or zone with its code, changing nothing', async () => {
    const u = await userWith(w.h, w.startId, ['task_view'])
    const first = await call('GET', `/notifications/${w.startId}/email`, u.token)
    expect(first.body.data).toEqual({
      mode: 'instant',
      digest_time: '09:00',
      time_zone: 'UTC',
      language: 'ru',
      available: true,
      saved: false,
    })
    const good = { mode: 'digest', digest_time: '18:45', time_zone: 'Europe/Moscow', language: 'zh' }
    const saved = await call('PUT', `/notifications/${w.startId}/email`, u.token, good)
    expect(saved.status).toBe(200)
    expect(saved.body.data).toEqual({ ...good, available: true, saved: true })
    for (const [body, code, field] of [
      [{ ...good, digest_time: '25:00' }, 'notifications.digest_time', 'digest_time'],
      [{ ...good, time_zone: 'Mars/Olympus' }, 'notifications.time_zone', 'time_zone'],
      [{ ...good, mode: 'hourly' }, 'value_error.enum', 'mode'],
      [{ ...good, language: 'de' }, 'value_error.enum', 'language'],
      [{ ...good, extra: 1 }, 'value_error.extra', undefined],
    ] as const) {
      const res = await call('PUT', `/notifications/${w.startId}/email`, u.token, body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.detail[0].type).toBe(code)
      if (field) expect(res.body.detail[0].loc).toEqual(['body', field])
    }
    const after = await call('GET', `/notifications/${w.startId}/email`, u.token)
    expect(after.body.data).toEqual({ ...good, available: true, saved: true })
  })
})
