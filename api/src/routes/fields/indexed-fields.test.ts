import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { UNKNOWN_ID } from '../../../test/tenant-factories'
import { fields, tasks } from '../../db/schema'
import { fieldIndexName, indexBuildsSettled, resumeIndexBuilds } from '../../services/field-indexes'
import { compileText, matchingQuery, scopeCondition } from '../../services/task-query'

/*
 * Indexed custom fields (issue 28 item 2): the mark in the field contract, the node's limit, the
 * index's states, its drop when unmarked or deleted, a restart's resumption — and the query
 * language's answers, the same with the index as without, read through it (EXPLAIN).
 */

let w: RqlWorld
beforeAll(async () => {
  w = await startRqlWorld()
})
afterAll(async () => {
  await w?.h.close()
})

const db = () => w.h.database.db
const patch = (id: string, body: unknown, node = w.nodeId, token = w.adminToken) =>
  w.h.call('PATCH', `/fields/${node}/${id}`, { token, body })
const getField = (id: string, node = w.nodeId) =>
  w.h.call('GET', `/fields/${node}/${id}`, { token: w.adminToken })
const ask = (body: Record<string, unknown>) =>
  w.h.call('POST', `/tasks/rql/${w.nodeId}`, { token: w.adminToken, body })

async function fieldId(name: string, node = w.nodeId): Promise<string> {
  const [row] = await db()
    .select({ id: fields.id })
    .from(fields)
    .where(and(eq(fields.nodeId, node), eq(fields.name, name)))
  return row!.id
}

/** The field once its index is no longer building (builds run after the answer). */
async function settled(id: string) {
  await indexBuildsSettled()
  const res = await getField(id)
  expect(res.status).toBe(200)
  return res.body.data as { indexed: boolean; index_state: string | null; version: number; name: string }
}

/** Our field indexes on tasks, by name, with their validity. */
async function fieldIndexes(): Promise<Map<string, { valid: boolean; def: string }>> {
  const res = (await db().execute(sql`
    select c.relname as name, i.indisvalid as valid, pg_get_indexdef(i.indexrelid) as def
      from pg_index i join pg_class c on c.oid = i.indexrelid
     where i.indrelid = to_regclass('tasks') and c.relname like 'tasks\\_cf\\_%'`)) as unknown as {
    rows: { name: string; valid: boolean; def: string }[]
  }
  return new Map(res.rows.map((r) => [r.name, { valid: r.valid, def: r.def }]))
}

/** Every answer a list gives: the keys of every page (walked by cursor) and the total. */
async function answers(query: string) {
  const pages: string[][] = []
  let cursor: string | undefined
  let total: unknown
  do {
    const res = await ask({ query, per_page: 2, ...(cursor ? { cursor } : {}) })
    expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200)
    pages.push(res.body.data.map((t: { key: string }) => t.key))
    total ??= res.body.meta.total
    cursor = res.body.meta.next_cursor ?? undefined
  } while (cursor && pages.length < 10)
  return { pages, total }
}

const INDEXED = ['cf_points', 'cf_priority', 'cf_text', 'cf_year', 'cf_due']
const QUERIES = [
  'cf_points = 5',
  'cf_points != 5',
  'cf_points in (3, 10)',
  'cf_points not in (3)',
  'cf_points > 3',
  'cf_points <= 5',
  'not cf_points > 3',
  'cf_points is empty',
  'cf_priority = high',
  'cf_priority != high',
  'cf_priority in (high, low)',
  'cf_text = ALPHA',
  'cf_text != ALPHA',
  'cf_text in (ALPHA, beta_test)',
  'cf_text ~ alpha',
  'cf_text !~ alpha',
  'cf_text is not empty',
  'cf_year = 2024',
  'cf_year > 2023',
  'cf_year != 2024',
  'cf_due >= 2024-01-31',
  'cf_due < 2024-02-01',
  'cf_due != 2024-01-31',
  'order by cf_points',
  'order by cf_points desc, key',
  'order by cf_text desc',
  'cf_points > 0 order by cf_points desc, key',
  'cf_priority = low or cf_points = 10 order by cf_year, cf_due desc',
]

