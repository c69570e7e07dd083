import type { AllowPrivate } from '@domain/outbound/guard.server'
import type { Db } from '../../db/client'
import type { SecretBox } from '../../lib/secret-box'
import { SerialPasses } from '../../lib/serial-passes'
import { reportDelivery } from '../../metrics'
import { getConfig } from '../../repositories/plugin-configs-repository'
import {
  claimDue,
  type DeliveryRow,
  getDelivery,
  recordAttempt,
} from '../../repositories/plugin-deliveries-repository'
import { type Attempt, postSigned } from './send'

/*
 * The delivery worker (PRODUCT.md §7): sends what the consumer queued, beside the API and never in
 * a user's request. Each pass claims a few due deliveries (FOR UPDATE SKIP LOCKED plus a lease, so
 * several processes share the work), sends them at once, and records each attempt; a failure is
 * tried again with exponential backoff until a day has passed. It runs on wake-ups (something was
 * queued) and on a timer (retries falling due).
 */

export interface WorkerOptions {
  /** Read at every delivery (ADR 027): a changed opt-in counts at once. */
  allowPrivate: AllowPrivate
  timeoutMs: number
  /** The first retry's delay; each next one doubles, up to an hour. */
  retryBaseMs: number
  pollMs: number
  batch?: number
}

interface Log {
  error(obj: object, msg: string): void
}

const RETRY_MAX_MS = 60 * 60 * 1000

export const retryDelay = (attempts: number, baseMs: number) =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS)

export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined
  private stopped = false
  private readonly passes = new SerialPasses(
    () => this.pass(),
    (err) => this.log.error({ err }, 'webhook deliveries failed: tried again on the next pass'),
  )

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly log: Log,
    readonly opts: WorkerOptions,
  ) {}

  start() {
    this.timer = setInterval(() => this.wake(), this.opts.pollMs)
    this.timer.unref()
    this.wake()
  }

  wake() {
    if (!this.stopped) void this.run()
  }

  /** Sends everything due now (once at a time; a call meanwhile runs it again after). */
  run(): Promise<void> {
    return this.passes.run()
  }

  private async pass() {
    while (!this.stopped) {
      const due = await claimDue(this.db, this.opts.batch ?? 10, this.opts.timeoutMs * 3)
      if (!due.length) break
      await Promise.all(due.map((d) => this.deliverById(d.nodeId, d.id)))
    }
  }

  private async deliverById(nodeId: string, id: string) {
    const row = await getDelivery(this.db, nodeId, id)
    if (row) await this.deliver(row)
  }

  /** One attempt of one delivery, recorded; answers what happened (the test's answer). */
  async deliver(row: DeliveryRow): Promise<Attempt> {
    const config = await getConfig(this.db, row.nodeId, row.configId)
    const retryMs = retryDelay(row.attempts + 1, this.opts.retryBaseMs)
    if (!config) return { status: null, answer: 'deleted', ok: false }
    if (!config.enabled) {
      const attempt = { status: null, answer: 'plugins.config_disabled', ok: false }
      await recordAttempt(this.db, row, { ...attempt, retryMs, final: true })
      reportDelivery({ plugin: 'webhooks', outcome: 'abandoned' })
      return attempt
    }
    const sealed = config.secrets.secret
    const secret = sealed ? this.box.open(sealed, config.id) : undefined
    const url = typeof config.settings.url === 'string' ? config.settings.url : ''
    const attempt: Attempt =
      secret === undefined
        ? { status: null, answer: 'no signing secret', ok: false }
        : await postSigned(url, row.body, secret, {
            timeoutMs: this.opts.timeoutMs,
            allowPrivate: this.opts.allowPrivate,
            eventType: row.eventType,
          })
    await recordAttempt(this.db, row, { ...attempt, retryMs })
    reportDelivery({ plugin: 'webhooks', outcome: attempt.ok ? 'delivered' : 'failed' })
    return attempt
  }

  async stop() {
    this.stopped = true
    clearInterval(this.timer)
    await this.passes.current
  }
}
