import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../test/db-state'
import { createUser } from '../../test/factories'
import { type Issuer, startIssuer } from '../../test/oidc-issuer'
import { startWorkflowApi } from '../../test/workflow-factories'

/*
 * The one outbound-address guard (ADR 027) through the API, against a real HTTP server and a real
 * OIDC issuer on 127.0.0.1: webhook URLs, the SSO plugin's jwks_url and service_center_url naming
 * loopback, private, link-local or IPv4-mapped addresses (or a name resolving to one) are refused
 * when saved, with nothing written; saved while the operator allowed private addresses, they are
 * refused again when connecting once the opt-in is off (the connection checks the address DNS
 * answers, the receiver sees nothing); with the opt-in they work; redirects are never followed.
 */

let w: Awaited<ReturnType<typeof startWorkflowApi>>
let idp: Issuer
let receiver: Server
let origin: string
const hits: string[] = []

const SECRET = 'whsec-outbound-test-0123456789'
const optIn = (on: boolean) => {
  // The live configuration: every connection reads the opt-in anew.
  w.h.config.OUTBOUND_ALLOW_PRIVATE = on ? '1' : '0'
}
const saveWebhook = (url: string) =>
  w.h.call('POST', `/plugin-configs/${w.startId}/webhooks`, {
    token: w.adminToken,
    body: { name: `hook ${url}`, settings: { url, events: ['task.created'], secret: SECRET } },
  })
const testConfig = (id: string) =>
  w.h.call('POST', `/plugin-configs/${w.startId}/${id}/test`, { token: w.adminToken })
const ssoSettings = (extra: Record<string, unknown>) => ({
  issuer: idp.url,
  audience: 'nodus',
  jwks_url: idp.jwksUrl,
  create_users: false,
  ...extra,
})

const PRIVATE_URLS = (port: number) => [
  `http://127.0.0.1:${port}/hook`,
  'http://10.1.2.3/hook',
  'http://169.254.169.254/latest/meta-data/',
  `http://[::ffff:127.0.0.1]:${port}/hook`,
  'http://[::1]/hook',
  'http://100.64.0.1/',
  'http://0.0.0.0/',
  'http://2130706433/',
  `http://localhost:${port}/hook`,
  `http://localhost.:${port}/hook`,
]

beforeAll(async () => {
  receiver = createServer((req, res) => {
    hits.push(req.url ?? '')
    if (req.url === '/redirect') return res.writeHead(302, { location: `${origin}/hook` }).end()
    req.resume()
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
  })
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok))
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  idp = await startIssuer('nodus')
  w = await startWorkflowApi({ WEBHOOKS_TIMEOUT_MS: '2000' })
})
afterAll(async () => {
  await w?.h.close()
  await idp?.close()
  await new Promise<void>((ok) => receiver.close(() => ok()))
})

describe('when saved', () => {
  it('refuses private webhook URLs with 422 at the setting, writing nothing', async () => {
    const port = Number(new URL(origin).port)
    for (const url of PRIVATE_URLS(port)) {
      const res = await unchanged(w.h.database.db, () => saveWebhook(url))
      expect([url, res.status, res.body.detail?.[0]?.type, res.body.detail?.[0]?.loc]).toEqual([
        url,
        422,
        'plugins.private_target',
        ['body', 'settings', 'url'],
      ])
    }
  })

  it("refuses the SSO plugin's private jwks_url and service_center_url, each at its setting", async () => {
    const port = Number(new URL(origin).port)
    for (const url of PRIVATE_URLS(port))
      for (const name of ['jwks_url', 'service_center_url']) {
        const res = await w.h.call('POST', `/plugin-configs/${w.startId}/sso`, {
          token: w.adminToken,
          body: {
            name: 'SSO',
            settings: ssoSettings({ jwks_url: 'https://id.example.com/jwks', [name]: url }),
          },
        })
        expect([url, res.status, res.body.detail?.map((d: { loc: string[] }) => d.loc.at(-1))]).toEqual([
          url,
          422,
          [name],
        ])
        expect(res.body.detail[0].type).toBe('plugins.private_target')
      }
    // Nothing was saved (the plugin is single: one saved would be listed here).
    const listed = await w.h.call('GET', `/plugin-configs/${w.startId}?plugin_id=sso`, {
      token: w.adminToken,
    })
    expect(listed.body.data).toEqual([])
  })
})

describe('the older switches', () => {
  let webhooksOnly: Awaited<ReturnType<typeof startWorkflowApi>>
  beforeAll(async () => {
    webhooksOnly = await startWorkflowApi({ WEBHOOKS_ALLOW_PRIVATE: '1' })
  })
  afterAll(() => webhooksOnly?.h.close())

  it('each opens its own plugin only', async () => {
    const hook = await webhooksOnly.h.call('POST', `/plugin-configs/${webhooksOnly.startId}/webhooks`, {
      token: webhooksOnly.adminToken,
      body: { name: 'inside', settings: { url: `${origin}/hook`, events: ['task.created'], secret: SECRET } },
    })
    expect(hook.status).toBe(201)
    const sso = await webhooksOnly.h.call('POST', `/plugin-configs/${webhooksOnly.startId}/sso`, {
      token: webhooksOnly.adminToken,
      body: { name: 'SSO', settings: ssoSettings({}) },
    })
    expect([sso.status, sso.body.detail[0].type]).toEqual([422, 'plugins.private_target'])
  })
})

