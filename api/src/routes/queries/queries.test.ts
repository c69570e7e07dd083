import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { bindWithRights, createUser, tamper, UNKNOWN_ID } from '../../../test/tenant-factories'
import { startWorkflowApi } from '../../../test/workflow-factories'

/*
 * /queries/{nodeId} (PRODUCT.md §10): saved task queries, personal (the owner's alone) or shared
 * with the node (read by its users, written by administrators); the text checked by the query
 * language at save; events through the outbox.
 */

let w: Awaited<ReturnType<typeof startWorkflowApi>>
beforeAll(async () => {
  w = await startWorkflowApi()
})
afterAll(() => w.h.close())

const call = (method: string, path: string, token?: string, body?: unknown) =>
  w.h.call(method, path, { token, body })
const refused = (act: () => ReturnType<typeof call>) => unchanged(w.h.database.db, act)
const save = async (body: Record<string, unknown>, token = w.adminToken, nodeId = w.startId) => {
  const res = await call('POST', `/queries/${nodeId}`, token, body)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as { id: string; name: string; query: string; shared: boolean }
}
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((q) => q.name)

async function eventsOf(id: string) {
  const res = await w.h.database.db.execute(
    sql`select type, actor_id, data from events where data ->> 'id' = ${id} order by id`,
  )
  return (res as unknown as { rows: { type: string; actor_id: string; data: Record<string, unknown> }[] })
    .rows
}

