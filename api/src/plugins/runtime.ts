import { TASK_EVENT_TYPES } from '@domain/events'
import type { Config } from '../config'
import type { Db } from '../db/client'
import type { EventBus } from '../events/bus'
import type { SecretBox } from '../lib/secret-box'
import type { FileStorage } from '../storage/storage'
import { UploadSweeper } from './csv/upload-sweeper'
import type { SmtpOptions } from './email/smtp'
import { EmailWorker } from './email/worker'
import { queueWebhooks, WEBHOOKS_CONSUMER } from './webhooks/queue'
import { DeliveryWorker } from './webhooks/worker'

/*
 * What the plugins run beside the API: the webhooks' durable consumer (events → queued
 * deliveries) and their delivery worker; the e-mail worker, woken by every new notification.
 * Started with the app, stopped before the database closes.
 */

export interface PluginRuntime {
  db: Db
  box: SecretBox
  allowPrivate: boolean
  deliveries: DeliveryWorker
  email: { worker: EmailWorker; smtp: SmtpOptions & { publicUrl: string } }
  csvUploads: UploadSweeper
  stop(): Promise<void>
}

interface Log {
  error(obj: object, msg: string): void
}

export async function startPlugins(
  db: Db,
  box: SecretBox,
  events: EventBus,
  config: Config,
  log: Log,
  storage: FileStorage,
): Promise<PluginRuntime> {
  const allowPrivate = config.WEBHOOKS_ALLOW_PRIVATE === '1'
  const deliveries = new DeliveryWorker(db, box, log, {
    allowPrivate,
    timeoutMs: config.WEBHOOKS_TIMEOUT_MS,
    retryBaseMs: config.WEBHOOKS_RETRY_BASE_MS,
    pollMs: config.WEBHOOKS_POLL_MS,
  })
  await events.consume(
    WEBHOOKS_CONSUMER,
    async (event) => {
      if (await queueWebhooks(db, event)) deliveries.wake()
    },
    { types: TASK_EVENT_TYPES },
  )
  deliveries.start()
  const smtp = {
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT ?? 3000}`,
    timeoutMs: config.SMTP_TIMEOUT_MS,
    allowPrivate: config.SMTP_ALLOW_PRIVATE === '1',
    verifyTls: config.SMTP_TLS_VERIFY === '1',
  }
  const mails = new EmailWorker(db, box, log, {
    ...smtp,
    retryBaseMs: config.EMAIL_RETRY_BASE_MS,
    pollMs: config.EMAIL_POLL_MS,
  })
  events.subscribe('notification.created', () => mails.wake())
  mails.start()
  const csvUploads = new UploadSweeper(storage, log, config.CSV_SWEEP_MS)
  csvUploads.start()
  return {
    db,
    box,
    allowPrivate,
    deliveries,
    email: { worker: mails, smtp },
    csvUploads,
    stop: async () => {
      await Promise.all([deliveries.stop(), mails.stop(), csvUploads.stop()])
    },
  }
}
