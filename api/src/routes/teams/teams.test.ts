import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { bindWithRights, createUser, tamper, UNKNOWN_ID } from '../../../test/tenant-factories'
import { makeFlow, makeProcess, startWorkflowApi } from '../../../test/workflow-factories'
import { rights } from '../../db/schema'
import { grantRight } from '../../repositories/rights-repository'

let w: Awaited<ReturnType<typeof startWorkflowApi>>
beforeAll(async () => {
  w = await startWorkflowApi()
})
afterAll(() => w.h.close())

const call = (method: string, path: string, token?: string, body?: unknown) =>
  w.h.call(method, path, { token, body })
const refused = (act: () => ReturnType<typeof call>) => unchanged(w.h.database.db, act)
const makeTeam = async (name = `team ${Math.random().toString(36).slice(2, 8)}`, nodeId = w.startId) => {
  const res = await call('POST', `/teams/${nodeId}`, w.adminToken, { name })
  expect(res.status).toBe(201)
  return res.body.data as { id: string; name: string }
}
const bind = (body: unknown, token = w.adminToken) =>
  call('POST', `/teams/bind-team/${w.startId}`, token, body)

describe('POST /teams/{nodeId}', () => {
  it('creates a team without members', async () => {
    const res = await call('POST', `/teams/${w.startId}`, w.adminToken, {
      name: ' QA ',
      description: 'Testers',
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      data: { id: expect.any(String), name: 'QA', description: 'Testers', user_ids: [] },
      detail: [{ type: 'teams.team_created', msg: 'Team created' }],
    })
  })

  it('refuses bad input (422), a user (403), another node (404), no token (401)', async () => {
    const bad = await refused(() => call('POST', `/teams/${w.startId}`, w.adminToken, { name: '' }))
    expect([bad.status, locs(bad.body)]).toEqual([422, ['body.name:value_error.missing']])
    const user = await refused(() => call('POST', `/teams/${w.startId}`, w.userToken, { name: 'x' }))
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const other = await refused(() => call('POST', `/teams/${w.demoId}`, w.userToken, { name: 'x' }))
    expect([other.status, other.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
    expect(
      (await refused(() => call('POST', `/teams/${w.startId}`, tamper(w.adminToken), { name: 'x' }))).status,
    ).toBe(401)
  })
})

describe('POST /teams/bind-team/{nodeId}', () => {
  it('adds and removes members, idempotently', async () => {
    const team = await makeTeam()
    const added = await bind({ team_id: team.id, user_ids: [w.userId, w.userId] })
    expect(added.status).toBe(200)
    expect(added.body.detail[0].type).toBe('teams.members_bound')
    expect(added.body.data.user_ids).toEqual([w.userId])
    expect(
      (await bind({ team_id: team.id, user_ids: [w.userId, w.adminId] })).body.data.user_ids.sort(),
    ).toEqual([w.userId, w.adminId].sort())
    const removed = await bind({ team_id: team.id, user_ids: [w.userId], unbind: true })
    expect([removed.body.detail[0].type, removed.body.data.user_ids]).toEqual([
      'teams.members_unbound',
      [w.adminId],
    ])
    expect((await bind({ team_id: team.id, user_ids: [w.userId], unbind: true })).body.data.user_ids).toEqual(
      [w.adminId],
    )
  })

  it('answers a user not bound to the node and another node’s team with 404', async () => {
    const team = await makeTeam()
    const outsider = await createUser(w.h)
    for (const id of [outsider.id, UNKNOWN_ID]) {
      const res = await refused(() => bind({ team_id: team.id, user_ids: [w.userId, id] }))
      expect([res.status, locs(res.body)]).toEqual([404, ['body.user_ids.1:users.user_not_found']])
    }
    const theirs = await makeTeam('theirs', w.demoId)
    const res = await refused(() => bind({ team_id: theirs.id, user_ids: [w.userId] }))
    expect([res.status, locs(res.body)]).toEqual([404, ['body.team_id:teams.team_not_found']])
  })

  it('refuses removing the caller from the team that makes them an administrator (422)', async () => {
    const admin = await createUser(w.h)
    await bindWithRights(w.h, w.startId, admin.id, ['is_authorized'])
    const team = await makeTeam()
    await bind({ team_id: team.id, user_ids: [admin.id] })
    await grantRight(w.h.database.db, w.startId, { type: 'team', id: team.id }, 'is_admin')
    const token = await w.h.login(admin)
    const res = await refused(() => bind({ team_id: team.id, user_ids: [admin.id], unbind: true }, token))
    expect([res.status, locs(res.body)]).toEqual([422, ['body.user_ids:rights.cannot_revoke_own_admin']])
    const gone = await refused(() => call('DELETE', `/teams/${w.startId}/${team.id}`, token))
    expect([gone.status, locs(gone.body)]).toEqual([422, ['params.teamId:rights.cannot_revoke_own_admin']])
  })

  it('refuses a user (403) and bad input (422)', async () => {
    const team = await makeTeam()
    const user = await refused(() => bind({ team_id: team.id, user_ids: [w.userId] }, w.userToken))
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const bad = await refused(() => bind({ team_id: team.id, user_ids: [], unbind: 'yes' }))
    expect(locs(bad.body).sort()).toEqual(['body.unbind:value_error', 'body.user_ids:value_error.missing'])
  })
})

describe('GET /teams/{nodeId}', () => {
  it('lists teams by name with their members, searched, paginated', async () => {
    const b = await makeTeam('Zeta beta')
    await makeTeam('Zeta alpha')
    await bind({ team_id: b.id, user_ids: [w.userId] })
    const res = await call('GET', `/teams/${w.startId}?search=zeta&per_page=1&page=2`, w.userToken)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      data: [{ id: b.id, name: 'Zeta beta', description: '', user_ids: [w.userId] }],
      meta: { total: 2, page: 2, per_page: 1 },
    })
    const other = await call('GET', `/teams/${w.demoId}`, w.userToken)
    expect(other.status).toBe(404)
  })
})

