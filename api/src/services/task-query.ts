import type { FieldDefinition } from '@domain/fields/types'
import {
  type CheckedQuery,
  checkQueryText,
  type NameBook,
  namedValues,
  type RqlError,
  type RunContext,
  rqlDetail,
} from '@domain/rql'
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../db/client'
import { tasks } from '../db/schema'
import { InvalidInput } from '../http/errors'
import { type CompiledQuery, compileQuery, joinClauses, orderByClause } from '../rql'
import type { Join } from '../rql/columns'
import { type NodeConfig, nodeConfig } from './node-config'
import { nameBook } from './query-names'
import type { ProcessScope } from './task-access'
import { cachedTotal } from './task-counts'

/*
 * The tasks of a node that a query selects (PRODUCT.md §6), the parts every user of a query shares:
 * its text compiled against the node's fields, its selection among the processes the caller may
 * see, its rows in its order, its total. POST /tasks/rql answers with them (task-query-page.ts),
 * as do the bulk edit, the CSV export, the widgets and the webhooks' filters.
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
 * meets an old check — and per text, the most recent CHECKED_PER_FIELDS of them. Compiling reads
 * the clock and the caller too: POST /tasks/rql keeps its compiled queries by those as well
 * (task-page-memo.ts); the other users of a query compile per request.
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

/** Parses and checks query text against the node's fields (kept per text); 422 with every problem's place. */
export function checkedQuery(text: string, customs: readonly FieldDefinition[]): CheckedQuery {
  const checked = checkedText(text, customs)
  if (!checked.ok) throw rqlRefusal(checked.errors)
  return checked.value
}

/**
 * What the statuses, processes, teams and people a query names stand for (query-names.ts): no
 * statement unless it names a team or a person.
 */
export function namesOf(
  db: Db | Tx,
  nodeId: string,
  config: Pick<NodeConfig, 'statuses' | 'flows'>,
  checked: CheckedQuery,
): Promise<NameBook> | NameBook {
  const wanted = namedValues(checked)
  return wanted.length ? nameBook(db, nodeId, config, wanted) : NO_NAMES
}
const NO_NAMES: NameBook = new Map()

/**
 * Parses, checks and compiles query text against the node's fields, for a run (its clock and
 * caller) and the names it uses; 422 with every problem's place.
 */
export function compileChecked(
  text: string,
  customs: readonly FieldDefinition[],
  run: RunContext,
  names: NameBook = NO_NAMES,
): CompiledQuery {
  const compiled = compileQuery(checkedQuery(text, customs), { customs, run, names })
  if (!compiled.ok) throw rqlRefusal(compiled.errors)
  return compiled.value
}

/** Parses, checks and compiles query text against the node's configuration, now, for the user. */
export async function compileText(
  db: Db | Tx,
  nodeId: string,
  text: string,
  userId: string,
  known?: Pick<NodeConfig, 'customs' | 'statuses' | 'flows'>,
): Promise<CompiledQuery> {
  const config = known ?? (await nodeConfig(db, nodeId))
  const names = await namesOf(db, nodeId, config, checkedQuery(text, config.customs))
  return compileChecked(text, config.customs, { now: new Date(), userId }, names)
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

/** What a count is made of but its cap (its joins, its condition's text and values): countUpTo's key. */
export function countKeyOf(compiled: CompiledQuery, condition: SQL): string {
  const { sql: where, params } = keyDialect.sqlToQuery(condition)
  return `${[...compiled.whereJoins].sort().join(',')}\u0000${where}\u0000${JSON.stringify(params)}`
}

/**
 * The query's total counted no further than `cap` + 1 matches, kept for a moment per node and
 * query (task-counts.ts): a widget
 * needs "more than 10,000", not the exact figure over a million tasks, and this reads at most
 * cap + 1 rows of an index where the exact count reads every match. More than `cap` means more.
 * The statement itself is built only when it is counted; `key` is countKeyOf's (a kept page's,
 * task-page-memo.ts).
 */
export function countUpTo(
  db: Db,
  nodeId: string,
  compiled: CompiledQuery,
  condition: SQL,
  cap: number,
  key = countKeyOf(compiled, condition),
): Promise<number> {
  const where = totalKeyOf(nodeId, cap, key)
  return cachedTotal(where.node, where.key, () => countRowsUpTo(db, compiled, condition, cap))
}

/** Where countUpTo keeps a total (task-counts.ts): by node, and by cap and countKeyOf's key. */
export const totalKeyOf = (nodeId: string, cap: number, key: string) => ({
  node: nodeId,
  key: `${cap}\u0000${key}`,
})

/** The selection's rows counted no further than `cap` + 1, now: countUpTo's statement. */
export async function countRowsUpTo(db: Db, compiled: CompiledQuery, condition: SQL, cap: number) {
  const matches = withJoins(db.select({ one: sql`1` }).from(tasks).$dynamic(), compiled.whereJoins)
    .where(condition)
    .limit(cap + 1)
    .as('matches')
  return (await db.select({ n: count() }).from(matches))[0]?.n ?? 0
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
