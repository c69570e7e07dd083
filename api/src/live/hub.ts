import type { NodusEvent } from '@domain/events'
import type { Db } from '../db/client'
import type { EventBus } from '../events/bus'
import { after, type Position, readEvents } from '../events/outbox'
import { framesFor } from './frames'
import { encodeResume, type Resume } from './position'
import type { LiveStream } from './stream'

/*
 * The live streams of one upstream process (PRODUCT.md §7 "Live"). It subscribes to the process's
 * EventBus, which sees every committed event of every process (the outbox and LISTEN/NOTIFY, ADR
 * 015), gathers what arrives together (one transaction's events, one read of the outbox) into one
 * batch, and computes every stream's frames for the batch at once (frames.ts): a widget's query is
 * evaluated once per change, not once per stream. An event of a node no stream watches is dropped
 * on arrival. Each frame's id is the resume position (position.ts).
 */

interface Log {
  error(obj: object, msg: string): void
}

/** A reconnect that missed more than this many events, or was away longer, reloads instead. */
export const MAX_REPLAY = 1_000
export const MAX_AWAY_S = 60 * 60
const HEARTBEAT_MS = 15_000

export class LiveHub {
  private readonly byNode = new Map<string, Set<LiveStream>>()
  private queue: { event: NodusEvent; resume: Position }[] = []
  private scheduled = false
  private work: Promise<void> = Promise.resolve()
  private unsubscribe: (() => void) | undefined
  private beat: NodeJS.Timeout | undefined

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly log: Log,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  start() {
    this.unsubscribe = this.bus.subscribe('*', (e) => this.take(e))
    this.beat = setInterval(() => {
      for (const set of this.byNode.values()) for (const s of set) s.heartbeat()
    }, this.heartbeatMs)
    this.beat.unref()
  }

  stop() {
    this.unsubscribe?.()
    clearInterval(this.beat)
    for (const set of this.byNode.values()) for (const s of set) s.close()
    this.byNode.clear()
  }

  /** How many streams are open (bench, health). */
  get size() {
    let n = 0
    for (const set of this.byNode.values()) n += set.size
    return n
  }

  /** Where a stream opened now begins: its first frame's id. */
  get position(): Position {
    return this.bus.position ?? { txid: '0', id: 0 }
  }

  add(s: LiveStream) {
    const set = this.byNode.get(s.nodeId) ?? new Set()
    set.add(s)
    this.byNode.set(s.nodeId, set)
  }

  remove(s: LiveStream) {
    const set = this.byNode.get(s.nodeId)
    set?.delete(s)
    if (set?.size === 0) this.byNode.delete(s.nodeId)
  }

  /**
   * What the stream missed since `from`, sent before anything live (the stream queues those);
   * `reload` when it missed too much or was away too long.
   */
  async replay(s: LiveStream, from: Resume): Promise<void> {
    try {
      const away = Date.now() / 1000 - from.sentAt
      const missed = away > MAX_AWAY_S ? [] : await readEvents(this.db, from.at, MAX_REPLAY + 1)
      if (away > MAX_AWAY_S || missed.length > MAX_REPLAY) {
        s.send([{ event: 'reload', data: {} }], encodeResume(this.position))
        return
      }
      // Each event's frames carry its own position: an interrupted replay resumes where it stopped.
      for (const e of missed) {
        const { txid, ...event } = e
        const frames = (await framesFor(this.db, [event as NodusEvent], [s])).get(s) ?? []
        s.send(frames, encodeResume({ txid, id: e.id }))
      }
      const last = missed.at(-1)
      const at = last && after({ txid: last.txid, id: last.id }, this.position) ? last : this.position
      s.send([{ event: 'ready', data: {} }], encodeResume({ txid: at.txid, id: at.id }))
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
      const id = encodeResume(batch.at(-1)!.resume)
      for (const [s, list] of frames) s.send(list, id)
    } catch (err) {
      this.log.error({ err }, 'live dispatch failed: the batch is dropped (the 10 s refresh covers it)')
    }
  }
}
