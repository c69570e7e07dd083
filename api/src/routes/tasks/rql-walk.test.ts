import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { selectMatchingJson } from '../../services/task-json'
import { compileText, scopeCondition } from '../../services/task-query'
import { MAX_NEED, MAX_ROWS, PROBE, walkRows } from '../../services/task-walk'

/*
 * POST /tasks/rql for searches (`~`) in the order of the latest change, which look for their page
 * among the newest tasks first (services/task-walk.ts, ADR 025): over a few thousand tasks whose
 * words are common, middling, rare or absent, every page — by cursor to the end, by page number,
 * asked first and asked again — holds the same tasks in the same order as the database's own
 * ordering of every match, with the same total and the next cursor only while more follow.
 */

let w: RqlWorld
const N = 3_000

beforeAll(async () => {
  w = await startRqlWorld()
  // Copies of DEV-1: "common" in one in three, "middle" in one in fifty, "rare" in three; times
  // shared by pairs of tasks (the id orders them), none of them the world's own.
  await w.h.database.db.execute(sql`
    insert into tasks (node_id, process_id, number, key, title, status_id, author_id, custom_fields, updated_at)
    select t.node_id, t.process_id, 1000 + g, 'DEV-' || (1000 + g), 'Copy ' || g, t.status_id, t.author_id,
           jsonb_build_object(
             'cf_text', concat_ws(' ', case when g % 3 = 0 then 'Common' end,
                                       case when g % 50 = 0 then 'middle' end,
                                       case when g % 1000 = 7 then 'rare' end, 'word ' || g),
             'cf_points', g % 10),
           timestamptz '2024-01-01' + ((g * 7919) % ${N / 2}) * interval '1 minute'
    from tasks t, generate_series(1, ${N}) g
    where t.node_id = ${w.nodeId} and t.key = 'DEV-1'`)
}, 120_000)
afterAll(async () => {
  await w?.h.close()
})

const ask = async (body: Record<string, unknown>) => {
  const res = await w.h.call('POST', `/tasks/rql/${w.nodeId}`, { token: w.adminToken, body })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as { data: { key: string }[]; meta: { total: number; next_cursor: string | null } }
}

/** Every match's key in the query's order, as the database orders them all. */
async function expected(pattern: string, direction: 'asc' | 'desc'): Promise<string[]> {
  const d = sql.raw(direction)
  const res = await w.h.database.db.execute(sql`
    select key from tasks
    where node_id = ${w.nodeId} and custom_fields ->> 'cf_text' ilike ${pattern}
    order by updated_at ${d}, id ${d}`)
  return (res as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)
}

async function walkAll(query: string, perPage: number) {
  const keys: string[] = []
  let body = await ask({ query, per_page: perPage })
  const total = body.meta.total
  for (;;) {
    keys.push(...body.data.map((t) => t.key))
    if (!body.meta.next_cursor) break
    expect(body.data).toHaveLength(perPage)
    body = await ask({ query, per_page: perPage, cursor: body.meta.next_cursor })
  }
  return { keys, total }
}

describe('a search in the order of the latest change', () => {
  const cases: [string, string, 'asc' | 'desc'][] = [
    ['cf_text ~ common', '%common%', 'desc'],
    ['cf_text ~ COMMON order by updated_at', '%common%', 'asc'],
    ['cf_text ~ middle', '%middle%', 'desc'],
    ['cf_text ~ rare', '%rare%', 'desc'],
    ['cf_text ~ absent', '%absent%', 'desc'],
  ]

  it.each(cases)('%s: every page by cursor, asked first and again', async (query, pattern, direction) => {
    const all = await expected(pattern, direction)
    for (const perPage of [13, 50, 13]) {
      const walked = await walkAll(query, perPage)
      expect(walked.keys).toEqual(all)
      expect(walked.total).toBe(all.length)
    }
  })

  it.each(cases)('%s: pages by number', async (query, pattern, direction) => {
    const all = await expected(pattern, direction)
    for (const page of [1, 2, 5, 1]) {
      const body = await ask({ query, per_page: 9, page })
      expect(body.data.map((t) => t.key)).toEqual(all.slice((page - 1) * 9, page * 9))
      expect(body.meta.next_cursor !== null).toBe(all.length > page * 9)
    }
  })

  it('finds a common word’s page among the newest tasks, a middling one’s not (then the usual way)', async () => {
    const db = w.h.database.db
    const page = async (text: string) => {
      const compiled = await compileText(db, w.nodeId, text, w.adminId)
      const within = { where: scopeCondition(w.nodeId, 'all', undefined), rows: 8 * PROBE }
      return selectMatchingJson(db, compiled, scopeCondition(w.nodeId, 'all', compiled.whereScanned), {
        limit: 8,
        within,
      })
    }
    expect(await page('cf_text ~ common')).toHaveLength(8)
    expect((await page('cf_text ~ middle')).length).toBeLessThan(8)
  })
})

describe('how far a page walks (walkRows)', () => {
  const now = 1_000_000
  it('probes a query first asked, walks as far as its known total, not at all when that is small', () => {
    expect(walkRows({}, 51, now)).toBe(51 * PROBE)
    expect(walkRows({ total: 6_500 }, 51, now)).toBe(6_500)
    expect(walkRows({ total: 51 * PROBE - 1 }, 51, now)).toBe(0)
    expect(walkRows({ total: 20 }, 51, now)).toBe(0)
    expect(walkRows({}, 501, now)).toBe(MAX_ROWS)
    expect(walkRows({ total: 12_000 }, 51, now)).toBe(MAX_ROWS)
  })
  it('not as far again for a while after a walk found no page, nor for pages deep by number', () => {
    expect(walkRows({ total: 6_500, missed: { at: now - 1_000, rows: 6_500 } }, 51, now)).toBe(0)
    expect(walkRows({ missed: { at: now - 1_000, rows: 51 * PROBE } }, 51, now)).toBe(0)
    expect(walkRows({ total: 6_500, missed: { at: now - 120_000, rows: 6_500 } }, 51, now)).toBe(6_500)
    // A probe found nothing, then the total said there are many: it may look further at once.
    expect(walkRows({ total: 6_500, missed: { at: now - 1_000, rows: 51 * PROBE } }, 51, now)).toBe(6_500)
    expect(walkRows({}, MAX_NEED + 1, now)).toBe(0)
  })
})
