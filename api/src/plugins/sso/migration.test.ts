import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dbState, unchanged } from '../../../test/db-state'
import { createUser, type TestUser, userIdOf } from '../../../test/factories'
import { ADMIN, type Harness, startApi } from '../../../test/harness'
import { type Issuer, startIssuer } from '../../../test/oidc-issuer'
import { bindWithRights } from '../../../test/tenant-factories'
import { migrationsFolder } from '../../db/client'
import { nodes } from '../../db/schema'
import { ensureNode } from '../../seed'

/*
 * Migration 0018: the node settings `auth.service_center` and `sso` become the node's SSO plugin
 * configuration; 0019 starts its history. The database is migrated to the end, then nodes are
 * given the old settings as they were stored before 0018, and the migrations' own files are run
 * over them — twice.
 */

const MIGRATIONS = ['0018_sso_settings_to_plugin.sql', '0019_sso_migrated_history.sql'].map((f) =>
  readFileSync(join(migrationsFolder, f), 'utf8'),
)

let h: Harness
let idp: Issuer
let token: string
let adminId: string
let member: TestUser

async function runMigration() {
  for (const migration of MIGRATIONS)
    for (const statement of migration.split('--> statement-breakpoint'))
      await h.database.db.execute(sql.raw(statement))
}

/** A node with settings as stored before migration 0018 (the old keys, straight into the row). */
async function oldNode(domain: string, settings: Record<string, unknown>) {
  const { id } = (await ensureNode(h.database.db, domain)).node
  await h.database.db.execute(
    sql`update nodes set settings = ${JSON.stringify(settings)}::jsonb where id = ${id}`,
  )
  await bindWithRights(h, id, adminId, ['is_authorized', 'is_admin'])
  return id
}

async function ssoConfigs(nodeId: string) {
  const res = await h.call('GET', `/plugin-configs/${nodeId}?plugin_id=sso`, { token })
  expect(res.status).toBe(200)
  return res.body.data as { id: string; name: string; enabled: boolean; settings: Record<string, unknown> }[]
}

const settingsOf = async (nodeId: string) =>
  (await h.database.db.select().from(nodes).where(eq(nodes.id, nodeId)))[0]!.settings as Record<
    string,
    unknown
  >

let both: string
let verifyOnly: string
let centreOnly: string
let untouched: string

beforeAll(async () => {
  // The test identity server listens on loopback: the outbound guard allows it only so (ADR 027).
  h = await startApi({ OUTBOUND_ALLOW_PRIVATE: '1' })
  idp = await startIssuer('nodus')
  token = await h.login(ADMIN)
  adminId = await userIdOf(h, ADMIN.email)
  both = await oldNode('oldboth', {
    locale: 'en',
    menu: { items: [{ title: 'Home', url: 'home' }] },
    auth: { service_center: { url: 'https://sc.example.com/login', project_id: 'p-1', account_id: 'a-9' } },
    sso: { issuer: idp.url, audience: 'nodus', jwks_url: idp.jwksUrl, create_users: true },
  })
  verifyOnly = await oldNode('oldverify', {
    sso: { issuer: 'https://id.example.com', audience: 'aud', jwks_url: 'https://id.example.com/jwks' },
  })
  centreOnly = await oldNode('oldcentre', {
    no_left_menu: true,
    auth: { service_center: { url: 'https://centre.example.com' } },
  })
  untouched = await oldNode('oldnone', { locale: 'zh', theme: { css: 'a{}' } })
  member = await createUser(h, token, both)
  await runMigration()
})
afterAll(async () => {
  await idp.close()
  await h.close()
})

