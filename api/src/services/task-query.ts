import type { FieldDefinition } from '@domain/fields/types'
import { hasRight } from '@domain/rights/rights'
import { checkQueryText, type RqlError, rqlDetail } from '@domain/rql'
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../db/client'
import { tasks } from '../db/schema'
import type { Caller } from '../http/caller'
import { badInput, forbidden, InvalidInput } from '../http/errors'
import {
  type CarriedTotal,
  type CompiledQuery,
  compileQuery,
  cursorTotal,
  decodeCursor,
  encodeCursor,
  joinClauses,
  keysetAfter,
  orderByClause,
} from '../rql'
import type { Join } from '../rql/columns'
import { customDefinitions } from './custom-fields'
import { type ProcessScope, scopeIn, taskCaller } from './task-access'
import { cachedTotal } from './task-counts'
import { selectMatchingJson } from './task-json'
import { walkedPage, walksForPages } from './task-walk'

/*
 * POST /tasks/rql/{nodeId}: the tasks of a node that a query selects, among those the caller may
 * see (task_view, by process), a page at a time — by page number, or after a cursor (keyset).
 */

export type TaskRow = typeof tasks.$inferSelect

/** A task as the query answers it (the tasks area owns the full card; reconcile at merge). */
export const presentTask = (t: TaskRow) => ({
  id: t.id,
  key: t.key,
  number: t.number,
  title: t.title,
  description: t.description,
  process_id: t.processId,
  status_id: t.statusId,
  assignee_id: t.assigneeId,
  author_id: t.authorId,
  custom_fields: t.customFields,
  version: t.version,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
})
export type TaskOut = ReturnType<typeof presentTask>

const rqlRefusal = (errors: RqlError[]) =>
  new InvalidInput(errors.map((e) => rqlDetail(e, ['body', 'query'])))

/*
 * Parsing and checking a query is a pure function of its text and the node's custom fields, and
 * a third of a 50-row page's CPU (bench/RESULTS.md, issue 15): kept per field list — the node
 * configuration's, replaced whole when the configuration changes, so a change of fields never
 * meets an old check — and per text, the most recent CHECKED_PER_FIELDS of them. Compiling (which
 * reads the clock and the caller) stays per request.
 */
const CHECKED_PER_FIELDS = 256
const checkedTexts = new WeakMap<readonly FieldDefinition[], Map<string, ReturnType<typeof checkQueryText>>>()

function checkedText(text: string, customs: readonly FieldDefinition[]) {
  let byText = checkedTexts.get(customs)
  if (!byText) {
    byText = new Map()
    checkedTexts.set(customs, byText)
  }
  const kept = byText.get(text)
  if (kept) return kept
  const checked = checkQueryText(text, customs)
  byText.set(text, checked)
  if (byText.size > CHECKED_PER_FIELDS) byText.delete(byText.keys().next().value!)
  return checked
}

/** Parses, checks and compiles query text against the node's fields; 422 with every problem's place. */
export async function compileText(
  db: Db | Tx,
  nodeId: string,
  text: string,
  userId: string,
  known?: FieldDefinition[],
): Promise<CompiledQuery> {
  const customs = known ?? (await customDefinitions(db, nodeId))
  const checked = checkedText(text, customs)
  if (!checked.ok) throw rqlRefusal(checked.errors)
  const compiled = compileQuery(checked.value, { customs, run: { now: new Date(), userId } })
  if (!compiled.ok) throw rqlRefusal(compiled.errors)
  return compiled.value
}

/** The node, the caller's processes, the query: everything a selection of tasks must satisfy. */
export function scopeCondition(nodeId: string, scope: ProcessScope, where: SQL | undefined): SQL {
  return and(eq(tasks.nodeId, nodeId), scope === 'all' ? undefined : inArray(tasks.processId, scope), where)!
}

/** A select of tasks with the joins the query needs. */
// biome-ignore lint/suspicious/noExplicitAny: Drizzle's dynamic select builder is generic in its fields
function withJoins<T extends { leftJoin: (...a: any[]) => T }>(q: T, joins: ReadonlySet<Join>): T {
  let out = q
  for (const j of joinClauses(joins)) out = out.leftJoin(j.table, j.on)
  return out
}

/** The count of a selection, as a query (bench/tasks-explain.ts shows its plan). */
export const countQuery = (db: Db | Tx, compiled: CompiledQuery, condition: SQL) =>
  withJoins(db.select({ n: count() }).from(tasks).$dynamic(), compiled.whereJoins).where(condition)

export async function countMatching(db: Db | Tx, compiled: CompiledQuery, condition: SQL): Promise<number> {
  const [row] = await countQuery(db, compiled, condition)
  return row?.n ?? 0
}

/** Writes a condition's text for countUpTo's key. */
const keyDialect = new PgDialect()

/**
 * The query's total counted no further than `cap` + 1 matches, kept for a moment per node and
 * query (task-counts.ts): a widget
 * needs "more than 10,000", not the exact figure over a million tasks, and this reads at most
 * cap + 1 rows of an index where the exact count reads every match. More than `cap` means more.
 */
export function countUpTo(
  db: Db,
  nodeId: string,
  compiled: CompiledQuery,
  condition: SQL,
  cap: number,
): Promise<number> {
  // The key: what the count statement is made of (its joins, its cap, its condition's text and
  // values). The statement itself is built only when it is counted.
  const { sql: where, params } = keyDialect.sqlToQuery(condition)
  const key = `${[...compiled.whereJoins].sort().join(',')}\u0000${cap}\u0000${where}\u0000${JSON.stringify(params)}`
  return cachedTotal(nodeId, key, async () => {
    const matches = withJoins(db.select({ one: sql`1` }).from(tasks).$dynamic(), compiled.whereJoins)
      .where(condition)
      .limit(cap + 1)
      .as('matches')
    return (await db.select({ n: count() }).from(matches))[0]?.n ?? 0
  })
}

