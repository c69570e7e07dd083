import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'
import { createUser, nodeIdOf, tamper, UNKNOWN_ID, userIdOf } from '../../../test/tenant-factories'
import { auditLog, nodeUsers, rights } from '../../db/schema'

let h: Harness
let adminToken: string
let userToken: string
let startId: string
let demoId: string
let userId: string
beforeAll(async () => {
  h = await startApi()
  ;[adminToken, userToken] = [await h.login(ADMIN), await h.login(USER)]
  ;[startId, demoId] = [await nodeIdOf(h, 'start'), await nodeIdOf(h, 'demo')]
  userId = await userIdOf(h, USER.email)
})
afterAll(() => h.close())

const bind = (token: string | undefined, body: unknown) => h.call('POST', '/nodes/bind-user', { token, body })

describe('POST /nodes/bind-user', () => {
  it('binds an existing user with is_authorized, and the user then sees the node', async () => {
    const newcomer = await createUser(h)
    const res = await bind(adminToken, { node_id: startId, user_id: newcomer.id })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      data: { node_id: startId, user_id: newcomer.id },
      detail: [{ type: 'nodes.user_bound', msg: 'User bound to the node' }],
    })
    const granted = await h.database.db
      .select({ code: rights.rightCode })
      .from(rights)
      .where(and(eq(rights.nodeId, startId), eq(rights.subjectId, newcomer.id)))
    expect(granted).toEqual([{ code: 'is_authorized' }])
    const token = await h.login(newcomer)
    const nodes = await h.call('GET', '/nodes', { token })
    expect(nodes.body.data.map((n: { domain: string }) => n.domain)).toEqual(['start'])
    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.nodeId, startId), eq(auditLog.action, 'nodes.user_bound')))
    expect(audit.map((a) => a.targetId)).toEqual([newcomer.id])
  })

  it('binds the seeded user to demo, and refuses to bind them twice with 409', async () => {
    expect((await bind(adminToken, { node_id: demoId, user_id: userId })).status).toBe(200)
    const res = await unchanged(h.database.db, () => bind(adminToken, { node_id: demoId, user_id: userId }))
    expect(res.status).toBe(409)
    expect(res.body.detail[0]).toMatchObject({ type: 'nodes.user_already_bound', loc: ['body', 'user_id'] })
  })

  it('answers an unknown user with 404 users.user_not_found', async () => {
    const res = await unchanged(h.database.db, () =>
      bind(adminToken, { node_id: startId, user_id: UNKNOWN_ID }),
    )
    expect(res.status).toBe(404)
    expect(res.body.detail[0].type).toBe('users.user_not_found')
  })

  it('refuses a user without is_admin with 403', async () => {
    const outsider = await createUser(h)
    const res = await unchanged(h.database.db, () =>
      bind(userToken, { node_id: startId, user_id: outsider.id }),
    )
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
  })

  it("answers another tenant's node and an unknown node with 404 nodes.node_not_found", async () => {
    const outsider = await createUser(h)
    const other = await h.login(outsider)
    for (const [token, nodeId] of [
      [other, startId],
      [adminToken, UNKNOWN_ID],
    ]) {
      const res = await unchanged(h.database.db, () => bind(token, { node_id: nodeId, user_id: outsider.id }))
      expect(res.status).toBe(404)
      expect(res.body.detail[0].type).toBe('nodes.node_not_found')
    }
    const bound = await h.database.db.select().from(nodeUsers).where(eq(nodeUsers.userId, outsider.id))
    expect(bound).toEqual([])
  })

  it('refuses missing and malformed ids with 422 and their loc', async () => {
    const missing = await unchanged(h.database.db, () => bind(adminToken, {}))
    expect(missing.status).toBe(422)
    expect(
      missing.body.detail.map((d: { loc: string[]; type: string }) => `${d.loc.join('.')}:${d.type}`),
    ).toEqual(['body.node_id:value_error.missing', 'body.user_id:value_error.missing'])
    const malformed = await unchanged(h.database.db, () => bind(adminToken, { node_id: 'x', user_id: 7 }))
    expect(
      malformed.body.detail.map((d: { loc: string[]; type: string }) => `${d.loc.join('.')}:${d.type}`),
    ).toEqual(['body.node_id:value_error.uuid', 'body.user_id:value_error'])
    const noBody = await unchanged(h.database.db, () => bind(adminToken, undefined))
    expect(noBody.status).toBe(422)
    expect(noBody.body.detail[0]).toMatchObject({ type: 'value_error', loc: ['body'] })
  })

  it('answers 401 without a token or with a tampered one', async () => {
    const outsider = await createUser(h)
    for (const token of [undefined, tamper(adminToken)]) {
      const res = await unchanged(h.database.db, () =>
        bind(token, { node_id: startId, user_id: outsider.id }),
      )
      expect(res.status).toBe(401)
      expect(res.body.detail[0].type).toBe('users.user_not_authenticated')
    }
  })
})