describe('PATCH /teams/{nodeId}/{teamId}', () => {
  it('renames a team, keeping its members', async () => {
    const team = await makeTeam()
    await bind({ team_id: team.id, user_ids: [w.userId] })
    const res = await call('PATCH', `/teams/${w.startId}/${team.id}`, w.adminToken, { name: 'Renamed' })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ id: team.id, name: 'Renamed', description: '', user_ids: [w.userId] })
    expect(res.body.detail[0].type).toBe('teams.team_edited')
  })

  it("answers another node's or an unknown team with 404, a user with 403", async () => {
    const theirs = await makeTeam('theirs', w.demoId)
    for (const id of [theirs.id, UNKNOWN_ID]) {
      const res = await refused(() => call('PATCH', `/teams/${w.startId}/${id}`, w.adminToken, { name: 'x' }))
      expect([res.status, res.body.detail[0].type]).toEqual([404, 'teams.team_not_found'])
    }
    const mine = await makeTeam()
    const user = await refused(() =>
      call('PATCH', `/teams/${w.startId}/${mine.id}`, w.userToken, { name: 'x' }),
    )
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
  })
})

describe('DELETE /teams/{nodeId}/{teamId}', () => {
  it('deletes a team with its memberships and the rights granted to it', async () => {
    const team = await makeTeam()
    await bind({ team_id: team.id, user_ids: [w.userId] })
    await grantRight(w.h.database.db, w.startId, { type: 'team', id: team.id }, 'task_create', ['PRJ'])
    const res = await call('DELETE', `/teams/${w.startId}/${team.id}`, w.adminToken)
    expect(res.body).toEqual({
      data: { id: team.id },
      detail: [{ type: 'teams.team_deleted', msg: 'Team deleted' }],
    })
    const left = await w.h.database.db
      .select()
      .from(rights)
      .where(and(eq(rights.nodeId, w.startId), eq(rights.subjectId, team.id)))
    expect(left).toEqual([])
    const effective = await call('POST', `/rights/all-users/${w.startId}`, w.userToken, [w.userId])
    expect(effective.body.data[w.userId].map((r: { right_code: string }) => r.right_code)).not.toContain(
      'task_create',
    )
  })

  it('refuses a team a process transition names (409)', async () => {
    const team = await makeTeam()
    const f = await makeFlow(w.h, w.adminToken, w.startId, 2)
    await makeProcess(w.h, w.adminToken, w.startId, f.progress.id, {
      transitions: [{ from_status_id: f.statusIds[0], to_status_id: f.statusIds[1], team_ids: [team.id] }],
    })
    const res = await refused(() => call('DELETE', `/teams/${w.startId}/${team.id}`, w.adminToken))
    expect([res.status, locs(res.body)]).toEqual([409, ['params.teamId:teams.team_in_use']])
  })

  it("answers another node's or an unknown team with 404, a user with 403", async () => {
    const theirs = await makeTeam('theirs', w.demoId)
    for (const id of [theirs.id, UNKNOWN_ID]) {
      const res = await refused(() => call('DELETE', `/teams/${w.startId}/${id}`, w.adminToken))
      expect([res.status, res.body.detail[0].type]).toEqual([404, 'teams.team_not_found'])
    }
    const mine = await makeTeam()
    const user = await refused(() => call('DELETE', `/teams/${w.startId}/${mine.id}`, w.userToken))
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
  })
})
