import { describe, expect, it } from 'vitest'
import { buildFormSchema } from '../fields/form'
import { isFieldType } from '../fields/registry'
import { findPlugin, PLUGINS, secretNames } from './catalogue'
import { configDefinitions, secretIntent } from './config-form'

describe('the plugin catalogue', () => {
  it('declares every setting with a registered field type and distinct ids', () => {
    expect(new Set(PLUGINS.map((p) => p.id)).size).toBe(PLUGINS.length)
    for (const p of PLUGINS)
      for (const d of p.settings) expect([p.id, d.name, isFieldType(d.type)]).toEqual([p.id, d.name, true])
    // Every form builds: overlapping or unknown names would throw here, not in a browser.
    for (const p of PLUGINS) expect(() => buildFormSchema(configDefinitions(p))).not.toThrow()
  })

  it('treats password settings as secrets', () => {
    expect(secretNames(findPlugin('webhooks')!)).toEqual(['secret'])
    expect(secretNames(findPlugin('email')!)).toEqual(['password'])
    expect(secretNames(findPlugin('sso')!)).toEqual([])
  })

  it('drops required from a secret already stored, so an empty field keeps it', () => {
    const hooks = findPlugin('webhooks')!
    const body = {
      name: 'x',
      settings: { url: 'https://h.example.com', events: ['task.created'], secret: '' },
    }
    expect(buildFormSchema(configDefinitions(hooks)).safeParse(body).success).toBe(false)
    expect(
      buildFormSchema(configDefinitions(hooks, { secretsSet: ['secret'] })).safeParse(body).success,
    ).toBe(true)
  })

  it('reads a posted secret as set, clear or keep', () => {
    expect(secretIntent('s3cret')).toEqual({ kind: 'set', value: 's3cret' })
    expect(secretIntent({ set: false })).toEqual({ kind: 'clear' })
    for (const v of ['', null, undefined, { set: true }, 5]) expect(secretIntent(v)).toEqual({ kind: 'keep' })
  })

  it('checks across settings: http(s) addresses, a port in range', () => {
    expect(findPlugin('webhooks')!.checkSettings!({ url: 'javascript:alert(1)' })).toEqual([
      { path: ['url'], code: 'value_error.url' },
    ])
    expect(findPlugin('email')!.checkSettings!({ port: 70000 })).toEqual([
      { path: ['port'], code: 'plugins.port_range' },
    ])
    expect(
      findPlugin('sso')!.checkSettings!({ issuer: 'https://id.example.com', jwks_url: 'file:///x' }),
    ).toEqual([
      { path: ['jwks_url'], code: 'value_error.url' },
      { path: ['audience'], code: 'value_error.missing' },
    ])
    // Each part stands alone, as the node settings it came from allowed; the centre's ids need its address.
    expect(findPlugin('sso')!.checkSettings!({ service_center_url: 'https://sc.example.com' })).toEqual([])
    expect(findPlugin('sso')!.checkSettings!({ project_id: 'p' })).toEqual([
      { path: ['service_center_url'], code: 'value_error.missing' },
    ])
  })
})
