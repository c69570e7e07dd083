import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'
import { nodeIdOf, tamper, UNKNOWN_ID, userIdOf } from '../../../test/tenant-factories'
import { auditLog, nodes } from '../../db/schema'

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

const typesAt = (body: { detail: { type: string; loc?: unknown[] }[] }) =>
  body.detail.map((d) => `${(d.loc ?? []).join('.')}:${d.type}`)
const nodeRow = async (id: string) => (await h.database.db.select().from(nodes).where(eq(nodes.id, id)))[0]!

describe('GET /nodes?user_id=', () => {
  it("lists the caller's nodes, by domain, paginated", async () => {
    const all = await h.call('GET', '/nodes', { token: adminToken })
    expect(all.status).toBe(200)
    expect(all.body.data.map((n: { domain: string }) => n.domain)).toEqual(['demo', 'start'])
    expect(all.body.meta).toEqual({ total: 2, page: 1, per_page: 10 })
    const second = await h.call('GET', '/nodes?page=2&per_page=1', { token: adminToken })
    expect(second.body.data.map((n: { domain: string }) => n.domain)).toEqual(['start'])
    expect(second.body.meta).toEqual({ total: 2, page: 2, per_page: 1 })
  })

  it('lets a user ask for themself and a superuser for anyone', async () => {
    const own = await h.call('GET', `/nodes?user_id=${userId}`, { token: userToken })
    expect(own.body.data).toEqual([{ id: startId, domain: 'start', settings: expect.any(Object) }])
    const bySuperuser = await h.call('GET', `/nodes?user_id=${userId}`, { token: adminToken })
    expect(bySuperuser.body.data.map((n: { id: string }) => n.id)).toEqual([startId])
  })

  it('refuses another user to a non-superuser with 403, an unknown user with 404', async () => {
    const res = await unchanged(h.database.db, () =>
      h.call('GET', `/nodes?user_id=${adminId}`, { token: userToken }),
    )
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
    const unknownAsUser = await h.call('GET', `/nodes?user_id=${UNKNOWN_ID}`, { token: userToken })
    expect(unknownAsUser.status).toBe(403)
    const unknown = await unchanged(h.database.db, () =>
      h.call('GET', `/nodes?user_id=${UNKNOWN_ID}`, { token: adminToken }),
    )
    expect(unknown.status).toBe(404)
    expect(unknown.body.detail[0].type).toBe('users.user_not_found')
  })

  it('refuses a malformed user_id and page size with 422', async () => {
    const res = await unchanged(h.database.db, () =>
      h.call('GET', '/nodes?user_id=42&per_page=501', { token: adminToken }),
    )
    expect(res.status).toBe(422)
    expect(typesAt(res.body).sort()).toEqual(['query.per_page:value_error', 'query.user_id:value_error.uuid'])
  })

  it('is documented at /api/nodes', async () => {
    const doc = (await h.call('GET', '/openapi.json')).body
    expect(doc.paths['/api/nodes'].get.parameters.map((p: { name: string }) => p.name)).toContain('user_id')
  })

  it('answers 401 without a token or with a tampered one', async () => {
    for (const token of [undefined, tamper(userToken)]) {
      const res = await unchanged(h.database.db, () => h.call('GET', '/nodes', { token }))
      expect(res.status).toBe(401)
      expect(res.body.detail[0].type).toBe('users.user_not_authenticated')
    }
  })
})

