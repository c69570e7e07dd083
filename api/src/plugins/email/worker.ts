import type { NotificationKind } from '@domain/notifications'
import {
  DEFAULT_DIGEST_TIME,
  DEFAULT_EMAIL_MODE,
  DEFAULT_TIME_ZONE,
  type EmailLanguage,
  type EmailMode,
  nextDigestAt,
} from '@domain/notifications/email'
import type { AllowPrivate } from '@domain/outbound/guard.server'
import { hasRight } from '@domain/rights/rights'
import type { Db } from '../../db/client'
import type { SecretBox } from '../../lib/secret-box'
import { SerialPasses } from '../../lib/serial-passes'
import { reportDelivery } from '../../metrics'
import {
  claimDueEmails,
  type DueEmail,
  emailPreferenceOf,
  holdForDigest,
  recordEmailFailure,
  releaseEmails,
  settleEmails,
  tasksFor,
  usersFor,
} from '../../repositories/email-repository'
import { rightsOfUsers } from '../../repositories/rights-repository'
import { fullName } from '../../repositories/users-repository'
import { nodeConfig } from '../../services/node-config'
import { retryDelay } from '../webhooks/worker'
import { type NodeMailer, nodeMailer } from './node-mailer'
import { digestMail, type MailItem, notificationMail } from './templates'

/*
 * The e-mail worker (ADR 019): mails the notifications marked for e-mail, beside the API and never
 * in a user's request. Each pass claims what is due of a few users (every due row of each, under a
 * lease), then per user: passes over what is read, no longer visible, or whose node has no enabled
 * e-mail configuration; mails each one (instant), or holds them for the user's digest and mails
 * what is still unread when it falls due (digest); a failure is tried again with backoff.
 */

export interface EmailWorkerOptions {
  publicUrl: string
  timeoutMs: number
  retryBaseMs: number
  pollMs: number
  allowPrivate: AllowPrivate
  verifyTls: boolean
  /** Users per pass. */
  batch?: number
}

interface Log {
  error(obj: object, msg: string): void
}

/** Failures that say the server cannot be reached now: the pass does not ask it again. */
const UNREACHABLE = new Set([
  'plugins.email.refused',
  'plugins.email.timeout',
  'plugins.email.host_unknown',
  'plugins.email.tls_failed',
  'plugins.private_target',
])

/** With the default 30 s base, doubling to an hour: about a day of tries. */
export const MAX_EMAIL_ATTEMPTS = 30
/** A digest lists at most this many; it says how many more wait in the inbox. */
export const DIGEST_MAX_ITEMS = 50

