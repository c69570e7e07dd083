import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/*
 * A real SMTP server for the tests (the npm smtp-server package), on a loopback port: it checks a
 * user and password, keeps every mail it accepted, parsed (mailparser), and can be closed and opened
 * again on the same port (a server that is down, then back).
 */

export interface Received {
  to: string[]
  mail: ParsedMail
  raw: string
}

export interface SmtpReceiver {
  port: number
  user: string
  password: string
  received: Received[]
  /** Every AUTH the server was sent, right or wrong, in arrival order. */
  auths: { username: string; password: string }[]
  /** Mails to one address, in arrival order. */
  to(address: string): Received[]
  /** Until the next close/open: every mail refused with this SMTP answer code. */
  refuseWith(code: number | null): void
  close(): Promise<void>
  open(): Promise<void>
}

export async function startSmtpReceiver(
  opts: { user?: string; password?: string } = {},
): Promise<SmtpReceiver> {
  const user = opts.user ?? 'mailer'
  const password = opts.password ?? 'smtp-password-Secret-42'
  const received: Received[] = []
  const auths: { username: string; password: string }[] = []
  let refusing: number | null = null
  const make = () =>
    new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: false,
      logger: false,
      onAuth(auth, _session, cb) {
        auths.push({ username: auth.username ?? '', password: auth.password ?? '' })
        if (auth.username === user && auth.password === password) return cb(null, { user })
        cb(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }))
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', async () => {
          if (refusing) return cb(Object.assign(new Error('Try again later'), { responseCode: refusing }))
          const raw = Buffer.concat(chunks).toString('utf8')
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            mail: await simpleParser(raw),
            raw,
          })
          cb()
        })
      },
    })
  let server = make()
  server.on('error', () => {})
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    user,
    password,
    received,
    auths,
    to: (address) => received.filter((r) => r.to.includes(address)),
    refuseWith(code) {
      refusing = code
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
    async open() {
      server = make()
      server.on('error', () => {})
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
    },
  }
}
