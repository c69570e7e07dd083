import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { type Harness, startApi } from '../../../test/harness'
import { nodeIdOf, tamper } from '../../../test/tenant-factories'
import { nodes } from '../../db/schema'

let h: Harness
let startId: string
let ssoId: string
beforeAll(async () => {
  h = await startApi()
  startId = await nodeIdOf(h, 'start')
  await h.database.db
    .update(nodes)
    .set({
      settings: {
        locale: 'ru',
        menu: { items: [] },
        theme: { css: 'body { color: red }', fonts: ['/fonts/a.woff2'] },
      },
    })
    .where(eq(nodes.id, startId))
  // The SSO plugin's configuration: the service centre is public, the token checks are not.
  const sso = await h.call('POST', `/plugin-configs/${startId}/sso`, {
    token: await h.login(),
    body: {
      name: 'SSO',
      settings: {
        service_center_url: 'https://sc.example.com',
        project_id: 'p1',
        issuer: 'https://id.example.com',
        audience: 'nodus',
        jwks_url: 'https://id.example.com/jwks',
      },
    },
  })
  expect(sso.status).toBe(201)
  ssoId = sso.body.data.id
})
afterAll(() => h.close())

describe('GET /nodes/domain/{domain}', () => {
  it('answers without a token, with the public settings only', async () => {
    const res = await h.call('GET', '/nodes/domain/start')
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: startId, domain: 'start', settings: { locale: 'ru' } })
    expect(res.body.data.settings.auth.service_center.url).toBe('https://sc.example.com')
    expect(res.body.data.settings).not.toHaveProperty('sso')
    expect(JSON.stringify(res.body)).not.toContain('jwks')
  })

  it('offers no service centre while the SSO configuration is disabled', async () => {
    const token = await h.login()
    const off = await h.call('PATCH', `/plugin-configs/${startId}/${ssoId}`, {
      token,
      body: { enabled: false },
    })
    expect(off.status).toBe(200)
    expect((await h.call('GET', '/nodes/domain/start')).body.data.settings.auth).toEqual({
      service_center: null,
    })
    expect((await h.call('GET', '/nodes/assets/start')).body.data.settings.auth).toEqual({
      service_center: null,
    })
    await h.call('PATCH', `/plugin-configs/${startId}/${ssoId}`, { token, body: { enabled: true } })
    expect((await h.call('GET', '/nodes/assets/start')).body.data.settings.auth.service_center).toEqual({
      url: 'https://sc.example.com',
      project_id: 'p1',
    })
  })

  it('reads the domain case-insensitively, and ignores a bad token on a public call', async () => {
    const res = await h.call('GET', '/nodes/domain/START', { token: tamper('x.y.zzz') })
    expect(res.status).toBe(200)
    expect(res.body.data.id).toBe(startId)
  })

  it('answers an unknown domain with 404 nodes.node_not_found', async () => {
    const res = await unchanged(h.database.db, () => h.call('GET', '/nodes/domain/nope'))
    expect(res.status).toBe(404)
    expect(res.body.detail).toEqual([{ type: 'nodes.node_not_found', msg: 'Node not found' }])
  })

  it('answers a domain that is not a DNS label with 422 value_error.node_domain', async () => {
    const res = await unchanged(h.database.db, () => h.call('GET', '/nodes/domain/bad_domain'))
    expect(res.status).toBe(422)
    expect(res.body.detail).toEqual([
      expect.objectContaining({ type: 'value_error.node_domain', loc: ['params', 'domain'] }),
    ])
    const long = await h.call('GET', `/nodes/domain/${'a'.repeat(64)}`)
    expect(long.body.detail[0]).toMatchObject({ type: 'value_error.any_str.max_length', ctx: { max: 63 } })
  })
})

describe('GET /nodes/assets/{domain}', () => {
  it('answers the theme and login options without a token', async () => {
    const res = await h.call('GET', '/nodes/assets/start')
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      settings: {
        auth: { service_center: { url: 'https://sc.example.com', project_id: 'p1' } },
        logo: {},
        locale: 'ru',
      },
      css: 'body { color: red }',
      fonts: ['/fonts/a.woff2'],
      version: '1',
    })
  })

  it('fills in the defaults for a node with no theme', async () => {
    const res = await h.call('GET', '/nodes/assets/demo')
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      settings: { auth: { service_center: null }, logo: {}, locale: 'ru' },
      css: '',
      fonts: [],
      version: '1',
    })
  })

  it('changes version when an administrator edits the settings', async () => {
    const token = await h.login()
    const edit = await h.call('PATCH', `/nodes/${startId}`, {
      token,
      body: { settings: { no_top_menu: true } },
    })
    expect(edit.status).toBe(200)
    expect((await h.call('GET', '/nodes/assets/start')).body.data.version).toBe('2')
  })

  it('answers an unknown domain with 404 and a malformed one with 422', async () => {
    const res = await unchanged(h.database.db, () => h.call('GET', '/nodes/assets/nope'))
    expect(res.status).toBe(404)
    expect(res.body.detail[0].type).toBe('nodes.node_not_found')
    const bad = await unchanged(h.database.db, () => h.call('GET', '/nodes/assets/-x-'))
    expect(bad.status).toBe(422)
    expect(bad.body.detail[0]).toMatchObject({ type: 'value_error.node_domain', loc: ['params', 'domain'] })
  })

  it('is documented as public in the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/openapi.json')).body
    expect(doc.paths['/api/nodes/assets/{domain}'].get.security).toEqual([])
    expect(doc.paths['/api/nodes/domain/{domain}'].get.security).toEqual([])
  })
})
