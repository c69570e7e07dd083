import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  customType,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { updatedAt } from './columns'

/*
 * The events outbox (ADR 015, domain/events): one row per event, written in the transaction of the
 * change it tells of. Global tables: the dispatchers read them across nodes, in order.
 */

/** A 64-bit transaction id (PostgreSQL 13+), read and written as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' })

export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    /**
     * The writing transaction's id. Ids are handed out before commit, so a smaller id may commit
     * after a larger one: readers go in (txid, id) order and only below the oldest transaction still
     * running, where nothing can appear any more.
     */
    txid: xid8('txid').notNull().default(sql`pg_current_xact_id()`),
    type: text('type').notNull(),
    nodeId: uuid('node_id'),
    actorId: uuid('actor_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    // One b-tree per event written: readers' order is the key, and ids are unique by themselves.
    primaryKey({ name: 'events_pkey', columns: [t.txid, t.id] }),
    // Retention deletes by age; rows arrive in time order, so a BRIN index costs next to nothing.
    index('events_occurred_idx').using('brin', t.occurredAt),
  ],
)

/**
 * Durable consumers (webhooks, notifications): each one's position, advanced after its handler
 * succeeded, and the lease of the process running it now (one at a time).
 */
export const eventConsumers = pgTable('event_consumers', {
  name: text('name').primaryKey(),
  lastTxid: xid8('last_txid').notNull(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  leasedBy: text('leased_by'),
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  updatedAt: updatedAt(),
})
