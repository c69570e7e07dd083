import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpSettings, sendMail } from './smtp'

/*
 * The SMTP connection's three kinds of protection against real SMTP servers started here (the npm
 * smtp-server package with its own self-signed certificate): TLS from the start, STARTTLS, none;
 * a certificate that does not verify is refused unless SMTP_TLS_VERIFY=0; a server without
 * STARTTLS is refused when STARTTLS is required; private targets and unknown hosts say so.
 */

const servers: SMTPServer[] = []
const subjects: string[] = []

async function serve(opts: SMTPServerOptions): Promise<number> {
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    ...opts,
    onData(stream, _session, cb) {
      simpleParser(stream).then((m) => {
        subjects.push(m.subject ?? '')
        cb()
      }, cb)
    },
  })
  // A client that gives up on the certificate closes mid-handshake: the server reports it, nothing more.
  server.on('error', () => {})
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return (server.server.address() as AddressInfo).port
}

let tlsPort: number
let startTlsPort: number
let plainPort: number

beforeAll(async () => {
  tlsPort = await serve({ secure: true })
  startTlsPort = await serve({ secure: false })
  plainPort = await serve({ secure: false, disabledCommands: ['STARTTLS'] })
})
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))))
})

const settings = (port: number, security: SmtpSettings['security'], host = '127.0.0.1'): SmtpSettings => ({
  host,
  port,
  security,
  user: '',
  password: '',
  from: 'nodus@example.com',
  fromName: 'Nodus',
})
const mail = (subject: string) => ({
  to: 'someone@example.com',
  subject,
  text: 'hello',
  html: '<p>hello</p>',
  messageId: `<${subject}@test>`,
  language: 'en',
})
const opts = { timeoutMs: 3000, allowPrivate: () => true, verifyTls: false }

describe('the SMTP connection', () => {
  it('sends over TLS from the start, over STARTTLS, and in the clear', async () => {
    for (const [port, security, subject] of [
      [tlsPort, 'tls', 'over tls'],
      [startTlsPort, 'starttls', 'over starttls'],
      [plainPort, 'none', 'in the clear'],
    ] as const) {
      const res = await sendMail(settings(port, security), mail(subject.replace(/ /g, '-')), opts)
      expect([security, res.ok]).toEqual([security, true])
    }
    expect(subjects).toEqual(['over-tls', 'over-starttls', 'in-the-clear'])
  })

  it('refuses a certificate that does not verify unless told not to check', async () => {
    const res = await sendMail(settings(tlsPort, 'tls'), mail('unverified'), { ...opts, verifyTls: true })
    expect(res).toMatchObject({ ok: false, code: 'plugins.email.tls_failed' })
    const start = await sendMail(settings(startTlsPort, 'starttls'), mail('unverified2'), {
      ...opts,
      verifyTls: true,
    })
    expect(start).toMatchObject({ ok: false, code: 'plugins.email.tls_failed' })
  })

  it('requires STARTTLS when asked: a server without it is refused, nothing sent in the clear', async () => {
    const before = subjects.length
    const res = await sendMail(settings(plainPort, 'starttls'), mail('must-be-secure'), opts)
    expect(res.ok).toBe(false)
    expect(subjects.length).toBe(before)
  })

  it('refuses a private address unless allowed, and names an unknown host', async () => {
    const res = await sendMail(settings(plainPort, 'none'), mail('private'), {
      ...opts,
      allowPrivate: () => false,
    })
    expect(res).toMatchObject({ ok: false, code: 'plugins.private_target' })
    const unknown = await sendMail(settings(25, 'none', 'no-such-host.invalid'), mail('nowhere'), opts)
    expect(unknown).toMatchObject({
      ok: false,
      code: 'plugins.email.host_unknown',
      ctx: { host: 'no-such-host.invalid' },
    })
  })
})
