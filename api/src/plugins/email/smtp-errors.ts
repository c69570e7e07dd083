import { PrivateTargetError } from '@domain/outbound/guard.server'

/*
 * What went wrong talking to an SMTP server, as a catalogue code the admin reads in their language
 * ("send a test") and a short reason the worker keeps (notifications.email_error). Never the
 * credentials: nodemailer's errors carry the server's answer and the command, not what was sent.
 */

export interface SmtpFailure {
  code: string
  ctx: Record<string, string | number>
  /** One line for the log and the row. */
  reason: string
}

interface NodemailerError {
  code?: string
  errno?: string | number
  responseCode?: number
  response?: string
  message?: string
  command?: string
  cause?: unknown
}

const REASON_MAX = 300

export const short = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, REASON_MAX)

/** Every text an error carries, its causes' too (a socket error wrapped by nodemailer). */
function texts(err: NodemailerError): string {
  const parts = [err.code, err.errno, err.message]
  if (err.cause && typeof err.cause === 'object') parts.push(texts(err.cause as NodemailerError))
  return parts.filter((p) => p !== undefined).join(' ')
}

export function smtpFailure(raw: unknown, where: { host: string; port: number }): SmtpFailure {
  const hostPort = { host: where.host, port: where.port }
  if (raw instanceof PrivateTargetError)
    return { code: 'plugins.private_target', ctx: {}, reason: `refused: ${where.host} is a private address` }
  const err = (raw && typeof raw === 'object' ? raw : { message: String(raw) }) as NodemailerError
  const all = texts(err)
  const answer = short(err.response ?? err.message ?? '')
  if (err.code === 'EAUTH' || err.responseCode === 535 || err.responseCode === 534)
    return { code: 'plugins.email.auth_failed', ctx: { answer }, reason: `auth failed: ${answer}` }
  if (/ECONNREFUSED/.test(all))
    return {
      code: 'plugins.email.refused',
      ctx: hostPort,
      reason: `connection refused by ${where.host}:${where.port}`,
    }
  if (/ENOTFOUND|EAI_AGAIN|EDNS/.test(all))
    return {
      code: 'plugins.email.host_unknown',
      ctx: { host: where.host },
      reason: `no such host ${where.host}`,
    }
  if (/ETIMEDOUT|timeout|Greeting never received/i.test(all))
    return {
      code: 'plugins.email.timeout',
      ctx: hostPort,
      reason: `no answer from ${where.host}:${where.port} in time`,
    }
  if (err.code === 'ETLS' || /certificate|ssl|tls|wrong version number/i.test(all))
    return {
      code: 'plugins.email.tls_failed',
      ctx: { reason: short(err.message ?? '') },
      reason: `TLS: ${short(err.message ?? '')}`,
    }
  if (err.responseCode)
    return { code: 'plugins.email.rejected', ctx: { answer }, reason: `rejected: ${answer}` }
  const reason = short(err.message ?? String(raw))
  return { code: 'plugins.email.failed', ctx: { reason }, reason }
}