describe('marking a field indexed', () => {
  it('answers building, then the index is built (named by hashes) and the field is ready', async () => {
    const id = await fieldId('cf_points')
    const res = await patch(id, { indexed: true })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({ indexed: true, index_state: 'building' })
    expect(await settled(id)).toMatchObject({ indexed: true, index_state: 'ready' })
    const name = fieldIndexName(w.nodeId, id, 'cf_points')
    expect(name).toMatch(/^tasks_cf_[0-9a-f]{12}_[0-9a-f]{16}$/)
    const index = (await fieldIndexes()).get(name)
    expect(index?.valid).toBe(true)
    expect(index?.def).toContain("(node_id, NULLIF((custom_fields #> '{cf_points}'::text[]), 'null'::jsonb))")
    // Marked again: nothing to build, still ready.
    const again = await patch(id, { indexed: true })
    expect(again.body.data).toMatchObject({ indexed: true, index_state: 'ready' })
  })

  it('lists answer exactly as before once the fields are indexed', async () => {
    for (const name of INDEXED) await patch(await fieldId(name), { indexed: false })
    await indexBuildsSettled()
    const before = new Map<string, unknown>()
    for (const q of QUERIES) before.set(q, await answers(q))
    for (const name of INDEXED) {
      const res = await patch(await fieldId(name), { indexed: true })
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200)
    }
    for (const name of INDEXED) expect((await settled(await fieldId(name))).index_state).toBe('ready')
    for (const q of QUERIES) expect(await answers(q), q).toEqual(before.get(q))
  })

  it('refuses the mark past the node limit (422, nothing changes), and after an unmark takes it', async () => {
    const id = await fieldId('cf_phone')
    const res = await patch(id, { indexed: true })
    expect(res.status).toBe(422)
    expect(res.body.detail[0]).toMatchObject({
      type: 'fields.indexed_limit',
      loc: ['body', 'indexed'],
      ctx: { limit: 5 },
    })
    expect(await settled(id)).toMatchObject({ indexed: false, index_state: null, version: 1 })
    await patch(await fieldId('cf_year'), { indexed: false })
    expect((await patch(id, { indexed: true })).status).toBe(200)
    expect((await settled(id)).index_state).toBe('ready')
  })

  it('refuses a field holding a list or a group (422 fields.field_not_indexable)', async () => {
    for (const name of ['cf_tags', 'cf_place', 'cf_rows']) {
      const id = await fieldId(name)
      const res = await patch(id, { indexed: true })
      expect(res.status, name).toBe(422)
      expect(res.body.detail[0]).toMatchObject({
        type: 'fields.field_not_indexable',
        loc: ['body', 'indexed'],
      })
      expect(await settled(id)).toMatchObject({ indexed: false, version: 1 })
    }
    // Nor may a marked field become a list.
    const res = await patch(await fieldId('cf_priority'), { settings: { multiple: true } })
    expect(res.status).toBe(422)
    expect(res.body.detail[0]).toMatchObject({ type: 'fields.field_not_indexable', loc: ['body', 'type'] })
  })

  it('refuses a bad mark, another node’s field (404) and an unknown one, changing nothing', async () => {
    expect((await patch(await fieldId('cf_done'), { indexed: 'yes' })).status).toBe(422)
    const other = await w.h.call('POST', `/fields/${w.otherNodeId}`, {
      token: w.adminToken,
      body: { name: 'cf_elsewhere', type: 'text', title: 'Elsewhere' },
    })
    expect(other.status).toBe(201)
    const res = await patch(other.body.data.id, { indexed: true })
    expect(res.status).toBe(404)
    expect(res.body.detail[0].type).toBe('fields.field_not_found')
    expect((await patch(UNKNOWN_ID, { indexed: true })).status).toBe(404)
    const there = await w.h.call('GET', `/fields/${w.otherNodeId}/${other.body.data.id}`, {
      token: w.adminToken,
    })
    expect(there.body.data).toMatchObject({ indexed: false, index_state: null })
    expect((await patch(await fieldId('cf_done'), { indexed: true }, w.nodeId, w.userToken)).status).toBe(403)
  })

  it('drops the index when the field is unmarked, and when an indexed field is deleted', async () => {
    const id = await fieldId('cf_text')
    const name = fieldIndexName(w.nodeId, id, 'cf_text')
    expect((await fieldIndexes()).has(name)).toBe(true)
    const res = await patch(id, { indexed: false })
    expect(res.body.data).toMatchObject({ indexed: false, index_state: null })
    await indexBuildsSettled()
    expect((await fieldIndexes()).has(name)).toBe(false)

    const made = await w.h.call('POST', `/fields/${w.nodeId}`, {
      token: w.adminToken,
      body: { name: 'cf_short_lived', type: 'number', title: 'Short lived' },
    })
    const madeId = made.body.data.id as string
    await patch(madeId, { indexed: true })
    expect((await settled(madeId)).index_state).toBe('ready')
    const madeIndex = fieldIndexName(w.nodeId, madeId, 'cf_short_lived')
    expect((await fieldIndexes()).get(madeIndex)?.valid).toBe(true)
    expect((await w.h.call('DELETE', `/fields/${w.nodeId}/${madeId}`, { token: w.adminToken })).status).toBe(
      200,
    )
    await indexBuildsSettled()
    expect((await fieldIndexes()).has(madeIndex)).toBe(false)
  })

  it('a rename builds the index of the new key and drops the old one', async () => {
    const made = await w.h.call('POST', `/fields/${w.nodeId}`, {
      token: w.adminToken,
      body: { name: 'cf_before', type: 'text', title: 'Before' },
    })
    const id = made.body.data.id as string
    await patch(id, { indexed: true })
    await settled(id)
    const res = await patch(id, { name: 'cf_after' })
    expect(res.body.data).toMatchObject({ indexed: true, index_state: 'building' })
    expect((await settled(id)).index_state).toBe('ready')
    const now = await fieldIndexes()
    expect(now.has(fieldIndexName(w.nodeId, id, 'cf_before'))).toBe(false)
    expect(now.get(fieldIndexName(w.nodeId, id, 'cf_after'))?.valid).toBe(true)
    await w.h.call('DELETE', `/fields/${w.nodeId}/${id}`, { token: w.adminToken })
    await indexBuildsSettled()
  })

  it('a build that fails leaves the field failed and no index; marking it again builds it', async () => {
    const id = await fieldId('cf_at')
    const name = fieldIndexName(w.nodeId, id, 'cf_at')
    // A table under the index's name: the build cannot make its index.
    await db().execute(sql.raw(`create table "${name}" (x int)`))
    await patch(await fieldId('cf_due'), { indexed: false })
    const res = await patch(id, { indexed: true })
    expect(res.body.data).toMatchObject({ index_state: 'building' })
    expect(await settled(id)).toMatchObject({ indexed: true, index_state: 'failed' })
    expect((await fieldIndexes()).has(name)).toBe(false)
    // Queries on a failed field read it as before.
    expect(
      (await ask({ query: 'cf_at >= "2024-01-31T10:30"' })).body.data.map((t: { key: string }) => t.key),
    ).toEqual(['DEV-1'])
    await db().execute(sql.raw(`drop table "${name}"`))
    expect((await patch(id, { indexed: true })).body.data).toMatchObject({ index_state: 'building' })
    expect((await settled(id)).index_state).toBe('ready')
  })

  it('after a restart, a build cut short is made and an index no field wants is dropped', async () => {
    const id = await fieldId('cf_at')
    const name = fieldIndexName(w.nodeId, id, 'cf_at')
    // As a stop in the middle of a build leaves it: marked, building, no valid index.
    await db().execute(sql.raw(`drop index "${name}"`))
    await db().update(fields).set({ indexState: 'building' }).where(eq(fields.id, id))
    const orphan = fieldIndexName(w.nodeId, UNKNOWN_ID, 'cf_gone')
    await db().execute(sql.raw(`create index "${orphan}" on tasks (node_id)`))
    await resumeIndexBuilds(db())
    expect((await settled(id)).index_state).toBe('ready')
    const now = await fieldIndexes()
    expect(now.get(name)?.valid).toBe(true)
    expect(now.has(orphan)).toBe(false)
  })
})