export class EmailWorker {
  private timer: NodeJS.Timeout | undefined
  private stopped = false
  private readonly passes = new SerialPasses(
    () => this.pass(),
    (err) =>
      this.log.error({ err: errorText(err) }, 'e-mail deliveries failed: tried again on the next pass'),
  )

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly log: Log,
    readonly opts: EmailWorkerOptions,
  ) {}

  start() {
    this.timer = setInterval(() => this.wake(), this.opts.pollMs)
    this.timer.unref()
    this.wake()
  }

  wake() {
    if (!this.stopped) void this.run()
  }

  /** Mails everything due now (once at a time; a call meanwhile runs it again after). */
  run(): Promise<void> {
    return this.passes.run()
  }

  private async pass() {
    const mailers = new Map<string, NodeMailer | null>()
    while (!this.stopped) {
      const due = await claimDueEmails(this.db, this.opts.batch ?? 10, this.opts.timeoutMs * 4)
      if (!due.length) break
      const byUser = new Map<string, DueEmail[]>()
      for (const d of due) {
        const key = `${d.nodeId}/${d.userId}`
        byUser.set(key, [...(byUser.get(key) ?? []), d])
      }
      await Promise.all(
        [...byUser.values()].map(async (rows) => {
          const first = rows[0]!
          if (!mailers.has(first.nodeId))
            mailers.set(first.nodeId, await nodeMailer(this.db, this.box, first.nodeId, this.opts))
          await this.forUser(mailers.get(first.nodeId)!, rows)
        }),
      )
    }
  }

  private async forUser(mailer: NodeMailer | null, rows: DueEmail[]) {
    const { nodeId, userId } = rows[0]!
    const all = rows.map((r) => r.id)
    if (!mailer) return settleEmails(this.db, nodeId, all, 'skipped', 'no enabled e-mail configuration')
    const [pref, [user], visible] = await Promise.all([
      emailPreferenceOf(this.db, nodeId, userId),
      usersFor(this.db, [userId]),
      this.visibleItems(nodeId, userId, rows),
    ])
    const mode: EmailMode = pref?.mode === 'off' || pref?.mode === 'digest' ? pref.mode : DEFAULT_EMAIL_MODE
    if (mode === 'off' || !user) return settleEmails(this.db, nodeId, all, 'skipped', 'e-mail off')
    const unread = rows.filter((r) => r.readAt === null && visible.has(r.id))
    await settleEmails(
      this.db,
      nodeId,
      rows.filter((r) => !unread.includes(r)).map((r) => r.id),
      'skipped',
      'read or not visible',
    )
    const to = { address: user.email, language: (pref?.language ?? mailer.language) as EmailLanguage }
    if (mode === 'instant') {
      // One mail per claim, so a send always ends inside the claim's lease; the rest are due again
      // for the next claim. A server found down in this pass is not asked again: all wait a retry.
      if (mailer.down) return this.attempt(mailer, unread, async () => mailer.down!)
      const [first, ...rest] = unread
      await releaseEmails(
        this.db,
        nodeId,
        rest.map((r) => r.id),
      )
      if (first)
        await this.attempt(mailer, [first], () =>
          mailer.send(to.address, to.language, `n.${first.id}`, (c) =>
            notificationMail(c, visible.get(first.id)!),
          ),
        )
      return
    }
    // Digest: held until the user's time; then one mail of what is still unread.
    if (!unread.some((r) => r.email === 'digest')) {
      const at = nextDigestAt(
        new Date(),
        pref?.digestTime ?? DEFAULT_DIGEST_TIME,
        pref?.timeZone ?? DEFAULT_TIME_ZONE,
      )
      return holdForDigest(
        this.db,
        nodeId,
        unread.map((r) => r.id),
        at,
      )
    }
    const newest = [...unread].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    const items = newest.slice(0, DIGEST_MAX_ITEMS).map((r) => visible.get(r.id)!)
    await this.attempt(
      mailer,
      newest,
      async () =>
        mailer.down ??
        mailer.send(to.address, to.language, `d.${newest[0]!.id}`, (c) =>
          digestMail(c, items, newest.length - items.length),
        ),
    )
  }

  /** One send for these rows, recorded on each. */
  private async attempt(mailer: NodeMailer, rows: DueEmail[], send: () => ReturnType<NodeMailer['send']>) {
    if (rows.length === 0) return
    const { nodeId } = rows[0]!
    const ids = rows.map((r) => r.id)
    const result = await send()
    reportDelivery({ plugin: 'email', outcome: result.ok ? 'delivered' : 'failed' })
    if (result.ok) return settleEmails(this.db, nodeId, ids, 'sent')
    if (UNREACHABLE.has(result.code)) mailer.down = result
    const attempts = Math.max(...rows.map((r) => r.attempts)) + 1
    await recordEmailFailure(this.db, nodeId, ids, {
      retryMs: retryDelay(attempts, this.opts.retryBaseMs),
      reason: result.reason,
      maxAttempts: MAX_EMAIL_ATTEMPTS,
    })
    if (attempts === 1)
      this.log.error(
        { node: nodeId, reason: result.reason, host: mailer.host },
        'e-mail not sent: tried again later',
      )
  }

  /**
   * The rows whose task the user may still see (task_view on its process, bound to the node), as
   * the mails show them.
   */
  private async visibleItems(nodeId: string, userId: string, rows: DueEmail[]) {
    const [config, rights, found, actors] = await Promise.all([
      nodeConfig(this.db, nodeId),
      rightsOfUsers(this.db, nodeId, [userId]),
      tasksFor(this.db, nodeId, [...new Set(rows.map((r) => r.taskId))]),
      usersFor(this.db, [...new Set(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])))]),
    ])
    const may = rights.get(userId) ?? {}
    const taskById = new Map(found.map((t) => [t.id, t]))
    const actorName = new Map(actors.map((a) => [a.id, fullName(a)]))
    const out = new Map<string, MailItem>()
    if (!hasRight(may, 'is_authorized')) return out
    for (const r of rows) {
      const task = taskById.get(r.taskId)
      const processKey = task && config.flows.get(task.processId)?.process.key
      if (!task || !processKey || !hasRight(may, 'task_view', processKey)) continue
      out.set(r.id, {
        kind: r.kind as NotificationKind,
        task: { key: task.key, title: task.title, processKey },
        actorName: r.actorId ? (actorName.get(r.actorId) ?? null) : null,
      })
    }
    return out
  }

  async stop() {
    this.stopped = true
    clearInterval(this.timer)
    await this.passes.current
  }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err))
