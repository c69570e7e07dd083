import { privateAllowance } from '@domain/outbound/policy'
import type { Config } from '../../config'
import type { PluginRuntime } from '../runtime'
import type { StartContext } from '../types'
import type { SmtpOptions } from './smtp'
import { EmailWorker } from './worker'

/** How this server talks to SMTP servers, and the address its mails link to. */
export const smtpOptionsOf = (config: Config): SmtpOptions & { publicUrl: string } => ({
  publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT ?? 3000}`,
  timeoutMs: config.SMTP_TIMEOUT_MS,
  allowPrivate: privateAllowance(config, 'smtp'),
  verifyTls: config.SMTP_TLS_VERIFY === '1',
})

/** What e-mail runs beside the API: its worker, woken by every new notification and on a timer. */
export async function startEmail({ db, box, events, config, log }: StartContext) {
  const mails = new EmailWorker(db, box, log, {
    ...smtpOptionsOf(config),
    retryBaseMs: config.EMAIL_RETRY_BASE_MS,
    pollMs: config.EMAIL_POLL_MS,
  })
  events.subscribe('notification.created', () => mails.wake())
  mails.start()
  return mails
}

/** The running e-mail worker (a test runs a pass or stops it). */
export const emailWorker = (rt: PluginRuntime) => rt.running('email') as EmailWorker