describe('the query reads through the index (EXPLAIN)', () => {
  it('uses the field index for =, in, comparisons and order by', async () => {
    const points = await fieldId('cf_points')
    expect((await settled(points)).index_state).toBe('ready')
    const index = fieldIndexName(w.nodeId, points, 'cf_points')
    const [dev] = await db()
      .select({ processId: tasks.processId, statusId: tasks.statusId, authorId: tasks.authorId })
      .from(tasks)
      .where(eq(tasks.id, w.ids['DEV-1']!))
    // Enough rows that an index is worth reading, then the planner's statistics.
    await db()
      .insert(tasks)
      .values(
        Array.from({ length: 2000 }, (_, i) => ({
          nodeId: w.nodeId,
          key: `BULK-${i + 1}`,
          number: 1000 + i,
          processId: dev!.processId,
          statusId: dev!.statusId,
          authorId: dev!.authorId,
          title: `Bulk ${i}`,
          customFields: { cf_points: 100 + i, cf_text: `bulk ${i % 10}` },
        })),
      )
    await db().execute(sql`analyze tasks`)
    for (const query of [
      'cf_points = 150',
      'cf_points in (150, 160)',
      'cf_points > 2090',
      'order by cf_points desc',
    ]) {
      const compiled = await compileText(db(), w.nodeId, query, w.adminId)
      const statement = matchingQuery(db(), compiled, scopeCondition(w.nodeId, 'all', compiled.where), {
        limit: 50,
      })
      const plan = await db().transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`)
        const res = (await tx.execute(sql`explain ${statement.getSQL()}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[]
        }
        return res.rows.map((r) => r['QUERY PLAN']).join('\n')
      })
      expect(plan, `${query}\n${plan}`).toContain(index)
    }
    // And the answer is the one a scan gives.
    const res = await ask({ query: 'cf_points in (150, 160) order by cf_points desc' })
    expect(res.body.data.map((t: { key: string }) => t.key)).toEqual(['BULK-61', 'BULK-51'])
  })
})
