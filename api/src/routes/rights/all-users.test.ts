import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'
import {
  bindWithRights,
  createTeam,
  createUser,
  nodeIdOf,
  tamper,
  UNKNOWN_ID,
  userIdOf,
} from '../../../test/tenant-factories'
import { rights } from '../../db/schema'

let h: Harness
let adminToken: string
let userToken: string
let startId: string
let demoId: string
let adminId: string
let userId: string
beforeAll(async () => {
  h = await startApi()
  ;[adminToken, userToken] = [await h.login(ADMIN), await h.login(USER)]
  ;[startId, demoId] = [await nodeIdOf(h, 'start'), await nodeIdOf(h, 'demo')]
  ;[adminId, userId] = [await userIdOf(h, ADMIN.email), await userIdOf(h, USER.email)]
})
afterAll(() => h.close())

const ask = (token: string | undefined, nodeId: string, body: unknown) =>
  h.call('POST', `/rights/all-users/${nodeId}`, { token, body })
const all = (right_code: string) => ({ right_code, attributes: null })

describe('POST /rights/all-users/{nodeId}', () => {
  it('answers a user their own rights, by code, attributes null for "all"', async () => {
    const res = await ask(userToken, startId, [userId])
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ [userId]: [all('board_view'), all('is_authorized'), all('task_view')] })
  })

  it("merges the user's teams' rights into their own", async () => {
    const teamA = await createTeam(h, startId, [userId])
    const teamB = await createTeam(h, startId, [userId])
    const grant = (teamId: string, rightCode: string, attributes: string[]) =>
      h.database.db
        .insert(rights)
        .values({ nodeId: startId, subjectType: 'team', subjectId: teamId, rightCode, attributes })
    await grant(teamA.id, 'task_create', ['PRJ'])
    await grant(teamB.id, 'task_create', ['OPS', 'PRJ'])
    await grant(teamA.id, 'task_view', ['PRJ']) // the user's own task_view (all) wins
    const res = await ask(userToken, startId, [userId])
    expect(res.body.data[userId]).toEqual([
      all('board_view'),
      all('is_authorized'),
      { right_code: 'task_create', attributes: ['OPS', 'PRJ'] },
      all('task_view'),
    ])
  })

  it('answers an administrator for several users, leaving out those not bound and unknown ids', async () => {
    const outsider = await createUser(h)
    const res = await ask(adminToken, startId, [adminId, userId, outsider.id, UNKNOWN_ID, userId])
    expect(res.status).toBe(200)
    expect(Object.keys(res.body.data).sort()).toEqual([adminId, userId].sort())
    expect(res.body.data[adminId].map((r: { right_code: string }) => r.right_code)).toContain('is_admin')
  })

  it('answers a bound user without is_authorized their (empty) rights, not 403', async () => {
    const limbo = await createUser(h)
    await bindWithRights(h, startId, limbo.id)
    const token = await h.login(limbo)
    const own = await ask(token, startId, [limbo.id])
    expect(own.status).toBe(200)
    expect(own.body.data).toEqual({ [limbo.id]: [] })
    const others = await unchanged(h.database.db, () => ask(token, startId, [limbo.id, userId]))
    expect(others.status).toBe(403)
    expect(others.body.detail[0].type).toBe('rights.forbidden')
  })

  it('refuses a user without is_admin asking about someone else with 403', async () => {
    const res = await unchanged(h.database.db, () => ask(userToken, startId, [adminId]))
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
  })

  it("answers another tenant's node and an unknown node with 404, even about oneself", async () => {
    for (const [nodeId, ids] of [
      [demoId, [userId]],
      [demoId, [adminId]],
      [UNKNOWN_ID, [userId]],
    ] as const) {
      const res = await unchanged(h.database.db, () => ask(userToken, nodeId, ids))
      expect(res.status).toBe(404)
      expect(res.body.detail[0].type).toBe('nodes.node_not_found')
    }
  })

  it('refuses a body that is not a list of at most 500 ids with 422', async () => {
    const notList = await unchanged(h.database.db, () => ask(adminToken, startId, { user_id: userId }))
    expect(notList.status).toBe(422)
    expect(notList.body.detail[0]).toMatchObject({ type: 'value_error', loc: ['body'] })
    const malformed = await unchanged(h.database.db, () => ask(adminToken, startId, [userId, 'nope']))
    expect(malformed.body.detail).toEqual([
      expect.objectContaining({ type: 'value_error.uuid', loc: ['body', 1] }),
    ])
    const tooMany = await unchanged(h.database.db, () => ask(adminToken, startId, Array(501).fill(userId)))
    expect(tooMany.body.detail[0]).toMatchObject({
      type: 'value_error.list.max_items',
      loc: ['body'],
      ctx: { max: 500 },
    })
    const badNode = await unchanged(h.database.db, () => ask(adminToken, 'start', [userId]))
    expect(badNode.body.detail[0]).toMatchObject({ type: 'value_error.uuid', loc: ['params', 'nodeId'] })
  })

  it('answers 401 without a token or with a tampered one', async () => {
    for (const token of [undefined, tamper(userToken)]) {
      const res = await unchanged(h.database.db, () => ask(token, startId, [userId]))
      expect(res.status).toBe(401)
      expect(res.body.detail[0].type).toBe('users.user_not_authenticated')
    }
  })
})
