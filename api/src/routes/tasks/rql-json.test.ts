import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { tasks } from '../../db/schema'
import { presentTask } from '../../services/task-query'

/*
 * POST /tasks/rql/{nodeId} answers JSON text that the database wrote (services/task-json.ts): it
 * must be, byte for byte, what JSON.stringify writes of the same tasks read through Drizzle —
 * escapes, unicode, a null assignee, jsonb's own number spelling, microseconds cut to milliseconds.
 */

let w: RqlWorld
beforeAll(async () => {
  w = await startRqlWorld()
  // A task with every awkward value, written as raw SQL so that jsonb keeps `1.50` and the
  // timestamps their microseconds.
  await w.h.database.db.execute(sql`
    insert into tasks (node_id, process_id, number, key, title, description, status_id, assignee_id,
                       author_id, custom_fields, created_at, updated_at)
    values (${w.nodeId}::uuid, ${w.process.dev}::uuid, 77, 'DEV-77',
            ${'quote " back \\ slash / tab\t nl\n cr\r bell\u0007 \u001f del\u007f ✓ 𝄞 \u2028 \u2029 <>&'},
            ${'<p>описание</p>\n'}, ${w.status.open}::uuid, null, ${w.adminId}::uuid,
            '{"cf_points": 1.50, "cf_text": "é \\u0001 \\"x\\", y: z", "cf_rows": [{"size": 2.0e3, "label": "a"}], "cf_tags": [], "cf_big": 1e21, "cf_tiny": 0.0000001, "cf_neg": -12.25}'::jsonb,
            '2024-05-06 07:08:09.999999+00', '2026-01-02 03:04:05.000999+00')`)
})
afterAll(async () => {
  await w?.h.close()
})

const raw = async (body: Record<string, unknown>) => {
  const res = await fetch(`${w.h.url}/tasks/rql/${w.nodeId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${w.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() }
}

describe('the answer as the database wrote it', () => {
  it('is byte for byte JSON.stringify of the tasks read through Drizzle, in the schema’s key order', async () => {
    for (const query of ['order by key', 'order by updated_at desc', 'cf_points > 0 order by cf_points']) {
      const res = await raw({ query, per_page: 3 })
      expect(res.status, res.text).toBe(200)
      expect(res.type).toBe('application/json; charset=utf-8')
      const parsed = JSON.parse(res.text)
      const rows = await w.h.database.db
        .select()
        .from(tasks)
        .where(eq(tasks.nodeId, w.nodeId))
        .then((all) => new Map(all.map((t) => [t.id, t])))
      const expected = {
        data: parsed.data.map((t: { id: string }) => presentTask(rows.get(t.id)!)),
        meta: {
          total: parsed.meta.total,
          total_exact: parsed.meta.total_exact,
          page: 1,
          per_page: 3,
          next_cursor: parsed.meta.next_cursor,
        },
      }
      expect(res.text).toBe(JSON.stringify(expected))
    }
  })

  it('writes the awkward task as Drizzle reads it', async () => {
    const res = await raw({ query: 'order by created_at asc', per_page: 1 })
    const [t] = await w.h.database.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.nodeId, w.nodeId), eq(tasks.key, 'DEV-77')))
    expect(JSON.parse(res.text).data[0].key).toBe('DEV-1')
    const all = await raw({ query: 'order by key desc', per_page: 500 })
    const item = JSON.stringify(presentTask(t!))
    expect(all.text).toContain(item)
    expect(item).toContain('"cf_text":"é \\u0001 \\"x\\", y: z"')
    expect(item).toContain('"cf_big":1e+21,"cf_neg":-12.25')
    expect(item).toContain('"cf_tiny":1e-7')
    expect(item).toContain('"size":2000')
    expect(item).toContain('"cf_points":1.5')
    expect(item).toContain('"title":"quote \\" back \\\\ slash / tab\\t nl\\n cr\\r bell\\u0007 \\u001f')
    expect(item).toContain('"assignee_id":null')
    expect(item).toContain('"created_at":"2024-05-06T07:08:09.999Z","updated_at":"2026-01-02T03:04:05.000Z"')
  })

  it('answers an empty page with its meta', async () => {
    const res = await raw({ query: 'title = "no such title"' })
    expect(res.text).toBe(
      '{"data":[],"meta":{"total":0,"total_exact":true,"page":1,"per_page":10,"next_cursor":null}}',
    )
  })
})
