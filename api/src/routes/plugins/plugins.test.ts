import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { UNKNOWN_ID } from '../../../test/tenant-factories'
import { startWorkflowApi } from '../../../test/workflow-factories'
import { pluginConfigs } from '../../db/schema'

let w: Awaited<ReturnType<typeof startWorkflowApi>>
beforeAll(async () => {
  w = await startWorkflowApi()
})
afterAll(() => w.h.close())

const SECRET = 'a-very-secret-signing-key-42'
const call = (method: string, path: string, token?: string, body?: unknown) =>
  w.h.call(method, path, { token, body })
const refused = (act: () => ReturnType<typeof call>) => unchanged(w.h.database.db, act)
const webhook = (over: Record<string, unknown> = {}) => ({
  name: 'Chat',
  settings: { url: 'https://hooks.example.com/x', events: ['task.created'], secret: SECRET, ...over },
})
const makeWebhook = async (nodeId = w.startId, body = webhook()) => {
  const res = await call('POST', `/plugin-configs/${nodeId}/webhooks`, w.adminToken, body)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as { id: string; settings: Record<string, unknown> }
}

describe('GET /plugins', () => {
  it('lists the shipped plugins with their settings as field definitions', async () => {
    const res = await call('GET', '/plugins', w.userToken)
    expect(res.status).toBe(200)
    const ids = res.body.data.map((p: { id: string }) => p.id)
    expect(ids).toEqual(['webhooks', 'email', 'sso', 'csv'])
    const hooks = res.body.data[0]
    expect(hooks).toMatchObject({
      name: 'plugins.webhooks.name',
      version: '1.0.0',
      test: true,
      configured: 0,
    })
    expect(hooks.settings.map((d: { name: string; type: string }) => `${d.name}:${d.type}`)).toEqual([
      'url:text',
      'events:select',
      'query:text',
      'secret:password',
    ])
  })

  it('is paginated with meta like every list (PRODUCT.md §2)', async () => {
    const first = await call('GET', '/plugins?per_page=3', w.userToken)
    expect(first.status).toBe(200)
    expect(first.body.meta).toEqual({ total: 4, page: 1, per_page: 3 })
    expect(first.body.data.map((p: { id: string }) => p.id)).toEqual(['webhooks', 'email', 'sso'])
    const second = await call('GET', '/plugins?per_page=3&page=2', w.userToken)
    expect(second.body.data.map((p: { id: string }) => p.id)).toEqual(['csv'])
    expect(second.body.meta).toEqual({ total: 4, page: 2, per_page: 3 })
    // Past the end: an empty page, the total still told.
    const past = await call('GET', '/plugins?page=9', w.userToken)
    expect(past.body).toEqual({ data: [], meta: { total: 4, page: 9, per_page: 10 } })
    // Default page size 10 (all four); bad paging is refused with the catalogue's code.
    expect((await call('GET', '/plugins', w.userToken)).body.meta).toEqual({
      total: 4,
      page: 1,
      per_page: 10,
    })
    for (const q of ['per_page=0', 'per_page=501', 'page=0', 'page=x']) {
      const res = await call('GET', `/plugins?${q}`, w.userToken)
      expect(res.status, q).toBe(422)
      expect(res.body.detail[0].loc[0], q).toBe('query')
    }
  })

  it('counts a node’s configurations for its administrator only', async () => {
    await makeWebhook()
    const res = await call('GET', `/plugins?node_id=${w.startId}`, w.adminToken)
    expect(res.body.data[0].configured).toBeGreaterThan(0)
    expect((await call('GET', `/plugins?node_id=${w.startId}`, w.userToken)).status).toBe(403)
  })
})

