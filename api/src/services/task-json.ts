import { type Placeholder, type SQL, sql } from 'drizzle-orm'
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { executeText, type StatementText } from '../db/named-statements'
import { tasks } from '../db/schema'
import { type CompiledQuery, joinClauses, orderByClause } from '../rql'
import { overFirstRows } from '../rql/window'
import { compactJsonb } from './jsonb-compact'

/*
 * A page of tasks as the query answers them (`rqlTaskSchema`), written as JSON text by the
 * database: no Drizzle row mapping, no Date or JSON parse per column, no serializer pass over 50
 * objects in the upstream — its CPU per row was the filtered list's cost (bench/RESULTS.md, issue
 * 15). The text is byte for byte what JSON.stringify of `presentTask` writes: to_json(text)
 * escapes as JSON.stringify does, timestamps are toISOString's (milliseconds truncated, as a Date
 * keeps them), and custom_fields is compacted here (jsonb-compact.ts), because jsonb prints its own
 * spacing and numbers (`1.50`).
 */

const iso = (col: typeof tasks.createdAt | typeof tasks.updatedAt) =>
  sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** Everything before the custom fields' value. */
const head = sql`'{"id":"' || ${tasks.id}
  || '","key":' || to_json(${tasks.key})::text
  || ',"number":' || ${tasks.number}
  || ',"title":' || to_json(${tasks.title})::text
  || ',"description":' || to_json(${tasks.description})::text
  || ',"process_id":"' || ${tasks.processId}
  || '","status_id":"' || ${tasks.statusId}
  || '","assignee_id":' || coalesce('"' || ${tasks.assigneeId} || '"', 'null')
  || ',"author_id":"' || ${tasks.authorId}
  || '","custom_fields":'`

/** Everything after it. */
const tail = sql`',"version":' || ${tasks.version}
  || ',"created_at":"' || ${iso(tasks.createdAt)}
  || '","updated_at":"' || ${iso(tasks.updatedAt)} || '"}'`

/*
 * The select list is the same text for every query: written once here, not built column by
 * column on every request (Drizzle's building of the page statement was a tenth of the upstream's
 * CPU per page, issue 15 session 15). Columns are written qualified ("tasks"."id"): `tasks` is never
 * aliased, and a join's columns of the same name stay apart.
 */
const written = (q: SQL) => sql.raw(new PgDialect().sqlToQuery(q).sql)
const HEAD = written(head)
const CUSTOM_FIELDS = written(sql`${tasks.customFields}::text`)
const TAIL = written(tail)

/** Builds statements without a database: their text is the same for both drivers. */
const builder = new QueryBuilder()

interface JsonRow {
  h: string
  cf: string
  t: string
  [sort: `s${number}`]: string | null
}

export interface TaskJson {
  json: string
  /** The row's sort values as text, for the next cursor. */
  sort: (string | null)[]
}

/**
 * The statement of a page: the query's tasks in its order, `limit` from `offset` (values or
 * placeholders, task-page-memo.ts), each row its answer's JSON text in three parts and its sort
 * values as text.
 */
export function pageQuery(
  compiled: CompiledQuery,
  condition: SQL,
  opts: { limit: number | Placeholder; offset?: number | Placeholder },
) {
  const keys = compiled.orderBy
  const sorts = Object.fromEntries(
    keys.map((k, i) => [`s${i}`, sql<string | null>`(${k.expr})::text`.as(`s${i}`)]),
  )
  let q = builder
    .select({
      h: sql<string>`${HEAD}`.as('h'),
      cf: sql<string>`${CUSTOM_FIELDS}`.as('cf'),
      t: sql<string>`${TAIL}`.as('t'),
      ...sorts,
    })
    .from(tasks)
    .$dynamic()
  for (const j of joinClauses(compiled.joins)) q = q.leftJoin(j.table, j.on)
  q = q
    .where(condition)
    .orderBy(...orderByClause(keys))
    .limit(opts.limit)
  if (opts.offset) q = q.offset(opts.offset)
  return q
}

