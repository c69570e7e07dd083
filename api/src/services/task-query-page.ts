import { hasRight } from '@domain/rights/rights'
import { and } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { Caller } from '../http/caller'
import { badInput, forbidden } from '../http/errors'
import { type CarriedTotal, cursorTotal, decodeCursor, encodeCursor, keysetAfter } from '../rql'
import { scopeIn, taskCaller } from './task-access'
import { keptTotal, totalSlot } from './task-counts'
import { readCountedPage, readPage, selectMatchingJson, type TaskJson } from './task-json'
import { type KeptQuery, keptQuery, type PageStatement, pageStatement } from './task-page-memo'
import { checkedQuery, countRowsUpTo, countUpTo, namesOf, scopeCondition, totalKeyOf } from './task-query'
import { walkedPage, walksForPages } from './task-walk'

/*
 * POST /tasks/rql/{nodeId}: the tasks of a node that a query selects, among those the caller may
 * see (task_view, by process), a page at a time — by page number, or after a cursor (keyset). The
 * page's statement is made once per query shape (task-page-memo.ts).
 */

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
  query: KeptQuery,
  page: PageStatement,
  cap: number,
): Promise<CarriedTotal> {
  const n = await countUpTo(db, nodeId, query.compiled, page.base, cap, page.countKey())
  return n > cap ? { total: cap, exact: false } : { total: n, exact: true }
}

/**
 * A page by number and its total (issue 28): the total kept for the query when there is one (one
 * statement: the page); else the page's own statement counts it (task-json.ts' countedPageQuery).
 * Only a page past the last match (no row, an offset) counts it in a second statement. Either way
 * the total is countCapped's, and is kept as countCapped keeps it.
 */
async function pageAndTotal(
  db: Db,
  nodeId: string,
  query: KeptQuery,
  page: PageStatement,
  values: { limit: number; offset: number; cap: number },
): Promise<[TaskJson[], CarriedTotal]> {
  const { compiled } = query
  const { cap } = values
  const capped = (n: number): CarriedTotal =>
    n > cap ? { total: cap, exact: false } : { total: n, exact: true }
  const where = totalKeyOf(nodeId, cap, page.countKey())
  const kept = keptTotal(where.node, where.key, () => countRowsUpTo(db, compiled, page.base, cap))
  if (kept) {
    const [rows, n] = await Promise.all([readPage(db, page.statement(values), compiled.orderBy.length), kept])
    return [rows, capped(n)]
  }
  const slot = totalSlot(where.node, where.key)
  const { rows, counted } = await readCountedPage(db, page.counted(values), compiled.orderBy.length)
  let n: number
  if (counted !== null) n = counted
  else if (values.offset === 0) n = 0
  else return [rows, await countCapped(db, nodeId, query, page, cap)]
  slot.keep(n)
  return [rows, capped(n)]
}

/**
 * The answer of POST /tasks/rql/{nodeId} as JSON text (`queryAnswer`'s shape): the rows as the
 * database wrote them (task-json.ts), the meta in the schema's key order.
 */
export async function queryTasks(db: Db, c: Caller, nodeId: string, input: TaskQueryInput): Promise<string> {
  const who = await taskCaller(db, c, nodeId)
  if (!hasRight(who.rights, 'task_view')) throw forbidden()
  const scope = scopeIn(who.config, who.rights, 'task_view')
  const names = await namesOf(db, nodeId, who.config, checkedQuery(input.query, who.config.customs))
  const query = keptQuery(who.config.customs, input.query, c.auth.user.id, names)
  const { compiled } = query
  const keys = compiled.orderBy
  const perPage = input.per_page
  const page = input.cursor ? null : input.page
  const answer = (rows: string, total: CarriedTotal, nextCursor: string | null) =>
    `{"data":[${rows}],"meta":${JSON.stringify({ total: total.total, total_exact: total.exact, page, per_page: perPage, next_cursor: nextCursor })}}`
  if (Array.isArray(scope) && scope.length === 0) return answer('', { total: 0, exact: true }, null)

  let after: (string | null)[] | undefined
  if (input.cursor) {
    after = decodeCursor(keys, input.cursor)
    if (!after) throw badInput('rql.invalid_cursor', ['body', 'cursor'])
  }
  const rowsAsked = { limit: perPage + 1, offset: input.cursor ? 0 : (input.page - 1) * perPage }
  const statement = pageStatement(query, { nodeId, scope, offset: rowsAsked.offset > 0, after })
  // One row past the page says whether there is a next one. A keyset walk counts its total once,
  // at its first page: the pages after it answer the total their cursor carries (issue 15).
  const carried = input.cursor ? cursorTotal(input.cursor) : undefined
  const cap = Math.max(QUERY_TOTAL_CAP, ((input.cursor ? 1 : input.page) + QUERY_TOTAL_PAGES_AHEAD) * perPage)
  // `within`: among the first tasks of the order only (the node's, the caller's, after the cursor),
  // read one by one — the contains' trigram prefilters left out (compiled.whereScanned).
  const read = (within?: number) => {
    if (!within) return readPage(db, statement.statement({ ...rowsAsked, after }), keys.length)
    const afterSql = after ? keysetAfter(keys, after) : undefined
    return selectMatchingJson(
      db,
      compiled,
      and(scopeCondition(nodeId, scope, compiled.whereScanned), afterSql)!,
      {
        ...rowsAsked,
        within: { where: and(scopeCondition(nodeId, scope, undefined), afterSql)!, rows: within },
      },
    )
  }
  // A search in the order of the latest change looks among the newest tasks first (task-walk.ts).
  const walk = walksForPages(compiled) ? walkedPage(nodeId, input.query, rowsAsked, read) : undefined
  // A page by number counts its total in its own statement (pageAndTotal); a cursor's page
  // carries it, or (a cursor from before totals were carried) counts it beside.
  const [rows, total] =
    walk || input.cursor
      ? await Promise.all([walk?.rows ?? read(), carried ?? countCapped(db, nodeId, query, statement, cap)])
      : await pageAndTotal(db, nodeId, query, statement, { ...rowsAsked, cap })
  walk?.learn(total)
  const shown = rows.slice(0, perPage)
  const last = shown[shown.length - 1]
  return answer(
    shown.map((r) => r.json).join(','),
    total,
    rows.length > perPage && last ? encodeCursor(keys, last.sort, total) : null,
  )
}
