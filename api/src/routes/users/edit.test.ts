import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badTokens, expectEachRefused } from '../../../test/bad-tokens'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { createUser, grant, nodeId, type TestUser, userIdOf } from '../../../test/factories'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'

let h: Harness
let admin: string
let user: string
let start: string
let demo: string
let adminId: string
let refused: [string, string | undefined][]
/** An administrator of start only, who does not administer demo. */
let nodeAdmin: TestUser & { token: string }
const patch = (id: string, token: string | undefined, body: unknown, query = '') =>
  h.call('PATCH', `/users/${id}${query}`, { token, body })
const canSignIn = async (email: string, password: string) =>
  (await h.call('POST', '/users/token', { body: { email, password } })).status === 200

beforeAll(async () => {
  h = await startApi()
  admin = await h.login(ADMIN)
  user = await h.login(USER)
  start = await nodeId(h, 'start')
  demo = await nodeId(h, 'demo')
  adminId = await userIdOf(h, ADMIN.email)
  const na = await createUser(h, admin, start, { fio: { name: 'Node', surname: 'Admin' } })
  await grant(h, start, na.id, 'is_admin')
  nodeAdmin = { ...na, token: await h.login(na) }
  refused = await badTokens(h)
})
afterAll(() => h.close())

describe('PATCH /users/{userId} by the user themself', () => {
  it('changes fio and contacts, keeping the fields not sent', async () => {
    const me = await createUser(h, admin, start, {
      fio: { name: 'Olga', surname: 'Ivanova', middlename: 'Petrovna' },
    })
    const token = await h.login(me)
    const res = await patch(me.id, token, {
      fio: { surname: ' Sidorova ' },
      contacts: { phone: '+7 900 000-00-00' },
    })
    expect(res.status).toBe(200)
    expect(res.body.detail).toEqual([{ type: 'users.user_edited', msg: 'User modified' }])
    expect(res.body.data).toMatchObject({
      full_name: 'Sidorova Olga Petrovna',
      contacts: { email: me.email, phone: '+7 900 000-00-00' },
    })
    const again = await h.call('GET', '/users/me', { token })
    expect(again.body.data.fio).toEqual({ name: 'Olga', surname: 'Sidorova', middlename: 'Petrovna' })
  })

  it('changes the password with the current one and signs out every other session', async () => {
    const me = await createUser(h, admin, start)
    const current = await h.login(me)
    const other = await h.login(me)
    const res = await patch(me.id, current, { password: 'brand-new-password', current_password: me.password })
    expect(res.status).toBe(200)
    expect((await h.call('GET', '/users/me', { token: current })).status).toBe(200)
    expect((await h.call('GET', '/users/me', { token: other })).status).toBe(401)
    expect(await canSignIn(me.email, me.password)).toBe(false)
    expect(await canSignIn(me.email, 'brand-new-password')).toBe(true)
  })

  it('refuses a new password without current_password (422) or with a wrong one (400)', async () => {
    const me = await createUser(h, admin, start)
    const token = await h.login(me)
    const missing = await unchanged(h.database.db, () =>
      patch(me.id, token, { password: 'brand-new-password' }),
    )
    expect(missing.status).toBe(422)
    expect(missing.body.detail).toEqual([
      { type: 'value_error.missing', msg: 'Value is required', loc: ['body', 'current_password'] },
    ])
    const wrong = await unchanged(h.database.db, () =>
      patch(me.id, token, { password: 'brand-new-password', current_password: 'not-my-password' }),
    )
    expect(wrong.status).toBe(400)
    expect(wrong.body.detail[0]).toMatchObject({
      type: 'users.incorrect_password',
      loc: ['body', 'current_password'],
    })
    expect(await canSignIn(me.email, me.password)).toBe(true)
  })

  it('answers malformed fields with their codes at their loc', async () => {
    const body = {
      fio: { surname: 'x'.repeat(101), name: 42 },
      contacts: { email: 'nope', phone: '12ab' },
      password: 'short',
      current_password: '',
    }
    const res = await unchanged(h.database.db, () => patch(adminId, admin, body, '?node_id=nope'))
    expect(res.status).toBe(422)
    const got = locs(res.body)
    expect(got).toEqual(
      expect.arrayContaining([
        'body.fio.surname:value_error.any_str.max_length',
        'body.fio.name:value_error',
        'body.contacts.email:value_error.email',
        'body.contacts.phone:value_error.phone',
        'body.password:value_error.any_str.min_length',
        'body.current_password:value_error.missing',
      ]),
    )
    const bad = await unchanged(h.database.db, () => patch('not-a-uuid', admin, {}))
    expect(bad.status).toBe(422)
    expect(bad.body.detail[0]).toMatchObject({ type: 'value_error', loc: ['params', 'userId'] })
    const query = await unchanged(h.database.db, () => patch(adminId, admin, {}, '?node_id=nope'))
    expect(query.body.detail[0]).toMatchObject({ type: 'value_error', loc: ['query', 'node_id'] })
  })
})

