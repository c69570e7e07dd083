import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badTokens, expectEachRefused } from '../../../test/bad-tokens'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { nodeId } from '../../../test/factories'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'
import { auditLog, nodeUsers, users } from '../../db/schema'
import { rightsOf } from '../../repositories/rights-repository'

let h: Harness
let admin: string
let user: string
let start: string
let demo: string
let refused: [string, string | undefined][]

beforeAll(async () => {
  h = await startApi()
  admin = await h.login(ADMIN)
  user = await h.login(USER)
  start = await nodeId(h, 'start')
  demo = await nodeId(h, 'demo')
  refused = await badTokens(h)
})
afterAll(() => h.close())

describe('POST /users', () => {
  it('creates a user bound to the node with is_authorized, who can then sign in', async () => {
    const body = {
      email: ' New.Person@Example.com ',
      password: 'first-password',
      fio: { name: ' Anna ', surname: 'Smirnova' },
      contacts: { phone: '+7 (900) 123-45-67' },
      node_id: start,
    }
    const res = await h.call('POST', '/users', { token: admin, body })
    expect(res.status).toBe(201)
    expect(res.body.detail).toEqual([{ type: 'users.user_created', msg: 'User successfully created' }])
    expect(res.body.data).toMatchObject({
      user_name: 'new.person@example.com',
      full_name: 'Smirnova Anna',
      is_superuser: false,
      fio: { name: 'Anna', surname: 'Smirnova', middlename: '' },
      contacts: { email: 'new.person@example.com', phone: '+7 (900) 123-45-67' },
    })
    const id = res.body.data.id
    const [row] = await h.database.db.select().from(users).where(eq(users.id, id))
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/)
    const bound = await h.database.db
      .select()
      .from(nodeUsers)
      .where(and(eq(nodeUsers.userId, id), eq(nodeUsers.nodeId, start)))
    expect(bound).toHaveLength(1)
    expect(await rightsOf(h.database.db, start, id)).toEqual({ is_authorized: null })
    const audit = await h.database.db.select().from(auditLog).where(eq(auditLog.targetId, id))
    expect(audit).toMatchObject([
      { nodeId: start, action: 'users.user_created', requestId: res.headers.get('x-request-id') },
    ])

    const login = await h.call('POST', '/users/token', {
      body: { email: 'new.person@example.com', password: 'first-password' },
    })
    expect(login.status).toBe(200)
  })

  it('refuses an email already registered, in any case, with 409 and changes nothing', async () => {
    const res = await unchanged(h.database.db, () =>
      h.call('POST', '/users', {
        token: admin,
        body: { email: 'USER@example.com', password: 'password-123', node_id: start },
      }),
    )
    expect(res.status).toBe(409)
    expect(res.body.detail).toEqual([
      { type: 'users.user_already_registered', msg: 'User already registered', loc: ['body', 'email'] },
    ])
  })

  it('refuses an email registered in another node too (binding is POST /nodes/bind-user)', async () => {
    // The seeded user is in start, not in demo.
    const res = await unchanged(h.database.db, () =>
      h.call('POST', '/users', {
        token: admin,
        body: { email: USER.email, password: 'password-123', node_id: demo },
      }),
    )
    expect(res.status).toBe(409)
    expect(res.body.detail[0].type).toBe('users.user_already_registered')
  })

  it('answers missing fields with value_error.missing at their loc', async () => {
    const res = await unchanged(h.database.db, () => h.call('POST', '/users', { token: admin, body: {} }))
    expect(res.status).toBe(422)
    expect(locs(res.body)).toEqual(
      expect.arrayContaining([
        'body.email:value_error.missing',
        'body.password:value_error.missing',
        'body.node_id:value_error.missing',
      ]),
    )
  })

  it('answers malformed fields with their codes at their loc', async () => {
    const body = {
      email: 'not-an-email',
      password: 'short',
      node_id: 'not-a-uuid',
      fio: { name: 'x'.repeat(101) },
      contacts: { email: 'nope', phone: 'call me' },
    }
    const res = await unchanged(h.database.db, () => h.call('POST', '/users', { token: admin, body }))
    expect(res.status).toBe(422)
    expect(locs(res.body)).toEqual(
      expect.arrayContaining([
        'body.email:value_error.email',
        'body.password:value_error.any_str.min_length',
        'body.node_id:value_error',
        'body.fio.name:value_error.any_str.max_length',
        'body.contacts.email:value_error.email',
        'body.contacts.phone:value_error.phone',
      ]),
    )
    const min = res.body.detail.find((d: { loc: string[] }) => d.loc[1] === 'password')
    expect(min).toMatchObject({ msg: 'Minimum number of characters: 8', ctx: { min: 8 } })
  })

  it('answers 403 rights.forbidden to a member who is not an administrator', async () => {
    const res = await unchanged(h.database.db, () =>
      h.call('POST', '/users', {
        token: user,
        body: { email: 'x1@example.com', password: 'password-123', node_id: start },
      }),
    )
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
  })

  it("answers 404 nodes.node_not_found for another tenant's node and an unknown one", async () => {
    for (const node of [demo, '00000000-0000-4000-8000-000000000000']) {
      const res = await unchanged(h.database.db, () =>
        h.call('POST', '/users', {
          token: user,
          body: { email: 'x2@example.com', password: 'password-123', node_id: node },
        }),
      )
      expect(res.status).toBe(404)
      expect(res.body.detail[0].type).toBe('nodes.node_not_found')
    }
  })

  it('answers 401 to a missing, tampered, revoked or expired token', async () => {
    await expectEachRefused(h, refused, (token) =>
      h.call('POST', '/users', {
        token,
        body: { email: 'x3@example.com', password: 'password-123', node_id: start },
      }),
    )
  })

  it('is documented, with the other users routes, in the OpenAPI document', async () => {
    const paths = (await h.call('GET', '/openapi.json')).body.paths
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/users',
        '/api/users/{nodeId}',
        '/api/users/{userId}',
        '/api/users/token/{userId}',
        '/api/users/verify_token',
      ]),
    )
    expect(paths['/api/users'].post.responses['201']).toBeDefined()
    expect(paths['/api/users/{userId}'].patch.requestBody).toBeDefined()
  })
})
