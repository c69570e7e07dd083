import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { query } from '../../../test/rql-arbitraries'
import { type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { selectMatchingJson } from '../../services/task-json'
import { compileText, countRowsUpTo, scopeCondition } from '../../services/task-query'
import { QUERY_TOTAL_CAP } from '../../services/task-query-page'

/*
 * POST /tasks/rql by page number answers its page and total in one statement, or from the page
 * alone when it is not full, or from a kept total (issue 28): for any query, page size and page,
 * asked once and again (the second from the kept total), the answer is the one the two statements
 * give — the page read the usual way and the total counted beside it, capped as before.
 * (rql-total.test.ts checks the cap itself over more tasks than it.)
 */

let w: RqlWorld
beforeAll(async () => {
  w = await startRqlWorld()
})
afterAll(async () => {
  await w?.h.close()
})

describe('a page and its total in one statement', () => {
  it('answers what the page and the separate count answer, for any query, size and page', async () => {
    const db = w.h.database.db
    let compared = 0
    await fc.assert(
      fc.asyncProperty(
        query,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        async ({ text }, perPage, page) => {
          let compiled: Awaited<ReturnType<typeof compileText>>
          try {
            compiled = await compileText(db, w.nodeId, text, w.adminId)
          } catch {
            return
          }
          const condition = scopeCondition(w.nodeId, 'all', compiled.where)
          const cap = Math.max(QUERY_TOTAL_CAP, (page + 4) * perPage)
          const n = await countRowsUpTo(db, compiled, condition, cap)
          const rows = await selectMatchingJson(db, compiled, condition, {
            limit: perPage + 1,
            offset: (page - 1) * perPage,
          })
          const expected = {
            data: rows.slice(0, perPage).map((r) => JSON.parse(r.json).key),
            total: Math.min(n, cap),
            total_exact: n <= cap,
            more: rows.length > perPage,
          }
          for (const time of ['first', 'kept']) {
            const res = await w.h.call('POST', `/tasks/rql/${w.nodeId}`, {
              token: w.adminToken,
              body: { query: text, per_page: perPage, page },
            })
            expect(res.status, `${time}: ${JSON.stringify(res.body)}`).toBe(200)
            expect({
              data: res.body.data.map((t: { key: string }) => t.key),
              total: res.body.meta.total,
              total_exact: res.body.meta.total_exact,
              more: res.body.meta.next_cursor !== null,
            }).toEqual(expected)
          }
          compared++
        },
      ),
      { numRuns: 200 },
    )
    expect(compared).toBeGreaterThan(20)
  })
})