describe('PATCH /users/{userId} by an administrator', () => {
  it('edits a user of a node they administer, with or without node_id', async () => {
    const target = await createUser(h, admin, start)
    const res = await patch(target.id, nodeAdmin.token, { fio: { name: 'Renamed' } })
    expect(res.status).toBe(200)
    expect(res.body.data.fio.name).toBe('Renamed')
    const narrowed = await patch(
      target.id,
      nodeAdmin.token,
      { contacts: { phone: '+1 555 0100' } },
      `?node_id=${start}`,
    )
    expect(narrowed.status).toBe(200)
    expect(narrowed.body.data.contacts.phone).toBe('+1 555 0100')
  })

  it("sets a user's password without the old one, signing out all of the user's sessions", async () => {
    const target = await createUser(h, admin, start)
    const theirs = await h.login(target)
    const res = await patch(target.id, nodeAdmin.token, { password: 'reset-by-admin' })
    expect(res.status).toBe(200)
    expect((await h.call('GET', '/users/me', { token: theirs })).status).toBe(401)
    expect((await h.call('GET', '/users/me', { token: nodeAdmin.token })).status).toBe(200)
    expect(await canSignIn(target.email, 'reset-by-admin')).toBe(true)
  })

  it('may not set the password of a user in a node they do not administer, or of a superuser (403)', async () => {
    // The seeded administrator is a superuser and is also in demo.
    const res = await unchanged(h.database.db, () =>
      patch(adminId, nodeAdmin.token, { password: 'taken-over-1' }),
    )
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
    expect(await canSignIn(ADMIN.email, ADMIN.password)).toBe(true)
  })

  it('answers 403 rights.forbidden to a member who is not an administrator', async () => {
    const target = await createUser(h, admin, start)
    const res = await unchanged(h.database.db, () => patch(target.id, user, { fio: { name: 'Hacked' } }))
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
  })

  it("answers 404 users.user_not_found for another tenant's user and an unknown one", async () => {
    const elsewhere = await createUser(h, admin, demo)
    for (const id of [elsewhere.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await unchanged(h.database.db, () => patch(id, user, { fio: { name: 'X' } }))
      expect(res.status).toBe(404)
      expect(res.body.detail[0].type).toBe('users.user_not_found')
    }
    // node_id narrows: the seeded user is not in demo, so the seeded administrator may not edit them through it.
    const userId = await userIdOf(h, USER.email)
    const narrowed = await unchanged(h.database.db, () =>
      patch(userId, admin, { fio: { name: 'X' } }, `?node_id=${demo}`),
    )
    expect(narrowed.status).toBe(404)
    expect(narrowed.body.detail[0].type).toBe('users.user_not_found')
    const notMine = await unchanged(h.database.db, () => patch(elsewhere.id, user, {}, `?node_id=${demo}`))
    expect(notMine.body.detail[0].type).toBe('nodes.node_not_found')
  })

  it('answers 401 to a missing, tampered, revoked or expired token', async () => {
    await expectEachRefused(h, refused, (token) => patch(adminId, token, { fio: { name: 'X' } }))
  })
})
