import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { createUser, nodeId, type TestUser, userIdOf } from '../../../test/factories'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'
import { type Issuer, startIssuer } from '../../../test/oidc-issuer'
import { bindWithRights } from '../../../test/tenant-factories'
import { auditLog, nodeUsers, users } from '../../db/schema'
import { rightsOf } from '../../repositories/rights-repository'
import { ensureNode } from '../../seed'

let h: Harness
let idp: Issuer
let demo: string
let member: TestUser
const exchange = (token: string, domain = 'demo') =>
  h.call('POST', '/users/verify_token', { body: { token, domain } })
/** The node's SSO plugin configuration, as its administrator sets it through the API (null: none). */
const setSso = async (domain: string, sso: ReturnType<typeof ssoOf> | null, enabled = true) => {
  const node = await nodeId(h, domain)
  const token = await h.login(ADMIN)
  const list = await h.call('GET', `/plugin-configs/${node}?plugin_id=sso`, { token })
  for (const c of list.body.data)
    expect((await h.call('DELETE', `/plugin-configs/${node}/${c.id}`, { token })).status).toBe(200)
  if (!sso) return
  const res = await h.call('POST', `/plugin-configs/${node}/sso`, {
    token,
    body: { name: 'SSO', enabled, settings: sso },
  })
  expect(res.status).toBe(201)
}
const ssoOf = (create_users: boolean, issuer = idp) => ({
  issuer: issuer.url,
  audience: 'nodus',
  jwks_url: issuer.jwksUrl,
  create_users,
})
const expectRefused = async (token: string, domain = 'demo') => {
  const res = await unchanged(h.database.db, () => exchange(token, domain))
  expect(res.status).toBe(400)
  expect(res.body.detail).toEqual([
    { type: 'users.credentials_validate_error', msg: 'Authentication error', loc: ['body', 'token'] },
  ])
}
const isBoundTo = async (node: string, userId: string) =>
  (
    await h.database.db
      .select()
      .from(nodeUsers)
      .where(and(eq(nodeUsers.nodeId, node), eq(nodeUsers.userId, userId)))
  ).length === 1

beforeAll(async () => {
  // The test identity server listens on loopback: the outbound guard allows it only so (ADR 027).
  h = await startApi({ OUTBOUND_ALLOW_PRIVATE: '1' })
  idp = await startIssuer('nodus')
  demo = await nodeId(h, 'demo')
  member = await createUser(h, await h.login(ADMIN), demo)
  await setSso('demo', ssoOf(false))
})
afterAll(async () => {
  await idp.close()
  await h.close()
})

