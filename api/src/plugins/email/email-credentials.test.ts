import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/smtp-receiver'
import { startWorkflowApi } from '../../../test/workflow-factories'

/*
 * The SMTP password is bound to the server it is sent to (ADR 027), against the real SMTP server
 * of the e-mail tests: changing the host, port, protection or user without typing the password
 * again drops it (the answer says `{ set: false }`, the history says it was cleared, and "send a
 * test" never offers the old password to the new address); changing anything else keeps it;
 * typing it again in the same request keeps it. The SMTP host is checked on every connection.
 */

let w: Awaited<ReturnType<typeof startWorkflowApi>>
let smtp: SmtpReceiver
let id: string

const base = () => ({
  host: '127.0.0.1',
  port: smtp.port,
  tls: 'none',
  user: smtp.user,
  password: smtp.password,
  from: 'nodus@example.com',
  from_name: 'Nodus',
})
const patch = (settings: Record<string, unknown>) =>
  w.h.call('PATCH', `/plugin-configs/${w.startId}/${id}`, { token: w.adminToken, body: { settings } })
const sendTest = () => w.h.call('POST', `/plugin-configs/${w.startId}/${id}/test`, { token: w.adminToken })
const history = async () =>
  (await w.h.call('GET', `/plugin-configs/${w.startId}/${id}/history`, { token: w.adminToken })).body.data
/** AUTH attempts since `from` that carried the stored password. */
const oldPasswordSent = (from: number) => smtp.auths.slice(from).filter((a) => a.password === smtp.password)

beforeAll(async () => {
  smtp = await startSmtpReceiver()
  w = await startWorkflowApi({ SMTP_ALLOW_PRIVATE: '1', SMTP_TIMEOUT_MS: '800' })
  const res = await w.h.call('POST', `/plugin-configs/${w.startId}/email`, {
    token: w.adminToken,
    body: { name: 'Office SMTP', settings: base() },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  id = res.body.data.id
})
afterAll(async () => {
  await w?.h.close()
  await smtp?.close()
})

describe('the SMTP password, bound to its server', () => {
  it('is dropped when the host changes without it: the test never sends it to the new host', async () => {
    expect((await sendTest()).status).toBe(200)
    const from = smtp.auths.length
    const mails = smtp.received.length
    // The same receiver under another name: an attacker's host would be reached the same way.
    const moved = await patch({ host: 'localhost' })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body.data.settings.password).toEqual({ set: false })
    expect((await history())[0].changes).toEqual({ 'settings.host': 'localhost', 'settings.password': null })
    const res = await sendTest()
    expect(res.status).toBe(422)
    expect(oldPasswordSent(from)).toEqual([])
    expect(smtp.received.length).toBe(mails)
  })

  it('is kept when typed again in the same request', async () => {
    const res = await patch({ host: '127.0.0.1', password: smtp.password })
    expect(res.body.data.settings.password).toEqual({ set: true })
    const from = smtp.auths.length
    expect((await sendTest()).status).toBe(200)
    expect(oldPasswordSent(from)).toHaveLength(1)
  })

  it('is kept when only other settings change, or the same values are saved again', async () => {
    for (const settings of [
      { from_name: 'Nodus mail' },
      { from: 'robot@example.com' },
      base(),
      { host: '127.0.0.1' },
    ]) {
      const { password: _typed, ...untyped } = settings as Record<string, unknown>
      const res = await patch(untyped)
      expect([untyped, res.status, res.body.data.settings.password]).toEqual([untyped, 200, { set: true }])
    }
    const renamed = await w.h.call('PATCH', `/plugin-configs/${w.startId}/${id}`, {
      token: w.adminToken,
      body: { name: 'Renamed SMTP' },
    })
    expect(renamed.body.data.settings.password).toEqual({ set: true })
    const from = smtp.auths.length
    expect((await sendTest()).status).toBe(200)
    expect(oldPasswordSent(from)).toHaveLength(1)
  })

  it('is dropped when the port, the protection or the user changes without it', async () => {
    for (const change of [{ port: smtp.port + 1 }, { tls: 'starttls' }, { user: 'someone-else' }]) {
      const res = await patch(change)
      expect([change, res.status, res.body.data.settings.password]).toEqual([change, 200, { set: false }])
      const back = await patch({ ...base() })
      expect(back.body.data.settings.password).toEqual({ set: true })
    }
  })

  it('checks the host again on every connection: refused once the opt-in is off', async () => {
    w.h.config.SMTP_ALLOW_PRIVATE = '0'
    try {
      const from = smtp.auths.length
      const res = await sendTest()
      expect([res.status, res.body.detail[0].type]).toEqual([422, 'plugins.private_target'])
      expect(smtp.auths.length).toBe(from)
    } finally {
      w.h.config.SMTP_ALLOW_PRIVATE = '1'
    }
  })
})