describe('POST /queries/{nodeId}', () => {
  it('saves a personal query with its owner, and says so', async () => {
    const res = await call('POST', `/queries/${w.startId}`, w.userToken, {
      name: '  My open tasks ',
      query: ' assignee = me() order by updated_at desc ',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toEqual({
      data: {
        id: expect.any(String),
        name: 'My open tasks',
        query: 'assignee = me() order by updated_at desc',
        shared: false,
        owner: { id: w.userId, full_name: expect.any(String) },
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      detail: [{ type: 'queries.query_created', msg: 'Query saved' }],
    })
    // The event says which query and whose, never a personal query's name or text.
    expect(await eventsOf(res.body.data.id)).toEqual([
      {
        type: 'query.created',
        actor_id: w.userId,
        data: { id: res.body.data.id, shared: false, owner_id: w.userId },
      },
    ])
  })

  it('lets an administrator share a query, and refuses a user that (403), changing nothing', async () => {
    const shared = await save({ name: 'Team board', query: 'status.name ~ open', shared: true })
    expect(shared.shared).toBe(true)
    const res = await refused(() =>
      call('POST', `/queries/${w.startId}`, w.userToken, { name: 'x', query: '', shared: true }),
    )
    expect([res.status, res.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
  })

  it('checks the query at save: 422 rql.* with the position, nothing saved', async () => {
    const cases: [string, string, number][] = [
      ['title = ', 'rql.syntax_error', 9],
      ['nosuch = 1', 'rql.unknown_field', 1],
      ['title ~ a and status = "No such status"', 'rql.invalid_value', 24],
    ]
    for (const [query, type, position] of cases) {
      const res = await refused(() =>
        call('POST', `/queries/${w.startId}`, w.userToken, { name: 'q', query }),
      )
      expect(res.status, query).toBe(422)
      expect(res.body.detail[0]).toMatchObject({ type, loc: ['body', 'query'], ctx: { position } })
    }
  })

  it('refuses bad bodies with their places: NUL, too long, missing, extra, wrong types', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'bad\u0000name', query: '' }, 'body.name:value_error.str.invalid_characters'],
      [{ name: 'q', query: 'title ~ "a\u0000"' }, 'body.query:value_error.str.invalid_characters'],
      [{ name: 'x'.repeat(101), query: '' }, 'body.name:value_error.any_str.max_length'],
      [{ name: 'q', query: `title ~ ${'a'.repeat(10_001)}` }, 'body.query:value_error.any_str.max_length'],
      [{ name: '   ', query: '' }, 'body.name:value_error.missing'],
      [{ query: '' }, 'body.name:value_error.missing'],
      [{ name: 'q' }, 'body.query:value_error.missing'],
      [{ name: 'q', query: '', shared: 'yes' }, 'body.shared:value_error'],
      [{ name: 'q', query: '', owner_id: w.adminId }, 'body:value_error.extra'],
      [{ name: 1, query: '' }, 'body.name:value_error'],
    ]
    for (const [body, loc] of cases) {
      const res = await refused(() => call('POST', `/queries/${w.startId}`, w.userToken, body))
      expect([res.status, locs(res.body)[0]], JSON.stringify(body)).toEqual([422, loc])
    }
  })

  it('answers 401 without a good token and 404 for a node the caller is not bound to', async () => {
    const body = { name: 'q', query: '' }
    expect((await refused(() => call('POST', `/queries/${w.startId}`, undefined, body))).status).toBe(401)
    expect(
      (await refused(() => call('POST', `/queries/${w.startId}`, tamper(w.userToken), body))).status,
    ).toBe(401)
    const other = await refused(() => call('POST', `/queries/${w.demoId}`, w.userToken, body))
    expect([other.status, other.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
  })
})

describe('reading: personal queries are their owner’s alone', () => {
  let mine: { id: string }
  let shared: { id: string }
  let adminsOwn: { id: string }
  beforeAll(async () => {
    mine = await save({ name: 'Mine only', query: 'title ~ secret' }, w.userToken)
    shared = await save({ name: 'Everyone', query: '', shared: true })
    adminsOwn = await save({ name: 'Admin private', query: '' })
  })

  it('GET one: the owner reads it, anyone else gets 404 — an administrator too', async () => {
    const own = await call('GET', `/queries/${w.startId}/${mine.id}`, w.userToken)
    expect([own.status, own.body.data.name]).toEqual([200, 'Mine only'])
    const admin = await call('GET', `/queries/${w.startId}/${mine.id}`, w.adminToken)
    expect([admin.status, admin.body.detail[0]]).toEqual([
      404,
      expect.objectContaining({ type: 'queries.query_not_found', loc: ['params', 'queryId'] }),
    ])
    expect((await call('GET', `/queries/${w.startId}/${adminsOwn.id}`, w.userToken)).status).toBe(404)
    expect((await call('GET', `/queries/${w.startId}/${shared.id}`, w.userToken)).status).toBe(200)
    expect((await call('GET', `/queries/${w.startId}/${UNKNOWN_ID}`, w.userToken)).status).toBe(404)
    expect((await call('GET', `/queries/${w.startId}/not-an-id`, w.userToken)).status).toBe(422)
  })

  it('another node’s id is as unknown as a made-up one (404)', async () => {
    const there = await save({ name: 'Demo shared', query: '', shared: true }, w.adminToken, w.demoId)
    const res = await call('GET', `/queries/${w.startId}/${there.id}`, w.adminToken)
    expect([res.status, res.body.detail[0].type]).toEqual([404, 'queries.query_not_found'])
    const edit = await refused(() =>
      call('PATCH', `/queries/${w.startId}/${there.id}`, w.adminToken, { name: 'taken' }),
    )
    expect(edit.status).toBe(404)
    expect(
      (await refused(() => call('DELETE', `/queries/${w.startId}/${there.id}`, w.adminToken))).status,
    ).toBe(404)
    expect(names(await call('GET', `/queries/${w.startId}?per_page=500`, w.adminToken))).not.toContain(
      'Demo shared',
    )
  })

  it('lists the caller’s own and the shared ones, by name, filtered by shared', async () => {
    const all = names(await call('GET', `/queries/${w.startId}?per_page=500`, w.userToken))
    expect(all).toEqual(expect.arrayContaining(['Mine only', 'Everyone', 'My open tasks', 'Team board']))
    expect(all).not.toContain('Admin private')
    expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    const sharedOnly = await call('GET', `/queries/${w.startId}?shared=true&per_page=500`, w.userToken)
    expect(sharedOnly.body.data.every((q: { shared: boolean }) => q.shared)).toBe(true)
    expect(names(sharedOnly)).toContain('Everyone')
    const personal = await call('GET', `/queries/${w.startId}?shared=false&per_page=500`, w.userToken)
    expect(names(personal)).toEqual(expect.arrayContaining(['Mine only', 'My open tasks']))
    expect(
      personal.body.data.every(
        (q: { shared: boolean; owner: { id: string } }) => !q.shared && q.owner.id === w.userId,
      ),
    ).toBe(true)
    const bad = await call('GET', `/queries/${w.startId}?shared=maybe`, w.userToken)
    expect([bad.status, locs(bad.body)]).toEqual([422, ['query.shared:value_error.enum']])
  })

  it('pages the list: total, page, per_page, and no row twice', async () => {
    const u = await createUser(w.h)
    await bindWithRights(w.h, w.startId, u.id, ['is_authorized'])
    const token = await w.h.login(u)
    for (const n of [3, 1, 2, 5, 4]) await save({ name: `Q${n}`, query: '' }, token)
    const first = await call('GET', `/queries/${w.startId}?shared=false&per_page=2&page=1`, token)
    expect(first.body.meta).toEqual({ total: 5, page: 1, per_page: 2 })
    const pages = [first]
    for (const p of [2, 3])
      pages.push(await call('GET', `/queries/${w.startId}?shared=false&per_page=2&page=${p}`, token))
    expect(pages.flatMap(names)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Q5'])
    expect((await call('GET', `/queries/${w.startId}?per_page=501`, token)).status).toBe(422)
  })
})

describe('PATCH and DELETE', () => {
  it('the owner renames, rewrites and deletes a personal query; events follow', async () => {
    const q = await save({ name: 'Old', query: 'title ~ a' }, w.userToken)
    const res = await call('PATCH', `/queries/${w.startId}/${q.id}`, w.userToken, {
      name: 'New',
      query: 'title ~ b',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({ id: q.id, name: 'New', query: 'title ~ b', shared: false })
    expect(res.body.detail[0].type).toBe('queries.query_edited')
    const bad = await refused(() =>
      call('PATCH', `/queries/${w.startId}/${q.id}`, w.userToken, { query: 'title >' }),
    )
    expect([bad.status, bad.body.detail[0].type, bad.body.detail[0].loc]).toEqual([
      422,
      'rql.syntax_error',
      ['body', 'query'],
    ])
    const gone = await call('DELETE', `/queries/${w.startId}/${q.id}`, w.userToken)
    expect([gone.status, gone.body.data, gone.body.detail[0].type]).toEqual([
      200,
      { id: q.id },
      'queries.query_deleted',
    ])
    expect((await call('GET', `/queries/${w.startId}/${q.id}`, w.userToken)).status).toBe(404)
    expect((await eventsOf(q.id)).map((e) => e.type)).toEqual([
      'query.created',
      'query.edited',
      'query.deleted',
    ])
  })

  it('someone else’s personal query is 404 to patch or delete, for an administrator too', async () => {
    const q = await save({ name: 'Private', query: '' }, w.userToken)
    expect(
      (await refused(() => call('PATCH', `/queries/${w.startId}/${q.id}`, w.adminToken, { name: 'x' })))
        .status,
    ).toBe(404)
    expect((await refused(() => call('DELETE', `/queries/${w.startId}/${q.id}`, w.adminToken))).status).toBe(
      404,
    )
  })

  it('a shared query is written by administrators only (403 to a user, nothing changed)', async () => {
    const q = await save({ name: 'Shared one', query: '', shared: true })
    const edit = await refused(() =>
      call('PATCH', `/queries/${w.startId}/${q.id}`, w.userToken, { name: 'Mine now' }),
    )
    expect([edit.status, edit.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const del = await refused(() => call('DELETE', `/queries/${w.startId}/${q.id}`, w.userToken))
    expect(del.status).toBe(403)
    const own = await save({ name: 'To share', query: '' }, w.userToken)
    const share = await refused(() =>
      call('PATCH', `/queries/${w.startId}/${own.id}`, w.userToken, { shared: true }),
    )
    expect(share.status).toBe(403)
    const renamed = await call('PATCH', `/queries/${w.startId}/${q.id}`, w.adminToken, {
      name: 'Shared, renamed',
    })
    expect([renamed.status, renamed.body.data.name]).toEqual([200, 'Shared, renamed'])
    expect((await call('DELETE', `/queries/${w.startId}/${q.id}`, w.adminToken)).status).toBe(200)
  })

  it('refuses bad patches with their places, changing nothing', async () => {
    const q = await save({ name: 'Patched', query: '' }, w.userToken)
    for (const [body, loc] of [
      [{ name: '' }, 'body.name:value_error.missing'],
      [{ name: 'a\u0000' }, 'body.name:value_error.str.invalid_characters'],
      [{ name: 'x'.repeat(101) }, 'body.name:value_error.any_str.max_length'],
      [{ id: UNKNOWN_ID }, 'body:value_error.extra'],
    ] as const) {
      const res = await refused(() => call('PATCH', `/queries/${w.startId}/${q.id}`, w.userToken, body))
      expect([res.status, locs(res.body)[0]], JSON.stringify(body)).toEqual([422, loc])
    }
  })
})
