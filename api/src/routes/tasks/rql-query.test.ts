import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_KEYS, type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { createUser, userWithGrants } from '../../../test/tenant-factories'
import { nodeUsers, rights, tasks } from '../../db/schema'

/*
 * POST /tasks/rql/{nodeId}: refusals with their code and place, the caller's task_view rights by
 * process, page numbers and keyset cursors.
 */

let w: RqlWorld
beforeAll(async () => {
  w = await startRqlWorld()
})
afterAll(async () => {
  await w?.h.close()
})

const ask = (body: Record<string, unknown>, token = w.adminToken, nodeId = w.nodeId) =>
  w.h.call('POST', `/tasks/rql/${nodeId}`, { token, body })
const keysOf = (res: { body: { data: { key: string }[] } }) => res.body.data.map((t) => t.key)

describe('refused queries', () => {
  // [query, type, position (from 1), reason]
  const cases: [string, string, number, string][] = [
    ['title = ', 'rql.syntax_error', 9, 'rql.syntax_error.missing_value'],
    ['title ~ "open', 'rql.syntax_error', 9, 'rql.syntax_error.unterminated_string'],
    ['(title ~ a', 'rql.syntax_error', 11, 'rql.syntax_error.expected_closing_parenthesis'],
    ['title ~ a b', 'rql.syntax_error', 11, 'rql.syntax_error.trailing_input'],
    ['nosuch = 1', 'rql.unknown_field', 1, 'rql.unknown_field'],
    ['title ~ a and cf_memo ~ x', 'rql.field_not_filterable', 15, 'rql.field_not_filterable'],
    ['title > 5', 'rql.operator_not_allowed', 7, 'rql.operator_not_allowed'],
    ['cf_tags ~ bug', 'rql.operator_not_allowed', 9, 'rql.operator_not_allowed'],
    ['cf_due = tomorrow', 'rql.invalid_value', 10, 'value_error.date'],
    ['cf_priority = urgent', 'rql.invalid_value', 15, 'value_error.enum'],
    ['title = me()', 'rql.invalid_value', 9, 'rql.invalid_value.function'],
    ['status = Nosuch', 'rql.invalid_value', 10, 'rql.invalid_value.unknown_name'],
    ['order by cf_tags', 'rql.field_not_sortable', 10, 'rql.field_not_sortable'],
  ]
  it.each(cases)('%s → %s at %i', async (query, type, position, reason) => {
    const res = await ask({ query })
    expect(res.status, JSON.stringify(res.body)).toBe(422)
    const [first] = res.body.detail
    expect(first).toMatchObject({ type, loc: ['body', 'query'], ctx: { position, reason } })
    expect(first.msg).toContain(String(position))
  })

  it('reports every checker problem at once, in the order of the text', async () => {
    const res = await ask({ query: 'nosuch = 1 and title > 5' })
    expect(
      res.body.detail.map((d: { type: string; ctx: { position: number } }) => [d.type, d.ctx.position]),
    ).toEqual([
      ['rql.unknown_field', 1],
      ['rql.operator_not_allowed', 22],
    ])
  })

  it('knows a field made after the same text was refused (the kept check follows the fields)', async () => {
    const query = 'cf_late = x'
    expect((await ask({ query })).body.detail[0]).toMatchObject({ type: 'rql.unknown_field' })
    const made = await w.h.call('POST', `/fields/${w.nodeId}`, {
      token: w.adminToken,
      body: { name: 'cf_late', type: 'text', title: 'Late' },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const res = await ask({ query })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toEqual([])
  })

  it('refuses a cursor made for another order, and page sizes past 500', async () => {
    const first = await ask({ query: 'order by key', per_page: 2 })
    const res = await ask({ query: 'order by title', per_page: 2, cursor: first.body.meta.next_cursor })
    expect(res.status).toBe(422)
    expect(res.body.detail[0]).toMatchObject({ type: 'rql.invalid_cursor', loc: ['body', 'cursor'] })
    expect((await ask({ query: '', cursor: 'not-a-cursor' })).status).toBe(422)
    expect((await ask({ query: '', per_page: 501 })).status).toBe(422)
  })
})

describe('who sees what', () => {
  it('answers 401 without a token, 404 for a node the caller is not bound to, 403 without task_view', async () => {
    expect((await w.h.call('POST', `/tasks/rql/${w.nodeId}`, { body: { query: '' } })).status).toBe(401)
    expect((await ask({ query: '' }, w.userToken, w.otherNodeId)).status).toBe(404)
    const bare = await createUser(w.h)
    await w.h.database.db.insert(nodeUsers).values({ nodeId: w.nodeId, userId: bare.id })
    await w.h.database.db
      .insert(rights)
      .values({ nodeId: w.nodeId, subjectType: 'user', subjectId: bare.id, rightCode: 'is_authorized' })
    const token = await w.h.login(bare)
    expect((await ask({ query: '' }, token)).status).toBe(403)
  })

  it('shows only the tasks of the processes named by task_view', async () => {
    const ops = await createUser(w.h)
    await w.h.database.db.insert(nodeUsers).values({ nodeId: w.nodeId, userId: ops.id })
    await w.h.database.db.insert(rights).values([
      { nodeId: w.nodeId, subjectType: 'user', subjectId: ops.id, rightCode: 'is_authorized' },
      {
        nodeId: w.nodeId,
        subjectType: 'user',
        subjectId: ops.id,
        rightCode: 'task_view',
        attributes: ['OPS'],
      },
    ])
    const token = await w.h.login(ops)
    const res = await ask({ query: 'title !~ zzz' }, token)
    expect(res.status).toBe(200)
    expect(keysOf(res)).toEqual(['OPS-1'])
    expect(res.body.meta.total).toBe(1)
    // task_view without attributes: every process.
    expect((await ask({ query: '' }, w.userToken)).body.meta.total).toBe(ALL_KEYS.length)
  })

  it('answers the page with total, page, per_page and next_cursor', async () => {
    const res = await ask({ query: 'cf_points > 0 order by cf_points desc, key', per_page: 2, page: 1 })
    expect(res.status).toBe(200)
    expect(keysOf(res)).toEqual(['OPS-1', 'DEV-1'])
    expect(res.body.meta).toMatchObject({ total: 4, page: 1, per_page: 2 })
    expect(res.body.data[0]).toMatchObject({ key: 'OPS-1', custom_fields: { cf_points: 10 }, version: 1 })
    const second = await ask({ query: 'cf_points > 0 order by cf_points desc, key', per_page: 2, page: 2 })
    expect(keysOf(second)).toEqual(['DEV-10', 'DEV-2'])
    expect(second.body.meta.next_cursor).toBeNull()
  })
})

describe('a query asked again (its statement kept: task-page-memo.ts)', () => {
  it("follows a change of the caller's task_view processes", async () => {
    const viewer = await userWithGrants(w.h, w.nodeId, [{ code: 'task_view', attributes: ['OPS'] }])
    const query = 'title !~ zzz order by key'
    expect(keysOf(await ask({ query }, viewer.token))).toEqual(['OPS-1'])
    expect(keysOf(await ask({ query }, viewer.token))).toEqual(['OPS-1'])
    const granted = await w.h.call('POST', `/rights/${w.nodeId}`, {
      token: w.adminToken,
      body: { user_id: viewer.id, right_code: 'task_view', attributes: ['DEV'] },
    })
    expect(granted.status, JSON.stringify(granted.body)).toBe(200)
    const res = await ask({ query }, viewer.token)
    expect(keysOf(res)).toEqual(['DEV-1', 'DEV-2', 'DEV-3', 'DEV-10'])
    expect(res.body.meta.total).toBe(4)
  })

  it('follows a change of a field: a select made multiple is matched as a list', async () => {
    const options = [{ title: 'A', value: 'a' }]
    const made = await w.h.call('POST', `/fields/${w.nodeId}`, {
      token: w.adminToken,
      body: { name: 'cf_kind', type: 'select', title: 'Kind', settings: { options } },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const added = await w.h.database.db
      .insert(tasks)
      .values(
        [
          ['DEV-201', 'a'],
          ['DEV-202', ['a']],
        ].map(([key, kind]) => ({
          nodeId: w.nodeId,
          processId: w.process.dev,
          number: Number((key as string).slice(4)),
          key: key as string,
          title: 'kind',
          statusId: w.status.open,
          authorId: w.adminId,
          customFields: { cf_kind: kind },
        })),
      )
      .returning()
    try {
      const query = 'cf_kind = a'
      expect(keysOf(await ask({ query }))).toEqual(['DEV-201'])
      expect(keysOf(await ask({ query }))).toEqual(['DEV-201'])
      const edited = await w.h.call('PATCH', `/fields/${w.nodeId}/${made.body.data.id}`, {
        token: w.adminToken,
        body: { settings: { options, multiple: true } },
      })
      expect(edited.status, JSON.stringify(edited.body)).toBe(200)
      expect(keysOf(await ask({ query }))).toEqual(['DEV-202'])
    } finally {
      for (const t of added) await w.h.database.db.delete(tasks).where(eq(tasks.id, t.id))
    }
  })
})

describe('keyset paging', () => {
  async function walk(query: string, perPage: number, between?: () => Promise<void>) {
    const seen: string[] = []
    let cursor: string | undefined
    for (let i = 0; i < 20; i++) {
      const res = await ask({ query, per_page: perPage, ...(cursor ? { cursor } : {}) })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      if (cursor) expect(res.body.meta.page).toBeNull()
      seen.push(...keysOf(res))
      cursor = res.body.meta.next_cursor ?? undefined
      if (!cursor) return seen
      await between?.()
    }
    throw new Error('never ended')
  }

  it.each([
    // ties on updated_at broken by id (row comparison), nullable keys both ways (expanded keyset)
    [''],
    ['order by key'],
    ['order by cf_points desc, key'],
    ['order by cf_due, status desc'],
    ['order by assignee, cf_text desc'],
    ['order by created_at'],
  ])('walks "%s" page by page exactly as one page', async (query) => {
    const all = keysOf(await ask({ query, per_page: 100 }))
    for (const perPage of [1, 2, 3]) expect(await walk(query, perPage)).toEqual(all)
  })

  it('is stable while tasks are added before the page being read', async () => {
    const before = keysOf(await ask({ query: 'order by created_at desc', per_page: 100 }))
    let n = 100
    const added: string[] = []
    const seen = await walk('order by created_at desc', 2, async () => {
      // Newer than everything: would shift every offset page by one.
      const [t] = await w.h.database.db
        .insert(tasks)
        .values({
          nodeId: w.nodeId,
          id: randomUUID(),
          processId: w.process.dev,
          number: ++n,
          key: `DEV-${n}`,
          title: 'late',
          statusId: w.status.open,
          authorId: w.adminId,
        })
        .returning()
      added.push(t!.key)
    })
    expect(seen).toEqual(before)
    for (const key of added)
      await w.h.database.db.delete(tasks).where(and(eq(tasks.nodeId, w.nodeId), eq(tasks.key, key)))
  })

  it('counts the total once per walk: the pages after the first answer the total their cursor carries', async () => {
    const first = await ask({ query: 'order by key', per_page: 2 })
    const second = await ask({ query: 'order by key', per_page: 2, cursor: first.body.meta.next_cursor })
    expect(second.body.meta.total).toBe(first.body.meta.total)
    // Not counted again: a cursor carrying another figure is answered with that figure, and passes it on.
    const inner = JSON.parse(Buffer.from(first.body.meta.next_cursor, 'base64url').toString('utf8'))
    const carried = Buffer.from(JSON.stringify({ ...inner, t: 12_345 })).toString('base64url')
    const third = await ask({ query: 'order by key', per_page: 2, cursor: carried })
    expect(third.status).toBe(200)
    expect(third.body.meta.total).toBe(12_345)
    const fourth = await ask({ query: 'order by key', per_page: 2, cursor: third.body.meta.next_cursor })
    expect(fourth.body.meta.total).toBe(12_345)
  })

  it('a cursor whose total is not a count is counted afresh, never a 5xx', async () => {
    const first = await ask({ query: 'order by key', per_page: 2 })
    const inner = JSON.parse(Buffer.from(first.body.meta.next_cursor, 'base64url').toString('utf8'))
    for (const t of [-1, 1.5, 'many', null, 1e300]) {
      const cursor = Buffer.from(JSON.stringify({ ...inner, t })).toString('base64url')
      const res = await ask({ query: 'order by key', per_page: 2, cursor })
      expect(res.status).toBe(200)
      expect(res.body.meta.total).toBe(first.body.meta.total)
    }
  })
})
