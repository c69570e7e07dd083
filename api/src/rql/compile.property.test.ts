import { PgDialect } from 'drizzle-orm/pg-core'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RqlWorld, startRqlWorld } from '../../test/rql-fixtures'
import { InvalidInput } from '../http/errors'
import { selectMatchingJson } from '../services/task-json'
import { compileText, countMatching, scopeCondition } from '../services/task-query'
import { withoutJsonbLiterals } from './literal'

/*
 * Properties over random queries, run against the fixture's database:
 * - any text is answered (compiled, or refused with catalogue details), never an exception;
 * - no value typed in a query is ever part of the SQL text: values carry a marker character («),
 *   and the marker must appear in the parameters only;
 * - `not (q)` selects exactly the tasks `q` does not: together they split the tasks (no NULL lost);
 * - a page looked for among the first rows of its order (rql/window.ts), without the trigram
 *   prefilters (whereScanned), when it finds as many rows as asked, is the page: the same rows in
 *   the same order, whatever the query and the order.
 */

let w: RqlWorld
beforeAll(async () => {
  w = await startRqlWorld()
})
afterAll(async () => {
  await w?.h.close()
})

const KEYS = [
  ...['title', 'description', 'key', 'status', 'status.name', 'assignee', 'assignee.full_name', 'author'],
  ...['assignee.contacts.email', 'process.key', 'created_at', 'updated_at', 'cf_text', 'cf_points'],
  ...['cf_priority', 'cf_tags', 'cf_done', 'cf_due', 'cf_at', 'cf_month', 'cf_year', 'cf_phone'],
  ...['cf_place.city', 'cf_rows.label', 'cf_rows.size', 'cf_memo', 'cf_nope', 'Title', 'CF_TEXT'],
]
const OPS = ['=', '!=', '>', '>=', '<', '<=', '~', '!~']
const DANGER = ["'", "' or '1'='1", '"); drop table tasks; --', '$1', '%', '_', '\\', '--', ';', '\u0000']

const quote = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`
/** A typed value carrying the marker, or one of the language's other values. */
const marked = fc
  .tuple(fc.constantFrom(...DANGER, ''), fc.string({ maxLength: 8 }))
  .map(([a, b]) => `«${a}${b}`)
const value = fc.oneof(
  marked.map(quote),
  fc.constantFrom('5', '-2.5', '2024-01-31', '31.01.2024', '2024-01', '2024', 'me()', 'today()', 'now()'),
  fc.constantFrom('-7d', '+2w', 'true', 'false', 'High', 'bug', '+79161234567', 'Open'),
)
const cond = fc.oneof(
  fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(...OPS), value).map((p) => p.join(' ')),
  fc
    .tuple(
      fc.constantFrom(...KEYS),
      fc.constantFrom('in', 'not in'),
      fc.array(value, { minLength: 1, maxLength: 3 }),
    )
    .map(([k, op, vs]) => `${k} ${op} (${vs.join(', ')})`),
  fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom('is empty', 'is not empty')).map((p) => p.join(' ')),
)
const { expr } = fc.letrec((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small' },
    cond,
    fc.tuple(tie('expr'), fc.constantFrom('and', 'or', 'AND'), tie('expr')).map((p) => p.join(' ')),
    tie('expr').map((e) => `not (${e})`),
  ),
}))
const query = fc.oneof(
  fc
    .tuple(
      expr,
      fc.option(fc.subarray(['cf_points desc', 'status', 'key', 'cf_due', 'assignee'], { minLength: 1 })),
    )
    .map(([e, order]) => ({ text: order ? `${e} order by ${order.join(', ')}` : e, cond: e })),
  fc.string({ maxLength: 40 }).map((text) => ({ text, cond: undefined as string | undefined })),
)

const dialect = new PgDialect()

describe('compiling any query', () => {
  it('answers, never splices a value into SQL, and splits the tasks exactly with not', async () => {
    const db = w.h.database.db
    const total = await countMatching(
      db,
      {
        where: undefined,
        orderBy: [],
        joins: new Set(),
        whereJoins: new Set(),
        searches: false,
        whereScanned: undefined,
      },
      scopeCondition(w.nodeId, 'all', undefined),
    )
    let compiledCount = 0
    await fc.assert(
      fc.asyncProperty(query, async ({ text, cond }) => {
        let compiled: Awaited<ReturnType<typeof compileText>>
        try {
          compiled = await compileText(db, w.nodeId, text, w.adminId)
        } catch (e) {
          expect(e).toBeInstanceOf(InvalidInput)
          for (const d of (e as InvalidInput).details) expect(d.type).toMatch(/^rql\./)
          return
        }
        compiledCount++
        const where = compiled.where
        const rendered = dialect.sqlToQuery(scopeCondition(w.nodeId, 'all', where))
        // A value is a parameter, or a custom-field equality's quoted jsonb literal (literal.ts).
        expect(withoutJsonbLiterals(rendered.sql)).not.toContain('«')
        for (const k of compiled.orderBy) expect(dialect.sqlToQuery(k.expr).sql).not.toContain('«')
        if (text.includes('«') && where) expect(JSON.stringify(rendered.params) + rendered.sql).toContain('«')
        if (!where || !cond) return
        // Negated in the language itself: NULLs left bare in a positive query must not be lost.
        const yes = await countMatching(db, compiled, scopeCondition(w.nodeId, 'all', where))
        const negated = await compileText(db, w.nodeId, `not (${cond})`, w.adminId)
        const no = await countMatching(db, negated, scopeCondition(w.nodeId, 'all', negated.where))
        expect(yes + no).toBe(total)
      }),
      { numRuns: 250 },
    )
    // The generator must reach the compiler, not only the checker's refusals.
    expect(compiledCount).toBeGreaterThan(20)
  })
})

/** An order that reads `tasks` alone (a window is made of tasks rows: no joined key). */
const joinsInOrder = /"(st|pr|ps|assignee_u|author_u)"\./

describe('a page looked for among the first rows of its order', () => {
  it('is the page whenever it finds a whole one, for any query and order', async () => {
    const db = w.h.database.db
    let whole = 0
    await fc.assert(
      fc.asyncProperty(
        query,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 8 }),
        async ({ text }, limit, offset, rows) => {
          let compiled: Awaited<ReturnType<typeof compileText>>
          try {
            compiled = await compileText(db, w.nodeId, text, w.adminId)
          } catch {
            return
          }
          if (compiled.orderBy.some((k) => joinsInOrder.test(dialect.sqlToQuery(k.expr).sql))) return
          const condition = scopeCondition(w.nodeId, 'all', compiled.where)
          const usual = await selectMatchingJson(db, compiled, condition, { limit, offset })
          const within = { where: scopeCondition(w.nodeId, 'all', undefined), rows }
          // Read one by one, as a walk reads it: without the trigram prefilters.
          const scanned = scopeCondition(w.nodeId, 'all', compiled.whereScanned)
          const walked = await selectMatchingJson(db, compiled, scanned, { limit, offset, within })
          if (walked.length < limit) return
          whole++
          expect(walked).toEqual(usual)
        },
      ),
      { numRuns: 250 },
    )
    expect(whole).toBeGreaterThan(10)
  })
})