describe('migration 0018: node sign-in settings → the SSO plugin configuration', () => {
  it('moves every setting into an enabled configuration, nothing lost', async () => {
    expect(await ssoConfigs(both)).toEqual([
      expect.objectContaining({
        name: 'SSO',
        enabled: true,
        settings: {
          service_center_url: 'https://sc.example.com/login',
          project_id: 'p-1',
          account_id: 'a-9',
          issuer: idp.url,
          audience: 'nodus',
          jwks_url: idp.jwksUrl,
          create_users: true,
        },
      }),
    ])
    expect((await ssoConfigs(verifyOnly))[0]!.settings).toEqual({
      issuer: 'https://id.example.com',
      audience: 'aud',
      jwks_url: 'https://id.example.com/jwks',
      create_users: false,
    })
    expect((await ssoConfigs(centreOnly))[0]!.settings).toEqual({
      service_center_url: 'https://centre.example.com',
      create_users: false,
    })
    expect(await ssoConfigs(untouched)).toEqual([])
  })

  it('starts each moved configuration’s history with "migrated from the node settings"', async () => {
    const [config] = await ssoConfigs(both)
    const res = await h.call('GET', `/plugin-configs/${both}/${config!.id}/history`, { token })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([
      expect.objectContaining({ action: 'plugins.config_migrated', actor: null, changes: config!.settings }),
    ])
    // A configuration made through the API keeps only its own "created" entry.
    const made = await h.call('POST', `/plugin-configs/${untouched}/sso`, {
      token,
      body: { name: 'Later', settings: { service_center_url: 'https://later.example.com' } },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    await runMigration()
    const later = await h.call('GET', `/plugin-configs/${untouched}/${made.body.data.id}/history`, { token })
    expect(later.body.data.map((e: { action: string }) => e.action)).toEqual(['plugins.config_created'])
    await h.call('DELETE', `/plugin-configs/${untouched}/${made.body.data.id}`, { token })
  })

  it('removes the old keys from the node settings and keeps the rest', async () => {
    expect(await settingsOf(both)).toEqual({
      locale: 'en',
      menu: { items: [{ title: 'Home', url: 'home' }] },
    })
    expect(await settingsOf(verifyOnly)).toEqual({})
    expect(await settingsOf(centreOnly)).toEqual({ no_left_menu: true })
    expect(await settingsOf(untouched)).toEqual({ locale: 'zh', theme: { css: 'a{}' } })
  })

  it('changes nothing when run again', async () => {
    const before = await dbState(h.database.db)
    await runMigration()
    expect(await dbState(h.database.db)).toEqual(before)
  })

  it('keeps offering the service centre on the login page, from the configuration', async () => {
    const assets = await h.call('GET', '/nodes/assets/oldboth')
    expect(assets.body.data.settings.auth).toEqual({
      service_center: { url: 'https://sc.example.com/login', project_id: 'p-1', account_id: 'a-9' },
    })
    expect(JSON.stringify(assets.body)).not.toContain('jwks')
  })

  it('signs on against the local OIDC issuer after the move', async () => {
    const res = await h.call('POST', '/users/verify_token', {
      body: { token: await idp.mint({ email: member.email }), domain: 'oldboth' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.user.user_name).toBe(member.email)
    // create_users came along: a new person is created and bound.
    const created = await h.call('POST', '/users/verify_token', {
      body: { token: await idp.mint({ email: 'after.move@example.com' }), domain: 'oldboth' },
    })
    expect(created.status).toBe(200)
  })

  it("answers another node's SSO configuration with 404 and changes nothing", async () => {
    const [theirs] = await ssoConfigs(both)
    const path = `/plugin-configs/${verifyOnly}/${theirs!.id}`
    expect((await h.call('GET', path, { token })).status).toBe(404)
    const patch = await unchanged(h.database.db, () =>
      h.call('PATCH', path, { token, body: { enabled: false } }),
    )
    expect(patch.status).toBe(404)
  })

  it('leaves configurations the admin can save as they are, and edit in the plugin', async () => {
    for (const nodeId of [both, verifyOnly, centreOnly]) {
      const [config] = await ssoConfigs(nodeId)
      const res = await h.call('PATCH', `/plugin-configs/${nodeId}/${config!.id}`, { token, body: {} })
      expect(res.status).toBe(200)
    }
    const [config] = await ssoConfigs(centreOnly)
    const off = await h.call('PATCH', `/plugin-configs/${centreOnly}/${config!.id}`, {
      token,
      body: { enabled: false },
    })
    expect(off.status).toBe(200)
    expect((await h.call('GET', '/nodes/assets/oldcentre')).body.data.settings.auth).toEqual({
      service_center: null,
    })
  })
})
