import type { NodusEvent } from '@domain/events'
import type { Db } from '../db/client'
import type { EventBus } from '../events/bus'
import { after, type Position, readEvents } from '../events/outbox'
import { AppError } from '../http/errors'
import { framesFor } from './frames'
import type { Resume } from './position'
import { liveSessions } from './sessions'
import type { LiveStream } from './stream'

/*
 * The live streams of one upstream process (PRODUCT.md §7 "Live"). It subscribes to the process's
 * EventBus, which sees every committed event of every process (the outbox and LISTEN/NOTIFY, ADR
 * 015), gathers what arrives together (one transaction's events, one read of the outbox) into one
 * batch, and computes every stream's frames for the batch at once (frames.ts): a widget's query is
 * evaluated once per change, not once per stream. An event of a node no stream watches is dropped
 * on arrival. Each frame's id is the resume position, signed for the stream's session (position.ts).
 *
 * A stream lives no longer than its session (ADR 017): the database's change notices that the
 * auth cache hears (ADR 012: 's:' a session revoked, 'u:' a user's binding or rights changed, 'n:'
 * a node changed) make the streams concerned check their session and binding again, on every
 * process alike; and every SESSION_CHECK_MS all streams check, for an expiry or a lost notice.
 * Streams are bounded per user and per process (`limits`): beyond, opening one answers 429.
 */

interface Log {
  error(obj: object, msg: string): void
}

/** A reconnect that missed more than this many events, or was away longer, reloads instead. */
export const MAX_REPLAY = 500
export const MAX_AWAY_S = 60 * 60
const HEARTBEAT_MS = 15_000
/** How often every open stream's session is checked anyway (its expiry; a notice lost meanwhile). */
const SESSION_CHECK_MS = 60_000

export interface LiveLimits {
  /** Open streams per user on this process. */
  perUser: number
  /** Open streams on this process. */
  total: number
}