describe('plugin configurations', () => {
  it('creates one; the secret is answered as set, stored sealed, never in any answer', async () => {
    const res = await call(
      'POST',
      `/plugin-configs/${w.startId}/webhooks`,
      w.adminToken,
      webhook({ query: '' }),
    )
    expect(res.status).toBe(201)
    expect(res.body.detail[0].type).toBe('plugins.config_created')
    expect(res.body.data).toMatchObject({
      plugin_id: 'webhooks',
      name: 'Chat',
      enabled: true,
      settings: { url: 'https://hooks.example.com/x', events: ['task.created'], secret: { set: true } },
    })
    const id = res.body.data.id
    const [row] = await w.h.database.db
      .select()
      .from(pluginConfigs)
      .where(and(eq(pluginConfigs.nodeId, w.startId), eq(pluginConfigs.id, id)))
    expect(JSON.stringify(row)).not.toContain(SECRET)
    expect(row!.secrets.secret).toMatch(/^v1\./)
    for (const path of [`/plugin-configs/${w.startId}/${id}`, `/plugin-configs/${w.startId}`]) {
      const got = await call('GET', path, w.adminToken)
      expect(got.status).toBe(200)
      expect(JSON.stringify(got.body)).not.toContain(SECRET)
    }
    const history = await call('GET', `/plugin-configs/${w.startId}/${id}/history`, w.adminToken)
    expect(JSON.stringify(history.body)).not.toContain(SECRET)
    expect(history.body.data[0]).toMatchObject({
      action: 'plugins.config_created',
      actor: { id: w.adminId },
      changes: { name: 'Chat', 'settings.secret': '••••••••' },
    })
  })

  it('keeps a secret unless a new one is typed; enables and disables; records who did what', async () => {
    const { id } = await makeWebhook()
    const path = `/plugin-configs/${w.startId}/${id}`
    const before = (await w.h.database.db.select().from(pluginConfigs).where(eq(pluginConfigs.id, id)))[0]!
    const kept = await call('PATCH', path, w.adminToken, { name: 'Renamed', settings: { secret: '' } })
    expect([kept.status, kept.body.data.settings.secret]).toEqual([200, { set: true }])
    const after = (await w.h.database.db.select().from(pluginConfigs).where(eq(pluginConfigs.id, id)))[0]!
    expect(after.secrets).toEqual(before.secrets)
    const echoed = await call('PATCH', path, w.adminToken, { settings: { secret: { set: true } } })
    expect(echoed.status).toBe(200)
    const off = await call('PATCH', path, w.adminToken, { enabled: false })
    expect([off.body.data.enabled, off.body.detail[0].type]).toEqual([false, 'plugins.config_disabled'])
    const replaced = await call('PATCH', path, w.adminToken, {
      settings: { secret: 'another-long-secret-value' },
    })
    expect(replaced.status).toBe(200)
    const sealed = (await w.h.database.db.select().from(pluginConfigs).where(eq(pluginConfigs.id, id)))[0]!
    expect(sealed.secrets.secret).not.toBe(before.secrets.secret)
    const history = (await call('GET', `${path}/history`, w.adminToken)).body.data
    expect(history.map((e: { action: string }) => e.action)).toEqual([
      'plugins.config_edited',
      'plugins.config_disabled',
      'plugins.config_edited',
      'plugins.config_created',
    ])
    expect(history[0].changes).toEqual({ 'settings.secret': '••••••••' })
    expect(history[2].changes).toEqual({ name: 'Renamed' })
  })

  it('refuses bad settings with the form’s codes, and changes nothing', async () => {
    const post = (body: unknown) =>
      refused(() => call('POST', `/plugin-configs/${w.startId}/webhooks`, w.adminToken, body))
    const missing = await post({ settings: {} })
    expect([missing.status, locs(missing.body).sort()]).toEqual([
      422,
      [
        'body.name:validation.required',
        'body.settings.events:validation.required',
        'body.settings.secret:validation.required',
        'body.settings.url:validation.required',
      ],
    ])
    const url = await post(webhook({ url: 'ftp://x' }))
    expect(locs(url.body)).toEqual(['body.settings.url:value_error.url'])
    const event = await post(webhook({ events: ['task.exploded'] }))
    expect(locs(event.body)).toEqual(['body.settings.events:value_error.enum'])
    const query = await post(webhook({ query: 'status = ' }))
    expect(query.status).toBe(422)
    expect(query.body.detail[0].loc).toEqual(['body', 'settings', 'query'])
    const short = await post(webhook({ secret: 'short' }))
    expect(locs(short.body)).toEqual(['body.settings.secret:validation.min_length'])
    const types = await post({ name: 5, settings: [] })
    expect(types.status).toBe(422)
  })

  it('refuses an unknown plugin, another node’s configuration (404) and non-administrators (403)', async () => {
    const unknown = await refused(() =>
      call('POST', `/plugin-configs/${w.startId}/nope`, w.adminToken, webhook()),
    )
    expect([unknown.status, unknown.body.detail[0].type]).toEqual([404, 'plugins.plugin_not_found'])
    const theirs = await makeWebhook(w.demoId)
    for (const [method, suffix] of [
      ['GET', ''],
      ['GET', '/history'],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/test'],
    ] as const) {
      const res = await refused(() =>
        call(
          method,
          `/plugin-configs/${w.startId}/${theirs.id}${suffix}`,
          w.adminToken,
          method === 'PATCH' ? {} : undefined,
        ),
      )
      expect([method, suffix, res.status, res.body.detail[0].type]).toEqual([
        method,
        suffix,
        404,
        'plugins.config_not_found',
      ])
    }
    const missing = await call('GET', `/plugin-configs/${w.startId}/${UNKNOWN_ID}`, w.adminToken)
    expect(missing.status).toBe(404)
    const mine = await makeWebhook()
    const user = await refused(() =>
      call('PATCH', `/plugin-configs/${w.startId}/${mine.id}`, w.userToken, {}),
    )
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const list = await call('GET', `/plugin-configs/${w.startId}`, w.userToken)
    expect(list.status).toBe(403)
  })

  it('allows one configuration of a single plugin per node; deletes', async () => {
    const sso = {
      name: 'Sign-on',
      settings: {
        issuer: 'https://id.example.com',
        audience: 'nodus',
        jwks_url: 'https://id.example.com/jwks',
      },
    }
    const first = await call('POST', `/plugin-configs/${w.startId}/sso`, w.adminToken, sso)
    expect(first.status).toBe(201)
    const second = await refused(() => call('POST', `/plugin-configs/${w.startId}/sso`, w.adminToken, sso))
    expect([second.status, second.body.detail[0].type]).toEqual([409, 'plugins.one_per_node'])
    // The catalogue names that one configuration (the store links to it); several plugins never.
    const store = async () =>
      Object.fromEntries(
        (await call('GET', `/plugins?node_id=${w.startId}`, w.adminToken)).body.data.map(
          (p: { id: string; config_id: string | null }) => [p.id, p.config_id],
        ),
      )
    expect(await store()).toMatchObject({ sso: first.body.data.id, webhooks: null })
    const gone = await call('DELETE', `/plugin-configs/${w.startId}/${first.body.data.id}`, w.adminToken)
    expect([gone.status, gone.body.detail[0].type]).toEqual([200, 'plugins.config_deleted'])
    expect(
      (await call('GET', `/plugin-configs/${w.startId}/${first.body.data.id}`, w.adminToken)).status,
    ).toBe(404)
    expect((await store()).sso).toBeNull()
  })

  it('lists by plugin and name, a page at a time', async () => {
    await makeWebhook(w.startId, { ...webhook(), name: 'Zebra hook' })
    const res = await call(
      'GET',
      `/plugin-configs/${w.startId}?plugin_id=webhooks&search=zebra`,
      w.adminToken,
    )
    expect(res.status).toBe(200)
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['Zebra hook'])
    expect(res.body.meta.total).toBe(1)
  })

  it('refuses a test for a plugin without one', async () => {
    const csv = await call('POST', `/plugin-configs/${w.startId}/csv`, w.adminToken, {
      name: 'CSV',
      settings: {},
    })
    expect(csv.status, JSON.stringify(csv.body)).toBe(201)
    const res = await refused(() =>
      call('POST', `/plugin-configs/${w.startId}/${csv.body.data.id}/test`, w.adminToken),
    )
    expect([res.status, res.body.detail[0].type]).toEqual([422, 'plugins.no_test'])
  })
})
