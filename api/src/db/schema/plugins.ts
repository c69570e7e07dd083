import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, nodeIdColumn, updatedAt } from './columns'

/*
 * Plugins (PRODUCT.md §7). The catalogue is code (domain/plugins); a node's configurations are
 * rows here. Secret settings never sit in `settings`: each is sealed (AES-256-GCM, api/src/lib/
 * secret-box.ts) in `secrets` under its name. node_id leads every key (PRODUCT.md §9).
 */

export const pluginConfigs = pgTable(
  'plugin_configs',
  {
    nodeId: nodeIdColumn(),
    id: uuid('id').notNull().defaultRandom(),
    pluginId: text('plugin_id').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The plugin's settings as checked by their definitions, secrets left out. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** Secret settings by name, each sealed: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
    secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    index('plugin_configs_plugin_idx').on(t.nodeId, t.pluginId),
  ],
)

/**
 * Outgoing deliveries of a plugin (webhooks): one per configuration and event (or test), sent by
 * the delivery worker and retried with backoff until `give_up_at`; the configuration's log.
 */
export const pluginDeliveries = pgTable(
  'plugin_deliveries',
  {
    nodeId: uuid('node_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    configId: uuid('config_id').notNull(),
    /** The event delivered (null for a test). */
    eventId: bigint('event_id', { mode: 'number' }),
    eventType: text('event_type').notNull(),
    /** The exact body sent, fixed when queued so every attempt sends the same bytes. */
    body: text('body').notNull(),
    /** pending | delivered | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    /** The last attempt's HTTP status (null: no answer) and a short text of its answer or error. */
    lastStatus: integer('last_status'),
    lastAnswer: text('last_answer'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    foreignKey({
      columns: [t.nodeId, t.configId],
      foreignColumns: [pluginConfigs.nodeId, pluginConfigs.id],
    }).onDelete('cascade'),
    // The consumer is at-least-once: an event seen twice queues one delivery.
    uniqueIndex('plugin_deliveries_event_uq').on(t.nodeId, t.configId, t.eventId),
    index('plugin_deliveries_log_idx').on(t.nodeId, t.configId, t.createdAt),
    // The worker's scan across nodes: only what is still to send.
    index('plugin_deliveries_due_idx').on(t.nextAt).where(sql`${t.status} = 'pending'`),
  ],
)
