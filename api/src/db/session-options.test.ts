import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { startApi } from '../../test/harness'
import { sessionOptions } from './client'

/*
 * Each pooled PostgreSQL connection plans with random_page_cost 1.1 unless told otherwise
 * (DB_RANDOM_PAGE_COST, ADR 021): the filtered list's page then walks its b-tree in order.
 */

describe('the session options of a pooled connection', () => {
  it('sets random_page_cost 1.1 by default, the given value, or none when empty; keeps PGOPTIONS', () => {
    expect(sessionOptions({})).toBe('-c random_page_cost=1.1')
    expect(sessionOptions({ DB_RANDOM_PAGE_COST: '2' })).toBe('-c random_page_cost=2')
    expect(sessionOptions({ DB_RANDOM_PAGE_COST: '' })).toBeUndefined()
    expect(sessionOptions({ PGOPTIONS: '-c work_mem=8MB' })).toBe('-c work_mem=8MB -c random_page_cost=1.1')
    expect(sessionOptions({ PGOPTIONS: '-c work_mem=8MB', DB_RANDOM_PAGE_COST: '' })).toBe('-c work_mem=8MB')
  })

  it('refuses a value that is not a positive number (nothing reaches the server)', () => {
    for (const bad of ['x', '-1', '0', '1; drop table tasks', '1 -c fsync=off'])
      expect(() => sessionOptions({ DB_RANDOM_PAGE_COST: bad })).toThrow(/DB_RANDOM_PAGE_COST/)
  })

  it.skipIf(!(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL))(
    'is what the upstream’s connections plan with (PostgreSQL)',
    async () => {
      const h = await startApi()
      try {
        const res = (await h.database.db.execute(sql`show random_page_cost`)) as unknown as {
          rows: { random_page_cost: string }[]
        }
        expect(res.rows[0]?.random_page_cost).toBe('1.1')
      } finally {
        await h.close()
      }
    },
  )
})
