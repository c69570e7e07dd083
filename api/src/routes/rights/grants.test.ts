import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'
import {
  createTeam,
  createUser,
  nodeIdOf,
  tamper,
  UNKNOWN_ID,
  userIdOf,
} from '../../../test/tenant-factories'
import { auditLog, rights } from '../../db/schema'

let h: Harness
let adminToken: string
let userToken: string
let startId: string
let demoId: string
let userId: string
let teamId: string
let demoTeamId: string
beforeAll(async () => {
  h = await startApi()
  ;[adminToken, userToken] = [await h.login(ADMIN), await h.login(USER)]
  ;[startId, demoId] = [await nodeIdOf(h, 'start'), await nodeIdOf(h, 'demo')]
  userId = await userIdOf(h, USER.email)
  teamId = (await createTeam(h, startId, [userId])).id
  demoTeamId = (await createTeam(h, demoId)).id
})
afterAll(() => h.close())

const list = (token: string | undefined, nodeId: string, query: string) =>
  h.call('GET', `/rights/${nodeId}?${query}`, { token })
const grant = (token: string | undefined, nodeId: string, body: unknown) =>
  h.call('POST', `/rights/${nodeId}`, { token, body })
const locTypes = (body: { detail: { type: string; loc?: unknown[] }[] }) =>
  body.detail.map((d) => `${(d.loc ?? []).join('.')}:${d.type}`)

