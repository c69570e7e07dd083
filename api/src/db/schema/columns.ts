import { timestamp, uuid } from 'drizzle-orm/pg-core'
import { nodes } from './core'

/** The columns every area's tables share. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/** A tenant table's node_id (PRODUCT.md §9): it leads the primary key; the node's removal takes the rows. */
export const nodeIdColumn = () =>
  uuid('node_id')
    .notNull()
    .references(() => nodes.id, { onDelete: 'cascade' })
