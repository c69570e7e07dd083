import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badTokens, expectEachRefused } from '../../../test/bad-tokens'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { createUser, grant, nodeId, userIdOf } from '../../../test/factories'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'
import { auditLog, nodeUsers, rights, sessions, teamMembers, teams, users } from '../../db/schema'
import { bindUser } from '../../seed'

let h: Harness
let admin: string
let user: string
let start: string
let demo: string
let refused: [string, string | undefined][]
const del = (id: string, token: string | undefined, node?: string) =>
  h.call('DELETE', `/users/${id}${node ? `?node_id=${node}` : ''}`, { token })
const count = async (
  table: typeof nodeUsers | typeof rights | typeof teamMembers,
  where: ReturnType<typeof eq>,
) => (await h.database.db.select().from(table).where(where)).length

beforeAll(async () => {
  h = await startApi()
  admin = await h.login(ADMIN)
  user = await h.login(USER)
  start = await nodeId(h, 'start')
  demo = await nodeId(h, 'demo')
  refused = await badTokens(h)
})
afterAll(() => h.close())

describe('DELETE /users/{userId}?node_id=', () => {
  it("removes the user's binding, rights and teams in that node only; the last node deletes the user", async () => {
    const target = await createUser(h, admin, start)
    await bindUser(h.database.db, demo, target.id)
    await grant(h, start, target.id, 'task_view')
    const [team] = await h.database.db.insert(teams).values({ nodeId: start, name: 'Support' }).returning()
    await h.database.db.insert(teamMembers).values({ nodeId: start, teamId: team!.id, userId: target.id })
    const token = await h.login(target)

    const res = await del(target.id, admin, start)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      data: { id: target.id },
      detail: [{ type: 'users.user_deleted', msg: 'User deleted' }],
    })
    expect(await count(nodeUsers, and(eq(nodeUsers.nodeId, start), eq(nodeUsers.userId, target.id))!)).toBe(0)
    expect(await count(rights, and(eq(rights.nodeId, start), eq(rights.subjectId, target.id))!)).toBe(0)
    expect(await count(teamMembers, eq(teamMembers.userId, target.id))).toBe(0)
    expect(await count(rights, and(eq(rights.nodeId, demo), eq(rights.subjectId, target.id))!)).toBe(1)
    // Still in demo: the account and its sessions stay.
    expect((await h.call('GET', '/users/me', { token })).status).toBe(200)
    const [audit] = await h.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'users.user_deleted'))
    expect(audit).toMatchObject({
      nodeId: start,
      targetId: target.id,
      requestId: res.headers.get('x-request-id'),
    })

    expect((await del(target.id, admin, demo)).status).toBe(200)
    expect(await h.database.db.select().from(users).where(eq(users.id, target.id))).toEqual([])
    expect(await h.database.db.select().from(sessions).where(eq(sessions.userId, target.id))).toEqual([])
    expect((await h.call('GET', '/users/me', { token })).status).toBe(401)
    expect((await h.call('POST', '/users/token', { body: target })).status).toBe(400)
  })

  it('refuses to delete yourself with 422 users.cannot_delete_self', async () => {
    const res = await unchanged(h.database.db, async () => del(await userIdOf(h, ADMIN.email), admin, start))
    expect(res.status).toBe(422)
    expect(res.body.detail).toEqual([
      { type: 'users.cannot_delete_self', msg: 'You cannot delete yourself', loc: ['params', 'userId'] },
    ])
  })

  it('answers a missing or malformed node_id and a malformed user id with 422 at their loc', async () => {
    const target = await createUser(h, admin, start)
    const cases: [string, string][] = [
      [`/users/${target.id}`, 'query.node_id:value_error.missing'],
      [`/users/${target.id}?node_id=nope`, 'query.node_id:value_error'],
      [`/users/nope?node_id=${start}`, 'params.userId:value_error'],
    ]
    for (const [path, expected] of cases) {
      const res = await unchanged(h.database.db, () => h.call('DELETE', path, { token: admin }))
      expect(res.status, path).toBe(422)
      expect(locs(res.body)).toEqual([expected])
    }
  })

  it('answers 403 rights.forbidden to a member who is not an administrator', async () => {
    const target = await createUser(h, admin, start)
    const res = await unchanged(h.database.db, () => del(target.id, user, start))
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
  })

  it("answers 404 for a user outside the node, an unknown user, and another tenant's node", async () => {
    const userId = await userIdOf(h, USER.email)
    for (const id of [userId, '00000000-0000-4000-8000-000000000000']) {
      const res = await unchanged(h.database.db, () => del(id, admin, demo))
      expect(res.status).toBe(404)
      expect(res.body.detail[0].type).toBe('users.user_not_found')
    }
    const elsewhere = await createUser(h, admin, demo)
    const res = await unchanged(h.database.db, () => del(elsewhere.id, user, demo))
    expect(res.status).toBe(404)
    expect(res.body.detail[0].type).toBe('nodes.node_not_found')
  })

  it('answers 401 to a missing, tampered, revoked or expired token', async () => {
    const target = await createUser(h, admin, start)
    await expectEachRefused(h, refused, (token) => del(target.id, token, start))
  })
})
