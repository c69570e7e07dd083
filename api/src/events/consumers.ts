import type { EventType } from '@domain/events'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { SerialPasses } from '../lib/serial-passes'
import { horizon, type Position, readEvents, type StoredEvent } from './outbox'

/*
 * A durable consumer (webhooks, notifications): at-least-once, in order, across restarts and
 * crashes. Its position is a row of event_consumers, advanced only after its handler succeeded for
 * the events before it; one process at a time runs it, holding a lease (`leased_by`, renewed with
 * every batch, taken over by another process once it lapses). A handler that throws is retried
 * from that event on the next wake-up; one that ran but whose position was not saved (a crash, a
 * lease lost while it worked) runs again: handlers must tolerate seeing an event twice (by its id).
 */

export interface ConsumerOptions {
  /** Only these types reach the handler (the position still passes the others). */
  types?: readonly EventType[]
  /** Where a consumer seen for the first time begins: the next event (default) or all that are kept. */
  from?: 'now' | 'start'
  batch?: number
  leaseMs?: number
}

/**
 * What the events of one batch share (issue 15): a lookup they all need — a node's plugin
 * configurations, its configuration, the tasks of the batch — is made once per batch instead of once
 * per event. What it answers is as of the batch's start, which is as of "some time after the events
 * committed", like any handling. `events`: the batch's events this handler will see, in order.
 */
export class Batch {
  private readonly memo = new Map<string, Promise<unknown>>()
  constructor(readonly events: readonly StoredEvent[]) {}

  /** `load()`'s answer, loaded once per batch and key (a failure is not kept: the batch is retried). */
  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let p = this.memo.get(key) as Promise<T> | undefined
    if (!p) {
      // A Drizzle query is a thenable that runs again on every await: resolved here once.
      p = Promise.resolve(load())
      this.memo.set(key, p)
      p.catch(() => this.memo.delete(key))
    }
    return p
  }
}

export type DurableHandler = (event: StoredEvent, batch: Batch) => Promise<void> | void

interface Log {
  error(obj: object, msg: string): void
}

type Rows<T> = { rows: T[] }

export class DurableConsumer {
  private readonly passes = new SerialPasses(
    async () => {
      while (await this.batch()) {}
    },
    (err) => this.log.error({ err, consumer: this.name }, 'event consumer failed'),
  )
  private readonly types: Set<string> | undefined

  constructor(
    private readonly db: Db,
    readonly name: string,
    private readonly handler: DurableHandler,
    private readonly owner: string,
    private readonly log: Log,
    private readonly opts: ConsumerOptions = {},
  ) {
    this.types = opts.types && new Set(opts.types)
  }

  /** Makes its row, once: a consumer that exists already keeps its position. */
  async register() {
    const start = this.opts.from === 'start' ? { txid: '0', id: 0 } : await horizon(this.db)
    await this.db.execute(sql`
      insert into event_consumers (name, last_txid, last_id)
      values (${this.name}, ${start.txid}::xid8, ${start.id}) on conflict (name) do nothing`)
  }

  /** Works through what is there now (once at a time; a call meanwhile runs it again after). */
  pump(): Promise<void> {
    return this.passes.run()
  }

  /** One batch: true when there may be more at once. */
  private async batch(): Promise<boolean> {
    const leaseMs = this.opts.leaseMs ?? 30_000
    const limit = this.opts.batch ?? 200
    const [lease] = (
      (await this.db.execute(sql`
        update event_consumers
           set leased_by = ${this.owner}, leased_until = now() + make_interval(secs => ${leaseMs / 1000})
         where name = ${this.name}
           and (leased_by is null or leased_by = ${this.owner} or leased_until < now())
        returning last_txid::text as txid, last_id as id`)) as unknown as Rows<{ txid: string; id: string }>
    ).rows
    // Another process holds it.
    if (!lease) return false
    const from: Position = { txid: lease.txid, id: Number(lease.id) }
    const events = await readEvents(this.db, from, limit)
    let done = from
    let failed = false
    const batch = new Batch(this.types ? events.filter((e) => this.types!.has(e.type)) : events)
    for (const e of events) {
      try {
        if (!this.types || this.types.has(e.type)) await this.handler(e, batch)
      } catch (err) {
        this.log.error({ err, consumer: this.name, event: e.id }, 'event handler failed: retried later')
        failed = true
        break
      }
      done = { txid: e.txid, id: e.id }
    }
    if (done !== from) {
      const saved = (await this.db.execute(sql`
        update event_consumers
           set last_txid = ${done.txid}::xid8, last_id = ${done.id}, updated_at = now(),
               leased_until = now() + make_interval(secs => ${leaseMs / 1000})
         where name = ${this.name} and leased_by = ${this.owner}
        returning name`)) as unknown as Rows<unknown>
      // The lease lapsed and another process took over: it goes on from the saved position.
      if (saved.rows.length === 0) return false
    }
    return !failed && events.length === limit
  }

  /** Lets another process take over at once (shutdown). */
  async release() {
    await this.passes.current
    await this.db
      .execute(sql`
        update event_consumers set leased_by = null, leased_until = null
         where name = ${this.name} and leased_by = ${this.owner}`)
      .catch(() => undefined)
  }
}