export interface MatchingOptions {
  limit: number
  offset?: number
  forUpdate?: boolean
}

/** Tasks in the query's order with their sort values as text (for the next cursor), as a query. */
export function matchingQuery(db: Db | Tx, compiled: CompiledQuery, condition: SQL, opts: MatchingOptions) {
  const keys = compiled.orderBy
  const sortCols = Object.fromEntries(keys.map((k, i) => [`s${i}`, sql<string | null>`(${k.expr})::text`]))
  let q = withJoins(
    db
      .select({ task: tasks, ...sortCols })
      .from(tasks)
      .$dynamic(),
    compiled.joins,
  )
    .where(condition)
    .orderBy(...orderByClause(keys))
    .limit(opts.limit)
  if (opts.offset) q = q.offset(opts.offset)
  if (opts.forUpdate) q = q.for('update', { of: tasks })
  return q
}

export async function selectMatching(
  db: Db | Tx,
  compiled: CompiledQuery,
  condition: SQL,
  opts: MatchingOptions,
): Promise<{ task: TaskRow; sort: (string | null)[] }[]> {
  const rows = (await matchingQuery(db, compiled, condition, opts)) as unknown as ({
    task: TaskRow
  } & Record<string, string | null>)[]
  return rows.map((r) => ({ task: r.task, sort: compiled.orderBy.map((_, i) => r[`s${i}`] ?? null) }))
}

export interface TaskQueryInput {
  query: string
  page: number
  per_page: number
  cursor?: string
}

/*
 * A query's total is counted no further than QUERY_TOTAL_CAP matches, or a few pages past the one
 * asked for when that is further (as the table widget's, domain/widgets/kinds/table.ts): past it
 * the answer says `total_exact: false` — at least `total` match — and reads cap + 1 rows of an
 * index where an exact count over a million tasks reads every match.
 */
export const QUERY_TOTAL_CAP = 10_000
const QUERY_TOTAL_PAGES_AHEAD = 4

async function countCapped(
  db: Db,
  nodeId: string,
  compiled: CompiledQuery,
  condition: SQL,
  cap: number,
): Promise<CarriedTotal> {
  const n = await countUpTo(db, nodeId, compiled, condition, cap)
  return n > cap ? { total: cap, exact: false } : { total: n, exact: true }
}

/**
 * The answer of POST /tasks/rql/{nodeId} as JSON text (`queryAnswer`'s shape): the rows as the
 * database wrote them (task-json.ts), the meta in the schema's key order.
 */
export async function queryTasks(db: Db, c: Caller, nodeId: string, input: TaskQueryInput): Promise<string> {
  const who = await taskCaller(db, c, nodeId)
  if (!hasRight(who.rights, 'task_view')) throw forbidden()
  const scope = scopeIn(who.config, who.rights, 'task_view')
  const compiled = await compileText(db, nodeId, input.query, c.auth.user.id, who.config.customs)
  const perPage = input.per_page
  const page = input.cursor ? null : input.page
  const answer = (rows: string, total: CarriedTotal, nextCursor: string | null) =>
    `{"data":[${rows}],"meta":${JSON.stringify({ total: total.total, total_exact: total.exact, page, per_page: perPage, next_cursor: nextCursor })}}`
  if (Array.isArray(scope) && scope.length === 0) return answer('', { total: 0, exact: true }, null)

  const base = scopeCondition(nodeId, scope, compiled.where)
  let after: SQL | undefined
  if (input.cursor) {
    const values = decodeCursor(compiled.orderBy, input.cursor)
    if (!values) throw badInput('rql.invalid_cursor', ['body', 'cursor'])
    after = keysetAfter(compiled.orderBy, values)
  }
  const condition = after ? and(base, after)! : base
  // One row past the page says whether there is a next one. A keyset walk counts its total once,
  // at its first page: the pages after it answer the total their cursor carries (issue 15).
  const carried = input.cursor ? cursorTotal(input.cursor) : undefined
  const cap = Math.max(QUERY_TOTAL_CAP, ((input.cursor ? 1 : input.page) + QUERY_TOTAL_PAGES_AHEAD) * perPage)
  const rowsAsked = { limit: perPage + 1, offset: input.cursor ? 0 : (input.page - 1) * perPage }
  // `within`: among the first tasks of the order only (the node's, the caller's, after the cursor),
  // read one by one — the contains' trigram prefilters left out (compiled.whereScanned).
  const read = (within?: number) =>
    within
      ? selectMatchingJson(db, compiled, and(scopeCondition(nodeId, scope, compiled.whereScanned), after)!, {
          ...rowsAsked,
          within: { where: and(scopeCondition(nodeId, scope, undefined), after)!, rows: within },
        })
      : selectMatchingJson(db, compiled, condition, rowsAsked)
  // A search in the order of the latest change looks among the newest tasks first (task-walk.ts).
  const walk = walksForPages(compiled) ? walkedPage(nodeId, input.query, rowsAsked, read) : undefined
  const [rows, total] = await Promise.all([
    walk?.rows ?? read(),
    carried ?? countCapped(db, nodeId, compiled, base, cap),
  ])
  walk?.learn(total)
  const shown = rows.slice(0, perPage)
  const last = shown[shown.length - 1]
  return answer(
    shown.map((r) => r.json).join(','),
    total,
    rows.length > perPage && last ? encodeCursor(compiled.orderBy, last.sort, total) : null,
  )
}
