import type { EventType, NewEvent, NodusEvent } from '@domain/events'
import { type SQLWrapper, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'

/*
 * The outbox (ADR 015): events go into `events` in the transaction of the change, in one statement
 * however many (a bulk edit of 10,000 tasks is one insert: the rows travel as one JSON parameter).
 * Readers go in position order — (txid, id) — and only up to the oldest transaction still running:
 * below it no row can appear any more, so a reader's cursor never passes an event that commits later.
 */

/** Where an event sits in the outbox: its transaction's id (xid8, as text) and its own id. */
export interface Position {
  txid: string
  id: number
}

/** An event as read back or just written: with its position. */
export type StoredEvent = NodusEvent & { txid: string }

export const after = (a: Position, b: Position): boolean => {
  const ta = BigInt(a.txid)
  const tb = BigInt(b.txid)
  return ta === tb ? a.id > b.id : ta > tb
}

type Rows<T> = { rows: T[] }
const rowsOf = <T>(res: unknown) => (res as Rows<T>).rows

/** Up to this many events (a single write's) go as plain values; more (a bulk edit's) as one JSON. */
const FEW = 4

const valuesOf = (list: NewEvent<EventType>[]) =>
  sql`values ${sql.join(
    list.map(
      (e) => sql`(${e.type}, ${e.node_id}::uuid, ${e.actor_id}::uuid, ${JSON.stringify(e.data)}::jsonb)`,
    ),
    sql`, `,
  )}`

const recordsetOf = (list: NewEvent<EventType>[]) => sql`
  select x.type, x.node_id, x.actor_id, x.data
    from rows from (jsonb_to_recordset(${JSON.stringify(list)}::jsonb)
           as (type text, node_id uuid, actor_id uuid, data jsonb))
         with ordinality as x(type, node_id, actor_id, data, ord)
   order by x.ord`

/** The events written by each transaction still open, kept for its commit (see onCommitted). */
const pending = new WeakMap<object, StoredEvent[]>()

/**
 * Writes events into the outbox inside `tx`; they are dispatched once (and only if) it commits.
 * `alongside`: another insert of the same transaction, sent in the same statement (a history row's):
 * no round trip more while the writer holds its locks.
 */
export async function emitEvents(
  tx: Db | Tx,
  list: NewEvent<EventType>[],
  alongside?: SQLWrapper,
): Promise<void> {
  if (list.length === 0) {
    if (alongside) await tx.execute(alongside.getSQL())
    return
  }
  const written = rowsOf<{ id: string | number; txid: string; occurred_at: Date | string }>(
    await tx.execute(sql`
      ${alongside ? sql`with alongside as (${alongside.getSQL()})` : sql``}
      insert into events (type, node_id, actor_id, data)
      ${list.length <= FEW ? valuesOf(list) : recordsetOf(list)}
      returning id, txid::text as txid, occurred_at`),
  )
  const kept = pending.get(tx)
  if (!kept) return
  // Ids follow the insert's order; the transaction and its time are the same for all.
  const ids = written.map((r) => Number(r.id)).sort((a, b) => a - b)
  list.forEach((e, i) => {
    kept.push(storedEvent(e, { ...written[0]!, id: ids[i]! }))
  })
}

/** An event as written, with the position and time its insert returned. */
export const storedEvent = (
  e: NewEvent<EventType>,
  at: { id: string | number; txid: string; occurred_at: Date | string },
): StoredEvent =>
  ({
    ...e,
    id: Number(at.id),
    txid: at.txid,
    occurred_at: new Date(at.occurred_at).toISOString(),
  }) as StoredEvent

/**
 * One event's insert as a part (`with event as (…)`) of a write's own statement, its columns taken
 * from `from` (another part): `data` is SQL over it (a task's key known only there). Returns what
 * storedEvent needs. For a write that is one statement outside `db.transaction` (see committed).
 */
export const eventInsert = (e: NewEvent<EventType>, data: SQLWrapper, from: SQLWrapper) => sql`
  insert into events (type, node_id, actor_id, data)
  select ${e.type}::text, ${e.node_id}::uuid, ${e.actor_id}::uuid, ${data.getSQL()} from ${from.getSQL()}
  returning id, txid::text as txid, occurred_at`

type Committed = (events: StoredEvent[]) => void
const listeners = new WeakMap<Db, Set<Committed>>()

/**
 * Calls `listener` with the events of every transaction of `db` right after it commits, before the
 * code that awaited the transaction goes on: this process's own writes reach its subscribers at
 * once (read your writes). Nested transactions (savepoints) and writes outside `db.transaction`
 * are not seen here (unless they call committed); the dispatcher reads them from the outbox like
 * any other process's.
 */
export function onCommitted(db: Db, listener: Committed): () => void {
  let set = listeners.get(db)
  if (!set) {
    const all = new Set<Committed>()
    set = all
    listeners.set(db, all)
    const original = db.transaction.bind(db)
    const wrapped: Db['transaction'] = async (fn, config) => {
      const events: StoredEvent[] = []
      const result = await original((tx) => {
        pending.set(tx, events)
        return fn(tx)
      }, config)
      if (events.length) for (const l of all) l(events)
      return result
    }
    ;(db as { transaction: Db['transaction'] }).transaction = wrapped
  }
  set.add(listener)
  return () => set.delete(listener)
}

/**
 * The events of a write made of one statement outside `db.transaction` (a transaction of its own,
 * committed when its answer came): handed to the listeners of onCommitted as a transaction's are,
 * before the code that awaited the write goes on.
 */
export function committed(db: Db, events: StoredEvent[]): void {
  const all = listeners.get(db)
  if (all && events.length) for (const l of all) l(events)
}

/** The position just before every transaction still running: where a reader starting now begins. */
export async function horizon(db: Db): Promise<Position> {
  const [row] = rowsOf<{ xmin: string }>(
    await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`),
  )
  return { txid: row!.xmin, id: 0 }
}

/** The newest event in the outbox, committed or not (drain's target), or undefined when empty. */
export async function lastEvent(db: Db): Promise<Position | undefined> {
  const [row] = rowsOf<{ txid: string; id: string }>(
    await db.execute(sql`select txid::text as txid, id from events order by txid desc, id desc limit 1`),
  )
  return row && { txid: row.txid, id: Number(row.id) }
}

/** Whether every named durable consumer's saved position is at or past `target`. */
export async function reached(db: Db, names: string[], target: Position): Promise<boolean> {
  const [row] = rowsOf<{ behind: number }>(
    await db.execute(sql`
      select count(*)::int as behind from event_consumers
       where name in (${sql.join(
         names.map((n) => sql`${n}`),
         sql`, `,
       )})
         and (last_txid, last_id) < (${target.txid}::xid8, ${target.id}::bigint)`),
  )
  return row!.behind === 0
}

interface EventRow {
  id: string | number
  txid: string
  type: string
  node_id: string | null
  actor_id: string | null
  occurred_at: Date | string
  data: unknown
}

/**
 * Up to `limit` events after `from`, in order, none of a transaction that may still commit. `known`:
 * ids the reader has already (its own writes): their data is not sent again (null).
 */
export async function readEvents(
  db: Db,
  from: Position,
  limit: number,
  known: number[] = [],
): Promise<StoredEvent[]> {
  const skip = known.length
    ? sql`case when id = any(${`{${known.join(',')}}`}::bigint[]) then null else data end`
    : sql`data`
  const rows = rowsOf<EventRow>(
    await db.execute(sql`
      select id, txid::text as txid, type, node_id, actor_id, occurred_at, ${skip} as data
        from events
       where (txid, id) > (${from.txid}::xid8, ${from.id}::bigint)
         and txid < pg_snapshot_xmin(pg_current_snapshot())
       order by txid, id
       limit ${limit}`),
  )
  return rows.map(
    (r) =>
      ({
        id: Number(r.id),
        txid: r.txid,
        type: r.type,
        node_id: r.node_id,
        actor_id: r.actor_id,
        occurred_at: new Date(r.occurred_at).toISOString(),
        data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
      }) as StoredEvent,
  )
}

/**
 * Retention: deletes the events older than `days` that every durable consumer has passed (a
 * consumer that stops advancing keeps them: retire it by deleting its row). Returns how many.
 */
export async function pruneEvents(db: Db, days: number): Promise<number> {
  const res = await db.execute(sql`
    delete from events e
     where e.occurred_at < now() - make_interval(days => ${days}::int)
       and not exists (select 1 from event_consumers c where (e.txid, e.id) > (c.last_txid, c.last_id))`)
  return (
    (res as { rowCount?: number; affectedRows?: number }).rowCount ??
    (res as { affectedRows?: number }).affectedRows ??
    0
  )
}
