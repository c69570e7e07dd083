import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badTokens, expectEachRefused } from '../../../test/bad-tokens'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { createUser, grant, nodeId, type TestUser, userIdOf } from '../../../test/factories'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'
import { auditLog } from '../../db/schema'

let h: Harness
let admin: string
let user: string
let start: string
let demo: string
let adminId: string
let userId: string
let refused: [string, string | undefined][]
/** An administrator of start only. */
let nodeAdmin: TestUser & { token: string }
const signInAs = (id: string, token: string | undefined, node?: string) =>
  h.call('GET', `/users/token/${id}${node ? `?node_id=${node}` : ''}`, { token })

beforeAll(async () => {
  h = await startApi()
  admin = await h.login(ADMIN)
  user = await h.login(USER)
  start = await nodeId(h, 'start')
  demo = await nodeId(h, 'demo')
  adminId = await userIdOf(h, ADMIN.email)
  userId = await userIdOf(h, USER.email)
  const na = await createUser(h, admin, start)
  await grant(h, start, na.id, 'is_admin')
  nodeAdmin = { ...na, token: await h.login(na) }
  refused = await badTokens(h)
})
afterAll(() => h.close())

describe('GET /users/token/{userId}?node_id=', () => {
  it('opens a session as the user, remembering the administrator, and writes the audit log', async () => {
    const res = await signInAs(userId, admin, start)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ token_type: 'bearer', user: { id: userId, user_name: USER.email } })
    expect(Date.parse(res.body.data.expires_at)).toBeGreaterThan(Date.now())
    const me = await h.call('GET', '/users/me', { token: res.body.data.access_token })
    expect(me.body.data).toMatchObject({ id: userId, impersonator_id: adminId })

    const audit = await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'users.sign_in_as'))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      nodeId: start,
      actorId: adminId,
      targetId: userId,
      requestId: res.headers.get('x-request-id'),
    })
    // The support session is the user's own in every other respect: logout ends it.
    await h.call('POST', '/users/logout', { token: res.body.data.access_token })
    expect((await h.call('GET', '/users/me', { token: res.body.data.access_token })).status).toBe(401)
  })

  it('lets an administrator of one node sign in as a user who is only in that node', async () => {
    const res = await signInAs(userId, nodeAdmin.token, start)
    expect(res.status).toBe(200)
  })

  it('refuses a user who is also in a node the administrator does not administer, or a superuser (403)', async () => {
    const res = await unchanged(h.database.db, () => signInAs(adminId, nodeAdmin.token, start))
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
  })

  it('refuses to open a support session from a support session (403)', async () => {
    const support = (await signInAs(nodeAdmin.id, admin, start)).body.data.access_token
    const res = await unchanged(h.database.db, () => signInAs(userId, support, start))
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
  })

  it('answers 403 rights.forbidden to a member who is not an administrator', async () => {
    const res = await unchanged(h.database.db, () => signInAs(adminId, user, start))
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
  })

  it("answers 404 for a user outside the node, an unknown user, and another tenant's node", async () => {
    for (const id of [userId, '00000000-0000-4000-8000-000000000000']) {
      const res = await unchanged(h.database.db, () => signInAs(id, admin, demo))
      expect(res.status).toBe(404)
      expect(res.body.detail[0].type).toBe('users.user_not_found')
    }
    const res = await unchanged(h.database.db, () => signInAs(adminId, user, demo))
    expect(res.status).toBe(404)
    expect(res.body.detail[0].type).toBe('nodes.node_not_found')
  })

  it('answers a missing or malformed node_id and a malformed user id with 422 at their loc', async () => {
    const cases: [string, string][] = [
      [`/users/token/${userId}`, 'query.node_id:value_error.missing'],
      [`/users/token/${userId}?node_id=1`, 'query.node_id:value_error'],
      [`/users/token/nope?node_id=${start}`, 'params.userId:value_error'],
    ]
    for (const [path, expected] of cases) {
      const res = await unchanged(h.database.db, () => h.call('GET', path, { token: admin }))
      expect(res.status, path).toBe(422)
      expect(locs(res.body)).toEqual([expected])
    }
  })

  it('answers 401 to a missing, tampered, revoked or expired token', async () => {
    await expectEachRefused(h, refused, (token) => signInAs(userId, token, start))
  })
})
