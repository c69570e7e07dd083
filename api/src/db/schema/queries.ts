import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, nodeIdColumn, updatedAt } from './columns'
import { users } from './core'

/*
 * Saved task queries (PRODUCT.md §10): a name and the query's text, the owner's alone or shared with
 * the node. node_id leads the key (PRODUCT.md §9); the owner is a user (a global table). The text is
 * kept as typed and checked again whenever it runs: the node's fields may change after it is saved.
 */
export const savedQueries = pgTable(
  'saved_queries',
  {
    nodeId: nodeIdColumn(),
    id: uuid('id').notNull().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    // The list a user sees (their own, and the node's shared ones), by name.
    index('saved_queries_owner_idx').on(t.nodeId, t.ownerId, sql`lower(${t.name})`),
    index('saved_queries_shared_idx').on(t.nodeId, sql`lower(${t.name})`).where(sql`${t.shared}`),
  ],
)
