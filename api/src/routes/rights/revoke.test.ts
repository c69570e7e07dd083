import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'
import { createTeam, nodeIdOf, tamper, UNKNOWN_ID, userIdOf } from '../../../test/tenant-factories'
import { auditLog, rights } from '../../db/schema'

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

const revoke = (token: string | undefined, nodeId: string, rightId: string) =>
  h.call('DELETE', `/rights/${nodeId}/${rightId}`, { token })
/** The id of a direct grant, read from the database. */
async function grantId(nodeId: string, subjectId: string, code: string): Promise<string> {
  const [row] = await h.database.db
    .select({ id: rights.id })
    .from(rights)
    .where(and(eq(rights.nodeId, nodeId), eq(rights.subjectId, subjectId), eq(rights.rightCode, code)))
  return row!.id
}

describe('DELETE /rights/{nodeId}/{rightId}', () => {
  it('revokes a grant, and the user loses the right', async () => {
    const id = await grantId(startId, userId, 'board_view')
    const res = await revoke(adminToken, startId, id)
    expect(res.status).toBe(200)
    expect(res.body.detail).toEqual([{ type: 'rights.right_revoked', msg: 'Right revoked' }])
    expect(res.body.data).toMatchObject({ id, right_code: 'board_view', subject_id: userId })
    expect(await h.database.db.select().from(rights).where(eq(rights.id, id))).toEqual([])
    const effective = await h.call('POST', `/rights/all-users/${startId}`, {
      token: userToken,
      body: [userId],
    })
    expect(effective.body.data[userId].map((r: { right_code: string }) => r.right_code)).toEqual([
      'is_authorized',
      'task_view',
    ])
    const audit = await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'rights.revoked'))
    expect(audit).toEqual([expect.objectContaining({ actorId: adminId, targetId: id })])
  })

  it('refuses to revoke your own is_admin or is_authorized with 422', async () => {
    for (const code of ['is_admin', 'is_authorized']) {
      const res = await unchanged(h.database.db, async () =>
        revoke(adminToken, startId, await grantId(startId, adminId, code)),
      )
      expect(res.status).toBe(422)
      expect(res.body.detail[0]).toMatchObject({
        type: 'rights.cannot_revoke_own_admin',
        loc: ['params', 'rightId'],
      })
    }
  })

  it('lets your own grant go while a team still makes you admin, then refuses the team one', async () => {
    const team = await createTeam(h, startId, [adminId])
    const viaTeam = await h.call('POST', `/rights/${startId}`, {
      token: adminToken,
      body: { team_id: team.id, right_code: 'is_admin' },
    })
    expect(viaTeam.status).toBe(200)
    expect((await revoke(adminToken, startId, await grantId(startId, adminId, 'is_admin'))).status).toBe(200)
    const last = await unchanged(h.database.db, () => revoke(adminToken, startId, viaTeam.body.data.id))
    expect([last.status, last.body.detail[0].type]).toEqual([422, 'rights.cannot_revoke_own_admin'])
  })

  it("answers an unknown right and another node's right with 404 rights.right_not_found", async () => {
    const demoRight = await grantId(demoId, adminId, 'task_view')
    for (const id of [UNKNOWN_ID, demoRight]) {
      const res = await unchanged(h.database.db, () => revoke(adminToken, startId, id))
      expect([res.status, res.body.detail[0].type]).toEqual([404, 'rights.right_not_found'])
    }
  })

  it('refuses a non-admin (403), another tenant or unknown node (404), malformed ids (422)', async () => {
    const id = await grantId(startId, userId, 'task_view')
    const res = await unchanged(h.database.db, () => revoke(userToken, startId, id))
    expect([res.status, res.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    for (const nodeId of [demoId, UNKNOWN_ID]) {
      const other = await unchanged(h.database.db, () => revoke(userToken, nodeId, id))
      expect([other.status, other.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
    }
    const bad = await unchanged(h.database.db, () => revoke(adminToken, 'x', 'y'))
    expect(bad.status).toBe(422)
    expect(bad.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual([
      'params.nodeId',
      'params.rightId',
    ])
  })

  it('answers 401 without a token or with a tampered one', async () => {
    const id = await grantId(startId, userId, 'task_view')
    for (const token of [undefined, tamper(adminToken)]) {
      const res = await unchanged(h.database.db, () => revoke(token, startId, id))
      expect([res.status, res.body.detail[0].type]).toEqual([401, 'users.user_not_authenticated'])
    }
  })
})