describe('POST /users/verify_token', () => {
  it("exchanges a good token from the node's identity server for a Nodus token", async () => {
    const res = await exchange(await idp.mint({ email: member.email.toUpperCase() }), 'Demo')
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      token_type: 'bearer',
      user: { id: member.id, user_name: member.email },
    })
    const me = await h.call('GET', '/users/me', { token: res.body.data.access_token })
    expect(me.body.data).toMatchObject({ id: member.id, impersonator_id: null })
  })

  it('refuses a wrong audience, a wrong issuer, an expired token and one signed by another key', async () => {
    await expectRefused(await idp.mint({ email: member.email, audience: 'someone-else' }))
    await expectRefused(await idp.mint({ email: member.email, issuer: 'https://evil.example' }))
    await expectRefused(await idp.mint({ email: member.email, expiresIn: -3600 }))
    await expectRefused(await idp.mint({ email: member.email, foreignKey: true }))
    await expectRefused('not.a.jwt')
  })

  it('refuses a token without a usable email', async () => {
    await expectRefused(await idp.mint({}))
    await expectRefused(await idp.mint({ email: 'not-an-email' }))
    await expectRefused(await idp.mint({ email: member.email, claims: { email_verified: false } }))
  })

  it('refuses an unknown email when the node does not create users', async () => {
    await expectRefused(await idp.mint({ email: 'stranger@example.com' }))
  })

  it('creates and binds an unknown user when the node allows it, once', async () => {
    await setSso('demo', ssoOf(true))
    const claims = { given_name: 'Vera', family_name: 'Orlova' }
    const res = await exchange(await idp.mint({ email: 'New.Comer@example.com', claims }))
    expect(res.status).toBe(200)
    expect(res.body.data.user).toMatchObject({ user_name: 'new.comer@example.com', full_name: 'Orlova Vera' })
    const id = res.body.data.user.id
    const [row] = await h.database.db.select().from(users).where(eq(users.id, id))
    expect(row!.passwordHash).toBeNull()
    // No password means no password sign-in, not even with the server's dummy one.
    for (const password of ['nodus-dummy-password', ''])
      expect(
        (await h.call('POST', '/users/token', { body: { email: 'new.comer@example.com', password } })).status,
      ).not.toBe(200)
    expect(await isBoundTo(demo, id)).toBe(true)
    expect(await rightsOf(h.database.db, demo, id)).toEqual({ is_authorized: null })
    const audit = await h.database.db.select().from(auditLog).where(eq(auditLog.targetId, id))
    expect(audit.map((a) => a.action).sort()).toEqual(['nodes.user_bound', 'users.user_created'])

    const again = await exchange(await idp.mint({ email: 'new.comer@example.com' }))
    expect(again.body.data.user.id).toBe(id)
    expect(
      await h.database.db.select().from(users).where(eq(users.email, 'new.comer@example.com')),
    ).toHaveLength(1)
    await setSso('demo', ssoOf(false))
  })

  it('vouches only for users no other node trusts differently, and never for a superuser', async () => {
    const userId = await userIdOf(h, USER.email)
    // The seeded user is in start, which has no SSO: demo's identity server may not speak for them.
    await expectRefused(await idp.mint({ email: USER.email }))
    await expectRefused(await idp.mint({ email: ADMIN.email }))

    // Once start trusts the same issuer and keys, they get a token, still unbound to demo.
    await setSso('start', ssoOf(false))
    const res = await exchange(await idp.mint({ email: USER.email }))
    expect(res.status).toBe(200)
    expect(await isBoundTo(demo, userId)).toBe(false)
    // A node that creates users also binds an existing one.
    await setSso('demo', ssoOf(true))
    expect((await exchange(await idp.mint({ email: USER.email }))).status).toBe(200)
    expect(await isBoundTo(demo, userId)).toBe(true)
    await setSso('demo', ssoOf(false))
    await setSso('start', null)
  })

  it('refuses a node without SSO settings, and answers 404 for an unknown domain', async () => {
    await expectRefused(await idp.mint({ email: member.email }), 'start')
    // A configuration switched off checks nothing: every token is refused.
    await setSso('demo', ssoOf(false), false)
    await expectRefused(await idp.mint({ email: member.email }))
    await setSso('demo', ssoOf(false))
    const res = await unchanged(h.database.db, async () =>
      exchange(await idp.mint({ email: member.email }), 'nowhere'),
    )
    expect(res.status).toBe(404)
    expect(res.body.detail[0].type).toBe('nodes.node_not_found')
  })

  it('answers 503 when the identity server cannot be reached', async () => {
    const gone = await startIssuer('nodus')
    const token = await gone.mint({ email: member.email })
    await gone.close()
    const acme = (await ensureNode(h.database.db, 'acme')).node.id
    await bindWithRights(h, acme, await userIdOf(h, ADMIN.email), ['is_authorized', 'is_admin'])
    await setSso('acme', ssoOf(false, gone))
    const res = await unchanged(h.database.db, () => exchange(token, 'acme'))
    expect(res.status).toBe(503)
    expect(res.body.detail[0].type).toBe('request.upstream_unavailable')
  })

  it('answers missing and malformed fields with 422 at their loc', async () => {
    const res = await unchanged(h.database.db, () => h.call('POST', '/users/verify_token', { body: {} }))
    expect(res.status).toBe(422)
    expect(locs(res.body)).toEqual(['body.token:value_error.missing', 'body.domain:value_error.missing'])
    const empty = await unchanged(h.database.db, () =>
      h.call('POST', '/users/verify_token', { body: { token: '', domain: 7 } }),
    )
    expect(empty.status).toBe(422)
    expect(empty.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual([
      'body.token',
      'body.domain',
    ])
  })
})
