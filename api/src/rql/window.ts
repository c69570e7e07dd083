import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { tasks } from '../db/schema'
import { orderByClause, type SortKey } from './order'

/*
 * A statement over `tasks` made to read only the first rows of an order:
 *
 *   with "tasks" as (select * from "tasks" where <where> order by <keys> limit <rows>) <statement>
 *
 * Every "tasks" of the statement is then those rows (a WITH query's own name is not in scope in its
 * body, where "tasks" is still the table); PostgreSQL reads them by walking an index in that order
 * (the WITH query is inlined: one reference) and stops after `rows`. What the statement finds among
 * them is a prefix of what it finds in the table: when a page asks for its first k matches (in the
 * same order, the keys ending with the id) and gets k, they are the table's first k — the same rows
 * in the same order. With fewer, it says nothing (services/task-walk.ts reads the page the usual
 * way then). `keys` must be columns of `tasks` alone (no join), `where` must hold for every row
 * the statement may select (the node, the caller's processes, a cursor's "after").
 */

const dialect = new PgDialect()

export interface Statement extends SQLWrapper {
  toSQL(): { sql: string; params: unknown[] }
}

export function overFirstRows(statement: SQLWrapper, where: SQL, keys: SortKey[], rows: number): Statement {
  const order = sql.join(orderByClause(keys), sql`, `)
  const text = sql`with ${tasks} as (select * from ${tasks} where ${where} order by ${order} limit ${rows}) ${statement.getSQL()}`
  return { getSQL: () => text, toSQL: () => dialect.sqlToQuery(text) }
}