export class LiveHub {
  private readonly byNode = new Map<string, Set<LiveStream>>()
  private queue: { event: NodusEvent; resume: Position }[] = []
  private scheduled = false
  private work: Promise<void> = Promise.resolve()
  private readonly byUser = new Map<string, number>()
  private count = 0
  private unsubscribe: (() => void) | undefined
  private beat: NodeJS.Timeout | undefined
  private sessionTimer: NodeJS.Timeout | undefined
  /** Streams whose session and binding are checked on the next turn (a notice named them). */
  private toCheck = new Set<LiveStream>()
  private checkAll = false
  private checking: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly log: Log,
    readonly limits: LiveLimits,
    private readonly heartbeatMs = HEARTBEAT_MS,
    private readonly sessionCheckMs = SESSION_CHECK_MS,
  ) {}

  start() {
    this.unsubscribe = this.bus.subscribe('*', (e) => this.take(e))
    this.beat = setInterval(() => {
      for (const set of this.byNode.values()) for (const s of set) s.heartbeat()
    }, this.heartbeatMs)
    this.beat.unref()
    this.sessionTimer = setInterval(() => this.recheck(), this.sessionCheckMs)
    this.sessionTimer.unref()
  }

  stop() {
    this.unsubscribe?.()
    clearInterval(this.beat)
    clearInterval(this.sessionTimer)
    for (const set of this.byNode.values()) for (const s of set) s.close()
    this.byNode.clear()
    this.byUser.clear()
    this.count = 0
  }

  /** How many streams are open (bench, health). */
  get size() {
    return this.count
  }

  /**
   * Throws 429 events.too_many_streams when the user, or this process, has as many streams open as
   * allowed. Called right before `add`, with nothing awaited between: the count cannot move.
   */
  admit(userId: string) {
    const mine = this.byUser.get(userId) ?? 0
    if (mine >= this.limits.perUser)
      throw new AppError(429, 'events.too_many_streams', [], { max: this.limits.perUser })
    if (this.count >= this.limits.total)
      throw new AppError(503, 'events.server_busy', [], { max: this.limits.total })
  }

  /** Where a stream opened now begins: its first frame's id. */
  get position(): Position {
    return this.bus.position ?? { txid: '0', id: 0 }
  }

  add(s: LiveStream) {
    const set = this.byNode.get(s.nodeId) ?? new Set()
    if (set.has(s)) return
    set.add(s)
    this.byNode.set(s.nodeId, set)
    this.byUser.set(s.userId, (this.byUser.get(s.userId) ?? 0) + 1)
    this.count++
  }

  remove(s: LiveStream) {
    const set = this.byNode.get(s.nodeId)
    if (!set?.delete(s)) return
    if (set.size === 0) this.byNode.delete(s.nodeId)
    const left = (this.byUser.get(s.userId) ?? 1) - 1
    if (left > 0) this.byUser.set(s.userId, left)
    else this.byUser.delete(s.userId)
    this.count--
  }

  /**
   * A change notice of the database (the auth cache's, ADR 012): 's:<session>', 'u:<user>',
   * 'n:<node>'; anything else concerns everyone. The streams it names check their session.
   */
  changed(notice: string) {
    const id = notice.slice(2)
    const kind = notice.slice(0, 2)
    if (kind !== 's:' && kind !== 'u:' && kind !== 'n:') return this.recheck()
    const streams = kind === 'n:' ? (this.byNode.get(id) ?? []) : this.all()
    for (const s of streams)
      if (
        kind === 'n:' ||
        (kind === 's:' && s.caller.auth.sessionId === id) ||
        (kind === 'u:' && s.userId === id)
      )
        this.toCheck.add(s)
    this.schedule()
  }

  /** Every stream checks its session (the timer; notices that may have been missed). */
  recheck() {
    this.checkAll = true
    this.schedule()
  }

  /** Resolves when the checks asked for so far are done (tests). */
  async settled(): Promise<void> {
    await new Promise((r) => setImmediate(r))
    await this.checking
  }

  private *all() {
    for (const set of this.byNode.values()) yield* set
  }

  private schedule() {
    this.checking = this.checking.then(async () => {
      const streams = this.checkAll ? [...this.all()] : [...this.toCheck]
      this.checkAll = false
      this.toCheck = new Set()
      if (streams.length === 0) return
      try {
        const live = await liveSessions(
          this.db,
          streams.map((s) => s.caller.auth.sessionId),
        )
        await Promise.all(
          streams.map(async (s) => {
            if (!live.has(s.caller.auth.sessionId)) s.close()
            else await s.refresh(this.db)
          }),
        )
      } catch (err) {
        this.log.error({ err }, 'live session check failed: checked again on the next notice or timer')
      }
    })
  }

  /**
   * What the stream missed since `from`, sent before anything live (the stream queues those);
   * `reload` when it missed too much or was away too long.
   */
  async replay(s: LiveStream, from: Resume): Promise<void> {
    try {
      const away = Date.now() / 1000 - from.sentAt
      const missed = away > MAX_AWAY_S || away < -60 ? [] : await readEvents(this.db, from.at, MAX_REPLAY + 1)
      if (away > MAX_AWAY_S || away < -60 || missed.length > MAX_REPLAY) {
        s.send([{ event: 'reload', data: {} }], this.position)
        return
      }
      // Each event's frames carry its own position: an interrupted replay resumes where it stopped.
      // Only this node's events are judged (framesFor shows each only what the viewer may see).
      for (const e of missed) {
        const { txid, ...event } = e
        if (event.node_id !== s.nodeId || s.isClosed) continue
        const frames = (await framesFor(this.db, [event as NodusEvent], [s])).get(s) ?? []
        s.send(frames, { txid, id: e.id })
      }
      const last = missed.at(-1)
      const at = last && after({ txid: last.txid, id: last.id }, this.position) ? last : this.position
      s.send([{ event: 'ready', data: {} }], { txid: at.txid, id: at.id })
    } finally {
      s.replayed()
    }
  }

  private take(event: NodusEvent) {
    if (!event.node_id || !this.byNode.has(event.node_id)) return
    this.queue.push({ event, resume: this.position })
    if (this.scheduled) return
    this.scheduled = true
    setImmediate(() => {
      this.scheduled = false
      const batch = this.queue
      this.queue = []
      this.work = this.work.then(() => this.dispatch(batch))
    })
  }

  private async dispatch(batch: { event: NodusEvent; resume: Position }[]) {
    try {
      const streams = batch.flatMap((b) => [...(this.byNode.get(b.event.node_id ?? '') ?? [])])
      const frames = await framesFor(
        this.db,
        batch.map((b) => b.event),
        [...new Set(streams)],
      )
      // The bus's read position only grows: the last one is the batch's.
      const at = batch.at(-1)!.resume
      for (const [s, list] of frames) s.send(list, at)
    } catch (err) {
      this.log.error({ err }, 'live dispatch failed: the batch is dropped (the 10 s refresh covers it)')
    }
  }
}
