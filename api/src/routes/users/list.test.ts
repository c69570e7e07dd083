import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badTokens, expectEachRefused } from '../../../test/bad-tokens'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { createUser, nodeId, type TestUser } from '../../../test/factories'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'
import { rights } from '../../db/schema'

let h: Harness
let admin: string
let user: string
let start: string
let demo: string
let refused: [string, string | undefined][]
let suspended: TestUser
const names = (body: { data: { full_name: string }[] }) => body.data.map((u) => u.full_name)

beforeAll(async () => {
  h = await startApi()
  admin = await h.login(ADMIN)
  user = await h.login(USER)
  start = await nodeId(h, 'start')
  demo = await nodeId(h, 'demo')
  await createUser(h, admin, start, { fio: { name: 'Boris', surname: 'Abramov' } })
  await createUser(h, admin, start, { fio: { name: 'Alla', surname: 'abramova', middlename: 'Olegovna' } })
  await createUser(h, admin, start, { fio: { name: 'Zoya' } })
  await createUser(h, admin, start, { email: 'a_b@example.com' })
  await createUser(h, admin, demo, { fio: { name: 'Demo', surname: 'Only' } })
  // Bound to start but without is_authorized: the node's list is not theirs to read.
  suspended = await createUser(h, admin, start, { fio: { surname: 'Zuev' } })
  await h.database.db
    .delete(rights)
    .where(
      and(
        eq(rights.nodeId, start),
        eq(rights.subjectId, suspended.id),
        eq(rights.rightCode, 'is_authorized'),
      ),
    )
  refused = await badTokens(h)
})
afterAll(() => h.close())

describe('GET /users/{nodeId}', () => {
  it("lists the node's users by surname, name and email, with the page's meta", async () => {
    const res = await h.call('GET', `/users/${start}`, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.meta).toEqual({ total: 7, page: 1, per_page: 10 })
    // Surnames in any case first, then people without one (by name, then by email).
    expect(names(res.body)).toEqual([
      'Abramov Boris',
      'abramova Alla Olegovna',
      'Nodus Admin',
      'Petrov Ivan Sergeevich',
      'Zuev',
      'Zoya',
      'a_b@example.com',
    ])
    expect(res.body.data[0]).not.toHaveProperty('password_hash')
    expect(names(res.body)).not.toContain('Only Demo')
  })

  it('is open to any authorized member, not only administrators', async () => {
    const res = await h.call('GET', `/users/${start}?per_page=1`, { token: user })
    expect(res.status).toBe(200)
    expect(res.body.meta.total).toBe(7)
  })

  it('pages through the list without overlap or gaps', async () => {
    const seen: string[] = []
    for (let p = 1; p <= 3; p++) {
      const res = await h.call('GET', `/users/${start}?page=${p}&per_page=3`, { token: admin })
      expect(res.body.meta).toEqual({ total: 7, page: p, per_page: 3 })
      seen.push(...res.body.data.map((u: { id: string }) => u.id))
    }
    expect(seen).toHaveLength(7)
    expect(new Set(seen).size).toBe(7)
    const beyond = await h.call('GET', `/users/${start}?page=9&per_page=3`, { token: admin })
    expect(beyond.body).toEqual({ data: [], meta: { total: 7, page: 9, per_page: 3 } })
  })

  it('searches email, name, surname and middle name in any case', async () => {
    const search = async (q: string) =>
      names((await h.call('GET', `/users/${start}?search=${encodeURIComponent(q)}`, { token: admin })).body)
    expect(await search('ABRAM')).toEqual(['Abramov Boris', 'abramova Alla Olegovna'])
    expect(await search('olegov')).toEqual(['abramova Alla Olegovna'])
    expect(await search('zoy')).toEqual(['Zoya'])
    expect(await search('USER@EXAMPLE')).toEqual(['Petrov Ivan Sergeevich'])
    expect(await search('demo')).toEqual([])
    // LIKE's wildcards are matched literally.
    expect(await search('_')).toEqual(['a_b@example.com'])
    expect(await search('%')).toEqual([])
    const res = await h.call('GET', `/users/${start}?search=abram&per_page=1`, { token: admin })
    expect(res.body.meta.total).toBe(2)
  })

  it('answers malformed paging, search and node id with 422 at their loc', async () => {
    const cases: [string, string][] = [
      [`/users/${start}?page=0`, 'query.page:value_error'],
      [`/users/${start}?per_page=501`, 'query.per_page:value_error'],
      [`/users/${start}?page=abc`, 'query.page:value_error'],
      [`/users/${start}?search=${'x'.repeat(101)}`, 'query.search:value_error.any_str.max_length'],
      ['/users/not-a-uuid', 'params.nodeId:value_error'],
    ]
    for (const [path, expected] of cases) {
      const res = await unchanged(h.database.db, () => h.call('GET', path, { token: admin }))
      expect(res.status, path).toBe(422)
      expect(locs(res.body)).toEqual([expected])
    }
  })

  it('answers 403 rights.forbidden to a member without is_authorized', async () => {
    const token = await h.login(suspended)
    const res = await unchanged(h.database.db, () => h.call('GET', `/users/${start}`, { token }))
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
  })

  it("answers 404 nodes.node_not_found for another tenant's node and an unknown one", async () => {
    for (const node of [demo, '00000000-0000-4000-8000-000000000000']) {
      const res = await unchanged(h.database.db, () => h.call('GET', `/users/${node}`, { token: user }))
      expect(res.status).toBe(404)
      expect(res.body.detail[0].type).toBe('nodes.node_not_found')
    }
  })

  it('answers 401 to a missing, tampered, revoked or expired token', async () => {
    await expectEachRefused(h, refused, (token) => h.call('GET', `/users/${start}`, { token }))
  })
})

describe('GET /users/{nodeId}/{userId}', () => {
  it('answers one user of the node, as the list shows them', async () => {
    const list = await h.call('GET', `/users/${start}?search=abramov&per_page=1`, { token: user })
    const listed = list.body.data[0]
    const res = await h.call('GET', `/users/${start}/${listed.id}`, { token: user })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual(listed)
    expect(res.body.data).not.toHaveProperty('password_hash')
  })

  it('does not find a user of another node, nor an unknown one (404 users.user_not_found)', async () => {
    const other = await h.call('GET', `/users/${demo}?search=only`, { token: admin })
    const outsider = other.body.data[0].id
    for (const id of [outsider, '00000000-0000-4000-8000-000000000000']) {
      const res = await h.call('GET', `/users/${start}/${id}`, { token: admin })
      expect(res.status).toBe(404)
      expect(res.body.detail[0].type).toBe('users.user_not_found')
    }
  })

  it('asks for is_authorized in the node, and a well-formed id', async () => {
    const token = await h.login(suspended)
    const forbidden = await h.call('GET', `/users/${start}/${suspended.id}`, { token })
    expect(forbidden.status).toBe(403)
    const demoNode = await h.call('GET', `/users/${demo}/${suspended.id}`, { token: user })
    expect(demoNode.status).toBe(404)
    expect(demoNode.body.detail[0].type).toBe('nodes.node_not_found')
    const bad = await h.call('GET', `/users/${start}/not-a-uuid`, { token: admin })
    expect(bad.status).toBe(422)
    expect(locs(bad.body)).toEqual(['params.userId:value_error'])
  })
})
