import { PgDialect } from 'drizzle-orm/pg-core'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { query } from '../../test/rql-arbitraries'
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
      { numRuns: 500 },
    )
    // Random queries select a whole page among so few tasks now and then (~1 run in 20).
    expect(whole).toBeGreaterThan(5)
  })
})