describe('PATCH /nodes/{nodeId} and GET /nodes/{nodeId}', () => {
  it('merges top-level keys, bumps the version and records who did it', async () => {
    const before = await nodeRow(startId)
    const res = await h.call('PATCH', `/nodes/${startId}`, {
      token: adminToken,
      body: {
        settings: { locale: 'en', logo: { main: '/logo.svg' }, no_top_menu: true },
        version: before.version,
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.detail).toEqual([{ type: 'nodes.node_edited', msg: 'Changes saved' }])
    expect(res.body.data).toMatchObject({ id: startId, version: before.version + 1 })
    const after = await nodeRow(startId)
    expect(after.settings).toEqual({
      ...before.settings,
      locale: 'en',
      logo: { main: '/logo.svg' },
      no_top_menu: true,
    })
    const audit = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.nodeId, startId), eq(auditLog.action, 'nodes.settings_edited')))
    expect(audit).toEqual([expect.objectContaining({ actorId: adminId, targetId: startId })])
  })

  it('refuses the sign-in keys that moved to the SSO plugin, changing nothing', async () => {
    for (const settings of [
      { sso: { issuer: 'https://id.example.com', audience: 'nodus', jwks_url: 'https://id.example.com/j' } },
      { auth: { service_center: { url: 'https://sc.example.com' } } },
    ]) {
      const res = await unchanged(h.database.db, () =>
        h.call('PATCH', `/nodes/${startId}`, { token: adminToken, body: { settings } }),
      )
      expect(res.status).toBe(422)
      expect(typesAt(res.body)).toEqual([`body.settings:value_error.extra`])
    }
  })

  it('removes a key given as null', async () => {
    const res = await h.call('PATCH', `/nodes/${startId}`, {
      token: adminToken,
      body: { settings: { no_top_menu: null } },
    })
    expect(res.status).toBe(200)
    expect(await nodeRow(startId)).toMatchObject({
      settings: expect.not.objectContaining({ no_top_menu: expect.anything() }),
    })
    expect((await nodeRow(startId)).settings.locale).toBe('en')
  })

  it('refuses a stale version with 409 nodes.node_conflict', async () => {
    const res = await unchanged(h.database.db, () =>
      h.call('PATCH', `/nodes/${startId}`, {
        token: adminToken,
        body: { settings: { locale: 'zh' }, version: 1 },
      }),
    )
    expect(res.status).toBe(409)
    expect(res.body.detail[0]).toMatchObject({ type: 'nodes.node_conflict', loc: ['body', 'version'] })
  })

  it('refuses bad settings with a code and a loc for each', async () => {
    const body = {
      settings: {
        locale: 'de',
        no_left_menu: 'yes',
        menu: { items: [{ url: 'javascript:alert(1)' }] },
        theme: { css: '</style><script>' },
        colour: 'red',
      },
    }
    const res = await unchanged(h.database.db, () =>
      h.call('PATCH', `/nodes/${startId}`, { token: adminToken, body }),
    )
    expect(res.status).toBe(422)
    expect(typesAt(res.body).sort()).toEqual([
      'body.settings.locale:value_error.enum',
      'body.settings.menu.items.0.title:value_error.missing',
      'body.settings.menu.items.0.url:value_error.url',
      'body.settings.no_left_menu:value_error',
      'body.settings.theme.css:value_error.unsafe_css',
      'body.settings:value_error.extra',
    ])
    const missing = await unchanged(h.database.db, () =>
      h.call('PATCH', `/nodes/${startId}`, { token: adminToken, body: {} }),
    )
    expect(typesAt(missing.body)).toEqual(['body.settings:value_error.missing'])
  })

  it('refuses a user without is_admin with 403', async () => {
    for (const [method, body] of [
      ['PATCH', { settings: { locale: 'zh' } }],
      ['GET', undefined],
    ] as const) {
      const res = await unchanged(h.database.db, () =>
        h.call(method, `/nodes/${startId}`, { token: userToken, body }),
      )
      expect(res.status).toBe(403)
      expect(res.body.detail[0].type).toBe('rights.forbidden')
    }
  })

  it("answers another tenant's node and an unknown id with 404, a malformed id with 422", async () => {
    for (const [token, id] of [
      [userToken, demoId],
      [adminToken, UNKNOWN_ID],
    ]) {
      for (const [method, body] of [
        ['PATCH', { settings: { locale: 'zh' } }],
        ['GET', undefined],
      ] as const) {
        const res = await unchanged(h.database.db, () => h.call(method, `/nodes/${id}`, { token, body }))
        expect(res.status).toBe(404)
        expect(res.body.detail[0].type).toBe('nodes.node_not_found')
      }
    }
    const bad = await unchanged(h.database.db, () =>
      h.call('PATCH', '/nodes/not-a-uuid', { token: adminToken, body: { settings: {} } }),
    )
    expect(bad.status).toBe(422)
    expect(typesAt(bad.body)).toEqual(['params.nodeId:value_error.uuid'])
  })

  it('answers 401 without a token or with a tampered one', async () => {
    for (const token of [undefined, tamper(adminToken)]) {
      const res = await unchanged(h.database.db, () =>
        h.call('PATCH', `/nodes/${startId}`, { token, body: { settings: { locale: 'zh' } } }),
      )
      expect(res.status).toBe(401)
      expect((await h.call('GET', `/nodes/${startId}`, { token })).status).toBe(401)
    }
  })
})
