import { isIP } from 'node:net'
import { type AllowPrivate, resolveTarget } from '@domain/outbound/guard.server'
import type { SmtpSecurity } from '@domain/plugins/email'
import { createTransport } from 'nodemailer'
import { type SmtpFailure, short, smtpFailure } from './smtp-errors'

/*
 * One e-mail through the configuration's SMTP server (nodemailer). The host is resolved here through
 * the outbound guard (ADR 027: every address checked, loopback and private networks refused unless
 * OUTBOUND_ALLOW_PRIVATE=1 or SMTP_ALLOW_PRIVATE=1), then connected to by that address with the
 * name kept for the certificate, so the address checked is the one connected to.
 * Nothing is logged by the transport, so the password never reaches a log.
 */

export interface SmtpSettings {
  host: string
  port: number
  security: SmtpSecurity
  user: string
  password: string
  from: string
  fromName: string
}

export interface SmtpOptions {
  timeoutMs: number
  /** Read at every send: a changed opt-in counts at once. */
  allowPrivate: AllowPrivate
  /** '0' in SMTP_TLS_VERIFY: a relay's self-signed certificate is accepted. */
  verifyTls: boolean
}

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  /** Stable per notification or digest, so a receiver can tell a resend. */
  messageId: string
  language: string
}

export type SendResult = { ok: true; answer: string } | ({ ok: false } & SmtpFailure)

const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** The settings as stored (an older switch for TLS read as STARTTLS or none). */
export function smtpSettings(s: Record<string, unknown>): SmtpSettings {
  const tls = s.tls === true ? 'starttls' : s.tls === false ? 'none' : s.tls
  return {
    host: str(s.host),
    port: typeof s.port === 'number' ? s.port : 587,
    security: tls === 'none' || tls === 'tls' ? tls : 'starttls',
    user: str(s.user),
    password: str(s.password),
    from: str(s.from),
    fromName: str(s.from_name),
  }
}

export async function sendMail(s: SmtpSettings, mail: OutgoingMail, o: SmtpOptions): Promise<SendResult> {
  const where = { host: s.host, port: s.port }
  let transport: ReturnType<typeof createTransport> | undefined
  let timer: NodeJS.Timeout | undefined
  try {
    const { address } = await resolveTarget(s.host, o.allowPrivate)
    transport = createTransport({
      host: address,
      port: s.port,
      secure: s.security === 'tls',
      requireTLS: s.security === 'starttls',
      ignoreTLS: s.security === 'none',
      auth: s.user ? { user: s.user, pass: s.password } : undefined,
      connectionTimeout: o.timeoutMs,
      greetingTimeout: o.timeoutMs,
      socketTimeout: o.timeoutMs,
      logger: false,
      debug: false,
      tls: {
        rejectUnauthorized: o.verifyTls,
        ...(isIP(s.host.replace(/^\[|\]$/g, '')) ? {} : { servername: s.host }),
      },
    })
    const sending = transport.sendMail({
      from: s.fromName ? { name: s.fromName, address: s.from } : s.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      headers: { 'Content-Language': mail.language, 'Auto-Submitted': 'auto-generated' },
    })
    // A server that accepts the connection and then says nothing costs one timeout, not a stuck worker.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
        o.timeoutMs * 3,
      )
    })
    const info = await Promise.race([sending, deadline])
    return { ok: true, answer: short(String(info.response ?? '')) }
  } catch (err) {
    return { ok: false, ...smtpFailure(err, where) }
  } finally {
    clearTimeout(timer)
    transport?.close()
  }
}
