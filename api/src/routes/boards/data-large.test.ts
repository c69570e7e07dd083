import { TABLE_TOTAL_CAP, TABLE_TOTAL_PAGES_AHEAD } from '@domain/widgets/kinds/table'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_KEYS, type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { boards, boardWidgets, widgets } from '../../db/schema'

/*
 * A table widget over more tasks than its total is counted to (TABLE_TOTAL_CAP): the total says
 * "at least", meta.more says there are more, and a page far on still knows the pages around it.
 */

let w: RqlWorld
let boardId: string
let widgetId: string
const EXTRA = TABLE_TOTAL_CAP + 200

beforeAll(async () => {
  w = await startRqlWorld()
  const db = w.h.database.db
  // Copies of DEV-1 numbered past the world's own tasks, in one statement.
  await db.execute(sql`
    insert into tasks (node_id, process_id, number, key, title, status_id, author_id, custom_fields)
    select t.node_id, t.process_id, 1000 + g, 'DEV-' || (1000 + g), 'Copy ' || g, t.status_id,
           t.author_id, '{}'::jsonb
    from tasks t, generate_series(1, ${EXTRA}) g
    where t.node_id = ${w.nodeId} and t.key = 'DEV-1'`)
  const [widget] = await db
    .insert(widgets)
    .values({ nodeId: w.nodeId, type: 'table', title: 'All', settings: {}, query: '' })
    .returning()
  widgetId = widget!.id
  const [board] = await db.insert(boards).values({ nodeId: w.nodeId, name: 'Big' }).returning()
  boardId = board!.id
  await db.insert(boardWidgets).values({ nodeId: w.nodeId, boardId, widgetId })
}, 120_000)
afterAll(async () => {
  await w?.h.close()
})

const meta = async (page?: number, token = w.adminToken) => {
  const res = await w.h.call(
    'GET',
    `/boards/${w.nodeId}/${boardId}/data${page ? `?w.${widgetId}.page=${page}` : ''}`,
    { token },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data[widgetId].data.meta
}

describe('a table over more tasks than its total is counted to', () => {
  it('says "at least the cap, and more" on its first page', async () => {
    expect(await meta()).toEqual({ total: TABLE_TOTAL_CAP, page: 1, per_page: 5, more: true })
  })

  it('counts a few pages past a page beyond the cap, and exactly near the end', async () => {
    const far = TABLE_TOTAL_CAP / 5 + 10
    expect(await meta(far)).toEqual({
      total: (far + TABLE_TOTAL_PAGES_AHEAD) * 5,
      page: far,
      per_page: 5,
      more: true,
    })
    const all = EXTRA + ALL_KEYS.length
    const last = Math.ceil(all / 5)
    expect(await meta(last)).toEqual({ total: all, page: last, per_page: 5 })
  })
})