describe('GET /rights/{nodeId}?user_id=|team_id=', () => {
  it("lists a user's direct grants by code, paginated", async () => {
    const res = await list(adminToken, startId, `user_id=${userId}&per_page=2`)
    expect(res.status).toBe(200)
    expect(res.body.meta).toEqual({ total: 3, page: 1, per_page: 2 })
    expect(res.body.data).toEqual([
      {
        id: expect.any(String),
        right_code: 'board_view',
        attributes: null,
        subject_type: 'user',
        subject_id: userId,
      },
      {
        id: expect.any(String),
        right_code: 'is_authorized',
        attributes: null,
        subject_type: 'user',
        subject_id: userId,
      },
    ])
    const next = await list(adminToken, startId, `user_id=${userId}&per_page=2&page=2`)
    expect(next.body.data.map((r: { right_code: string }) => r.right_code)).toEqual(['task_view'])
  })

  it("lists a team's grants", async () => {
    const res = await list(adminToken, startId, `team_id=${teamId}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 10 } })
  })

  it('needs exactly one of user_id and team_id, well formed (422)', async () => {
    for (const q of ['', `user_id=${userId}&team_id=${teamId}`]) {
      const res = await unchanged(h.database.db, () => list(adminToken, startId, q))
      expect(res.status).toBe(422)
      expect(locTypes(res.body)).toEqual(['query.user_id:rights.subject_required'])
    }
    const bad = await unchanged(h.database.db, () => list(adminToken, startId, 'team_id=x&page=0'))
    expect(locTypes(bad.body).sort()).toEqual(['query.page:value_error', 'query.team_id:value_error.uuid'])
  })

  it('answers a subject outside the node with 404 users.user_not_found / teams.team_not_found', async () => {
    const outsider = await createUser(h)
    const user = await unchanged(h.database.db, () => list(adminToken, startId, `user_id=${outsider.id}`))
    expect([user.status, user.body.detail[0].type]).toEqual([404, 'users.user_not_found'])
    const team = await unchanged(h.database.db, () => list(adminToken, startId, `team_id=${demoTeamId}`))
    expect([team.status, team.body.detail[0].type]).toEqual([404, 'teams.team_not_found'])
  })

  it('refuses a non-admin (403), another tenant or unknown node (404), no token (401)', async () => {
    const q = `user_id=${userId}`
    expect((await unchanged(h.database.db, () => list(userToken, startId, q))).body.detail[0].type).toBe(
      'rights.forbidden',
    )
    for (const nodeId of [demoId, UNKNOWN_ID]) {
      const res = await unchanged(h.database.db, () => list(userToken, nodeId, q))
      expect([res.status, res.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
    }
    for (const token of [undefined, tamper(adminToken)])
      expect((await unchanged(h.database.db, () => list(token, startId, q))).status).toBe(401)
  })
})

describe('POST /rights/{nodeId}', () => {
  it('grants a right to a user; granting it again replaces the attributes', async () => {
    const res = await grant(adminToken, startId, {
      user_id: userId,
      right_code: 'task_create',
      attributes: ['PRJ', 'PRJ'],
    })
    expect(res.status).toBe(200)
    expect(res.body.detail).toEqual([{ type: 'rights.right_granted', msg: 'Right granted' }])
    expect(res.body.data).toMatchObject({
      right_code: 'task_create',
      attributes: ['PRJ'],
      subject_id: userId,
    })
    const again = await grant(adminToken, startId, {
      user_id: userId,
      right_code: 'task_create',
      attributes: [],
    })
    expect(again.body.data).toMatchObject({ id: res.body.data.id, attributes: null })
    const rows = await h.database.db
      .select()
      .from(rights)
      .where(
        and(eq(rights.nodeId, startId), eq(rights.subjectId, userId), eq(rights.rightCode, 'task_create')),
      )
    expect(rows).toEqual([expect.objectContaining({ id: res.body.data.id, attributes: null })])
    const audit = await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'rights.granted'))
    expect(audit).toHaveLength(2)
  })

  it("grants a right to a team, which its members' effective rights then include", async () => {
    const res = await grant(adminToken, startId, {
      team_id: teamId,
      right_code: 'task_edit',
      attributes: ['OPS'],
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ subject_type: 'team', subject_id: teamId, attributes: ['OPS'] })
    const effective = await h.call('POST', `/rights/all-users/${startId}`, {
      token: userToken,
      body: [userId],
    })
    expect(effective.body.data[userId]).toContainEqual({ right_code: 'task_edit', attributes: ['OPS'] })
  })

  it('refuses bad input with a code and a loc for each', async () => {
    const cases: [unknown, string[]][] = [
      [{ user_id: userId, right_code: 'is_god' }, ['body.right_code:value_error.enum']],
      [{ right_code: 'task_view' }, ['body.user_id:rights.subject_required']],
      [
        { user_id: userId, team_id: teamId, right_code: 'task_view' },
        ['body.user_id:rights.subject_required'],
      ],
      [
        { user_id: userId, right_code: 'is_admin', attributes: ['x'] },
        ['body.attributes:rights.attributes_not_allowed'],
      ],
      [
        { user_id: 'u1', attributes: [''] },
        [
          'body.user_id:value_error.uuid',
          'body.right_code:value_error.missing',
          'body.attributes.0:value_error.missing',
        ],
      ],
    ]
    for (const [body, expected] of cases) {
      const res = await unchanged(h.database.db, () => grant(adminToken, startId, body))
      expect(res.status).toBe(422)
      expect(locTypes(res.body)).toEqual(expected)
    }
  })

  it('answers a subject outside the node with 404', async () => {
    const outsider = await createUser(h)
    const user = await unchanged(h.database.db, () =>
      grant(adminToken, startId, { user_id: outsider.id, right_code: 'task_view' }),
    )
    expect([user.status, user.body.detail[0].type]).toEqual([404, 'users.user_not_found'])
    const team = await unchanged(h.database.db, () =>
      grant(adminToken, startId, { team_id: demoTeamId, right_code: 'task_view' }),
    )
    expect([team.status, team.body.detail[0].type]).toEqual([404, 'teams.team_not_found'])
  })

  it('refuses a non-admin (403), another tenant or unknown node (404), no token (401)', async () => {
    const body = { user_id: userId, right_code: 'is_admin' }
    const res = await unchanged(h.database.db, () => grant(userToken, startId, body))
    expect([res.status, res.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    for (const nodeId of [demoId, UNKNOWN_ID]) {
      const other = await unchanged(h.database.db, () => grant(userToken, nodeId, body))
      expect([other.status, other.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
    }
    for (const token of [undefined, tamper(userToken)])
      expect((await unchanged(h.database.db, () => grant(token, startId, body))).status).toBe(401)
  })
})
