import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { EventType, NodusEvent } from '@domain/events'
import type { Db } from '../db/client'
import { type ConsumerOptions, DurableConsumer, type DurableHandler } from './consumers'
import {
  after,
  horizon,
  lastEvent,
  onCommitted,
  type Position,
  pruneEvents,
  reached,
  readEvents,
  type StoredEvent,
} from './outbox'

/*
 * Each upstream process's dispatcher (ADR 015). In-process subscribers see every event once, from
 * the moment they subscribe, whichever process wrote it:
 * - this process's own transactions hand their events over as they commit (onCommitted), before
 *   the request that wrote them goes on: caches forget before the answer leaves;
 * - the rest are read from the outbox after a wake-up — the database's notice 'e' on
 *   nodus_changes (migration 0010), sent on commit by every writer, or the poll — in position
 *   order, up to the oldest transaction still running; what the first path delivered is skipped.
 * Nothing of this is durable: a process that starts has empty caches and begins at "now". Durable
 * consumers (consume) keep their position in the database instead.
 */

export type Handler<T extends EventType> = (event: NodusEvent<T>) => void | Promise<void>

interface Log {
  error(obj: object, msg: string): void
}

export interface BusOptions {
  /** How long a wake-up waits so that the notices of many commits make one read (ms, 100). */
  delayMs?: number
  /**
   * How long the durable consumers wait after a commit of this process so that the commits of that
   * moment make one pass (ms, 20): a pass costs three statements (lease, read, position), which
   * under many writers was more than the writes' own.
   */
  pumpDelayMs?: number
  /** Reads even without a notice this often (ms): a lost notice, a long transaction that held back. */
  pollMs?: number
  /** Events older than this many days that every durable consumer has passed are deleted. */
  retentionDays?: number
  batch?: number
}

const PRUNE_EVERY_MS = 60 * 60 * 1000

export class EventBus {
  private readonly handlers = new Map<string, Set<Handler<EventType>>>()
  private readonly consumers: DurableConsumer[] = []
  /** Ids of events delivered as they committed here, until the read from the outbox passes them. */
  private readonly early = new Set<number>()
  private cursor: Position | undefined
  private reading: Promise<void> | undefined
  private again = false
  private timer: NodeJS.Timeout | undefined
  private pumpTimer: NodeJS.Timeout | undefined
  private poll: NodeJS.Timeout | undefined
  private prune: NodeJS.Timeout | undefined
  private unhook: (() => void) | undefined
  private stopped = false
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly opts: BusOptions = {},
  ) {}

  /**
   * Where this process's read of the outbox stands: every event before it has been delivered here.
   * Read inside a handler, it is the event's own position when the event came from the outbox, and
   * the (earlier) read position when it came as this process committed it — a safe place to resume.
   */
  get position(): Position | undefined {
    return this.cursor
  }

  /** Calls `handler` with every event of `type` ('*': all) committed from now on, once. */
  subscribe<T extends EventType>(type: T | '*', handler: Handler<T>): () => void {
    const set = this.handlers.get(type) ?? new Set()
    this.handlers.set(type, set)
    set.add(handler as Handler<EventType>)
    return () => set.delete(handler as Handler<EventType>)
  }

  /**
   * A durable consumer: `handler` sees every event after its saved position at least once, in
   * order, in one process at a time — also those committed while no process ran it.
   */
  async consume(name: string, handler: DurableHandler, opts: ConsumerOptions = {}) {
    const consumer = new DurableConsumer(this.db, name, handler, this.owner, this.log, opts)
    await consumer.register()
    this.consumers.push(consumer)
    await consumer.pump()
    return consumer
  }

  async start() {
    // Begins at "now"; transactions that commit from here on come by either path.
    this.cursor = await horizon(this.db)
    this.unhook = onCommitted(this.db, (events) => this.committed(events))
    const pollMs = this.opts.pollMs ?? 2_000
    this.poll = setInterval(() => this.wake(), pollMs)
    this.poll.unref()
    const days = this.opts.retentionDays ?? 7
    const prune = () =>
      void pruneEvents(this.db, days).catch((err) => this.log.error({ err }, 'events retention failed'))
    this.prune = setInterval(prune, PRUNE_EVERY_MS)
    this.prune.unref()
    prune()
  }

  /** Something was committed somewhere: read the outbox soon. */
  wake() {
    if (this.stopped || this.timer) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.read()
      for (const c of this.consumers) void c.pump()
    }, this.opts.delayMs ?? 100)
  }

  /** Reads and dispatches what is in the outbox now; resolves when done (tests, shutdown). */
  read(): Promise<void> {
    if (this.reading) {
      this.again = true
      return this.reading
    }
    this.reading = (async () => {
      try {
        do {
          this.again = false
          await this.readAll()
        } while (this.again && !this.stopped)
      } catch (err) {
        this.log.error({ err }, 'events dispatch failed: read again at the next wake-up')
      } finally {
        this.reading = undefined
      }
    })()
    return this.reading
  }

  /**
   * Every durable consumer of this process works through every event committed before the call
   * (tests). An event is read only once no older transaction of the whole PostgreSQL server is
   * still open (readEvents' snapshot xmin), so one pass may see nothing while another database
   * of the same server holds a transaction open: pass again until the positions are there, or
   * `timeoutMs` has gone by (a handler that keeps failing never gets there).
   */
  async drain(timeoutMs = 10_000) {
    const target = await lastEvent(this.db)
    const until = Date.now() + timeoutMs
    for (;;) {
      await Promise.all(this.consumers.map((c) => c.pump()))
      if (!target || Date.now() > until) return
      const names = this.consumers.map((c) => c.name)
      if (names.length === 0 || (await reached(this.db, names, target))) return
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  async stop() {
    this.stopped = true
    this.unhook?.()
    clearTimeout(this.timer)
    clearTimeout(this.pumpTimer)
    clearInterval(this.poll)
    clearInterval(this.prune)
    await this.reading
    await Promise.all(this.consumers.map((c) => c.release()))
  }

  private async readAll() {
    const limit = this.opts.batch ?? 500
    for (;;) {
      if (!this.cursor || this.stopped) return
      // What this process wrote is only skipped: its data stays in the database.
      const known = this.early.size <= 1000 ? [...this.early] : []
      const events = await readEvents(this.db, this.cursor, limit, known)
      for (const e of events) {
        this.cursor = { txid: e.txid, id: e.id }
        if (!this.early.delete(e.id)) this.deliver(e)
      }
      if (events.length < limit) return
    }
  }

  /** This process's transaction committed: its events go out now, unless the read got there first. */
  private committed(events: StoredEvent[]) {
    if (this.stopped) return
    for (const e of events) {
      if (this.cursor && !after(e, this.cursor)) continue
      this.early.add(e.id)
      this.deliver(e)
    }
    this.pumpSoon()
  }

  /** The durable consumers run once the commits of the next moment are in (see pumpDelayMs). */
  private pumpSoon() {
    if (this.stopped || this.pumpTimer) return
    this.pumpTimer = setTimeout(() => {
      this.pumpTimer = undefined
      for (const c of this.consumers) void c.pump()
    }, this.opts.pumpDelayMs ?? 20)
  }

  private deliver(e: StoredEvent) {
    const { txid: _, ...event } = e
    for (const key of [e.type, '*'])
      for (const h of this.handlers.get(key) ?? []) {
        try {
          const done = h(event as NodusEvent)
          if (done) done.catch((err) => this.log.error({ err, event: e.id }, 'event subscriber failed'))
        } catch (err) {
          this.log.error({ err, event: e.id }, 'event subscriber failed')
        }
      }
  }
}