describe('when connecting', () => {
  it('sends a webhook with the opt-in, and refuses it once the opt-in is off (nothing reaches the receiver)', async () => {
    optIn(true)
    // A literal, and a name DNS answers with 127.0.0.1.
    for (const url of [`${origin}/hook`, `${origin.replace('127.0.0.1', 'localhost')}/hook`]) {
      const saved = await saveWebhook(url)
      expect(saved.status, JSON.stringify(saved.body)).toBe(201)
      hits.length = 0
      const sent = await testConfig(saved.body.data.id)
      expect(sent.status, JSON.stringify(sent.body)).toBe(200)
      expect(hits).toEqual(['/hook'])

      optIn(false)
      hits.length = 0
      const refused = await testConfig(saved.body.data.id)
      expect([refused.status, refused.body.detail[0].type, refused.body.detail[0].ctx]).toEqual([
        422,
        'plugins.test_failed',
        { reason: 'Addresses of the local or a private network are not allowed' },
      ])
      expect(hits).toEqual([])
      optIn(true)
    }
    optIn(false)
  })

  it('never follows a redirect, not even to an allowed address', async () => {
    optIn(true)
    const saved = await saveWebhook(`${origin}/redirect`)
    expect(saved.status).toBe(201)
    hits.length = 0
    const res = await testConfig(saved.body.data.id)
    expect([res.status, res.body.detail[0].ctx]).toEqual([422, { reason: 'HTTP 302' }])
    expect(hits).toEqual(['/redirect'])
    optIn(false)
  })

  it('fetches the JWKS only through the guard: refused without the opt-in, redirects not followed', async () => {
    const member = await createUser(w.h, w.adminToken, w.startId)
    const exchange = async () =>
      w.h.call('POST', '/users/verify_token', {
        body: { token: await idp.mint({ email: member.email }), domain: 'start' },
      })
    optIn(true)
    // Saved while allowed, under a URL no one has fetched yet; then the operator turns it off.
    const created = await w.h.call('POST', `/plugin-configs/${w.startId}/sso`, {
      token: w.adminToken,
      body: { name: 'SSO', settings: ssoSettings({ jwks_url: `${idp.jwksUrl}?v=1` }) },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.data.id
    optIn(false)
    const before = idp.jwksHits()
    const refused = await exchange()
    expect([refused.status, refused.body.detail[0].type]).toEqual([503, 'request.upstream_unavailable'])
    expect(idp.jwksHits()).toBe(before)

    // A JWKS URL that redirects to the real one: the redirect is not followed.
    optIn(true)
    const patch = (jwks_url: string) =>
      w.h.call('PATCH', `/plugin-configs/${w.startId}/${id}`, {
        token: w.adminToken,
        body: { settings: { jwks_url } },
      })
    expect((await patch(idp.redirectUrl)).status).toBe(200)
    expect((await exchange()).status).toBe(503)
    expect(idp.jwksHits()).toBe(before)

    // Allowed, a fresh URL: the token is exchanged, and the keys are fetched once for many sign-ins.
    expect((await patch(`${idp.jwksUrl}?v=2`)).status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await exchange()).status).toBe(200)
    expect(idp.jwksHits()).toBe(before + 1)
    optIn(false)
  })

  it('bounds what anonymous callers can make the JWKS fetch cost: one fetch per cooldown', async () => {
    optIn(true)
    const [config] = (
      await w.h.call('GET', `/plugin-configs/${w.startId}?plugin_id=sso`, { token: w.adminToken })
    ).body.data
    await w.h.call('PATCH', `/plugin-configs/${w.startId}/${config.id}`, {
      token: w.adminToken,
      body: { settings: { jwks_url: `${idp.jwksUrl}?v=3` } },
    })
    const before = idp.jwksHits()
    // Tokens under key ids the set does not have: each would ask for a new key set.
    const strangers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        w.h.call('POST', '/users/verify_token', {
          body: { token: forgedToken(`kid-${i}`), domain: 'start' },
        }),
      ),
    )
    expect(new Set(strangers.map((r) => r.status))).toEqual(new Set([400]))
    expect(idp.jwksHits()).toBe(before + 1)
    optIn(false)
  })
})

/** A well-formed RS256 token under an unknown key id (its signature is never reached). */
function forgedToken(kid: string) {
  const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url')
  return `${part({ alg: 'RS256', kid, typ: 'JWT' })}.${part({ email: 'x@example.com' })}.${'A'.repeat(43)}`
}