/**
 * A page and, in the same statement, the query's total counted to `cap` rows (issue 28): the
 * query's first `cap` tasks in its order (its sort values written beside them), counted by a
 * window over them, then the page taken from them. The count reads what the page's own plan reads
 * (the index in the order, or the matches sorted), where a separate count was planned apart — for
 * the filtered list through the jsonb GIN index, 25,000 entries for 83 matches at 100,000 tasks
 * (bench/RESULTS.md, issue 28: 3.8× the two statements' pgbench rate). A page that is not full
 * costs nothing more: every match was read for it already. Column `n` is the count (≤ cap); the
 * outer select names the window's rows "tasks", so the answer's JSON (HEAD, TAIL) reads them as it
 * reads the table. A subquery's order is kept by the scans above it (no join, no sort there).
 */
export function countedPageQuery(
  compiled: CompiledQuery,
  condition: SQL,
  opts: { limit: number | Placeholder; offset?: number | Placeholder; cap: number | Placeholder },
): SQL {
  const keys = compiled.orderBy
  const sorts = Object.fromEntries(
    keys.map((k, i) => [`s${i}`, sql<string | null>`(${k.expr})::text`.as(`s${i}`)]),
  )
  let first = builder
    .select({ row: sql`${tasks}.*`, ...sorts })
    .from(tasks)
    .$dynamic()
  for (const j of joinClauses(compiled.joins)) first = first.leftJoin(j.table, j.on)
  first = first
    .where(condition)
    .orderBy(...orderByClause(keys))
    .limit(opts.cap)
  const sortCols = keys.map((_, i) => sql.raw(`, "tasks"."s${i}"`))
  const offset = opts.offset === undefined ? sql`` : sql` offset ${opts.offset}`
  return sql`select ${HEAD} as "h", ${CUSTOM_FIELDS} as "cf", ${TAIL} as "t"${sql.join(sortCols)}, "tasks"."n"::int as "n" from (select "m".*, count(*) over () as "n" from (${first}) "m") ${tasks} limit ${opts.limit}${offset}`
}

/**
 * Runs a page's statement (pageQuery's text and values): the rows as the driver gives them, not
 * mapped field by field; a named statement per query shape on PostgreSQL (planned once per
 * connection, db/named-statements.ts).
 */
export async function readPage(db: Db, statement: StatementText, sortKeys: number): Promise<TaskJson[]> {
  return (await readCountedPage(db, statement, sortKeys)).rows
}

/** readPage of countedPageQuery's statement: the rows, and the total it counted (null: not counted). */
export async function readCountedPage(
  db: Db,
  statement: StatementText,
  sortKeys: number,
): Promise<{ rows: TaskJson[]; counted: number | null }> {
  const rows = await executeText<JsonRow & { n?: number | null }>(db, statement)
  const out: TaskJson[] = new Array(rows.length)
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!
    const sort: (string | null)[] = new Array(sortKeys)
    for (let k = 0; k < sortKeys; k++) sort[k] = r[`s${k}`] ?? null
    out[i] = { json: r.h + compactJsonb(r.cf) + r.t, sort }
  }
  const n = rows[0]?.n
  return { rows: out, counted: n === undefined || n === null ? null : Number(n) }
}

/**
 * The query's tasks in its order, `limit` from `offset`, each as its answer's JSON text, the
 * statement made for this call; `within`: looked for among the first `rows` tasks satisfying
 * `where` only (rql/window.ts, task-walk.ts).
 */
export function selectMatchingJson(
  db: Db,
  compiled: CompiledQuery,
  condition: SQL,
  opts: { limit: number; offset?: number; within?: { where: SQL; rows: number } },
): Promise<TaskJson[]> {
  const q = pageQuery(compiled, condition, opts)
  const w = opts.within
  const { sql: text, params } = (w ? overFirstRows(q, w.where, compiled.orderBy, w.rows) : q).toSQL()
  return readPage(db, { text, params }, compiled.orderBy.length)
}
