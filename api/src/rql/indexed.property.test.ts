import { indexableField } from '@domain/fields/indexable'
import type { FieldDefinition } from '@domain/fields/types'
import { PgDialect } from 'drizzle-orm/pg-core'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { query } from '../../test/rql-arbitraries'
import { type RqlWorld, startRqlWorld } from '../../test/rql-fixtures'
import { nodeConfig } from '../services/node-config'
import { selectMatchingJson } from '../services/task-json'
import { compileChecked, countMatching, scopeCondition } from '../services/task-query'
import { withoutJsonbLiterals } from './literal'

/*
 * Indexed custom fields (issue 28) change how a condition or an order is written — the value read
 * through the index's expression, `=` / `in` on it instead of containment — never what it selects:
 * for random queries over the fixture's node, every field that may be indexed compiled as indexed
 * gives the same tasks in the same order, the same count and page by page, as compiled as before;
 * and still no typed value in the SQL text. (The expressions need no index to run: the index only
 * changes the plan, which the EXPLAIN test in routes/fields/indexed-fields.test.ts checks.)
 */

let w: RqlWorld
beforeAll(async () => {
  w = await startRqlWorld()
})
afterAll(async () => {
  await w?.h.close()
})

const dialect = new PgDialect()

describe('a query over indexed fields', () => {
  it('selects and orders exactly what it selects without the index', async () => {
    const db = w.h.database.db
    const plain = (await nodeConfig(db, w.nodeId)).customs
    const indexed: FieldDefinition[] = plain.map((d) => (indexableField(d) ? { ...d, indexed: true } : d))
    expect(indexed.filter((d) => d.indexed).length).toBeGreaterThan(5)
    const run = { now: new Date(), userId: w.adminId }
    let compared = 0
    await fc.assert(
      fc.asyncProperty(
        query,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        async ({ text }, limit, offset) => {
          let before: ReturnType<typeof compileChecked>
          try {
            before = compileChecked(text, plain, run)
          } catch {
            return
          }
          const after = compileChecked(text, indexed, run)
          const rendered = dialect.sqlToQuery(scopeCondition(w.nodeId, 'all', after.where))
          expect(withoutJsonbLiterals(rendered.sql)).not.toContain('«')
          for (const k of after.orderBy) expect(dialect.sqlToQuery(k.expr).sql).not.toContain('«')
          const whereBefore = scopeCondition(w.nodeId, 'all', before.where)
          const whereAfter = scopeCondition(w.nodeId, 'all', after.where)
          expect(await countMatching(db, after, whereAfter)).toBe(
            await countMatching(db, before, whereBefore),
          )
          const rows = (c: typeof before, where: typeof whereBefore) =>
            selectMatchingJson(db, c, where, { limit, offset })
          expect(await rows(after, whereAfter)).toEqual(await rows(before, whereBefore))
          compared++
        },
      ),
      { numRuns: 400 },
    )
    expect(compared).toBeGreaterThan(20)
  })
})
