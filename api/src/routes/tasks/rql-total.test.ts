import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_KEYS, type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { QUERY_TOTAL_CAP } from '../../services/task-query-page'

/*
 * POST /tasks/rql over more tasks than a total is counted to (QUERY_TOTAL_CAP): the total says "at
 * least" with total_exact false, a page far on is counted a few pages past itself, a cursor walk
 * carries the figure and its exactness, and a small selection stays exact.
 */

let w: RqlWorld
const EXTRA = QUERY_TOTAL_CAP + 200

beforeAll(async () => {
  w = await startRqlWorld()
  // Copies of DEV-1 numbered past the world's own tasks, in one statement.
  await w.h.database.db.execute(sql`
    insert into tasks (node_id, process_id, number, key, title, status_id, author_id, custom_fields)
    select t.node_id, t.process_id, 1000 + g, 'DEV-' || (1000 + g), 'Copy ' || g, t.status_id,
           t.author_id, '{}'::jsonb
    from tasks t, generate_series(1, ${EXTRA}) g
    where t.node_id = ${w.nodeId} and t.key = 'DEV-1'`)
}, 120_000)
afterAll(async () => {
  await w?.h.close()
})

const ask = async (body: Record<string, unknown>) => {
  const res = await w.h.call('POST', `/tasks/rql/${w.nodeId}`, { token: w.adminToken, body })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body
}

describe('a query over more tasks than its total is counted to', () => {
  it('says "at least the cap" with total_exact false, and carries both along a cursor walk', async () => {
    const first = await ask({ query: 'order by key', per_page: 50 })
    expect(first.meta).toMatchObject({ total: QUERY_TOTAL_CAP, total_exact: false, page: 1 })
    const second = await ask({ query: 'order by key', per_page: 50, cursor: first.meta.next_cursor })
    expect(second.meta).toMatchObject({ total: QUERY_TOTAL_CAP, total_exact: false, page: null })
    expect(second.data).toHaveLength(50)
  })

  it('counts a few pages past a page beyond the cap, and exactly near the end', async () => {
    const far = QUERY_TOTAL_CAP / 10 + 10
    const deep = await ask({ query: '', per_page: 10, page: far })
    expect(deep.meta).toMatchObject({ total: (far + 4) * 10, total_exact: false })
    expect(deep.data).toHaveLength(10)
    const all = EXTRA + ALL_KEYS.length
    const last = Math.ceil(all / 10)
    expect((await ask({ query: '', per_page: 10, page: last })).meta).toMatchObject({
      total: all,
      total_exact: true,
    })
  })

  it('keeps a small selection exact', async () => {
    const few = await ask({ query: 'title ~ "Copy 1234"', per_page: 50 })
    expect(few.meta).toMatchObject({ total: 1, total_exact: true, next_cursor: null })
  })
})
