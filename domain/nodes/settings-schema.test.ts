import { describe, expect, it } from 'vitest'
import { nodeDomainSchema } from './node-domain'
import { nodeSettingsPatchSchema, nodeSettingsSchema, publicNodeSettingsSchema } from './settings-schema'

const issues = (r: {
  success: boolean
  error?: { issues: { path: (string | number)[]; message: string }[] }
}) => (r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`))

describe('nodeSettingsSchema', () => {
  it('accepts a full, valid configuration', () => {
    const r = nodeSettingsSchema.safeParse({
      logo: {
        main: 'https://cdn.example.com/logo.svg',
        small: '/static/s.png',
        favicon: 'data:image/png;base64,iVBORw0=',
      },
      locale: 'en',
      no_left_menu: true,
      no_top_menu: false,
      menu: {
        items: [
          {
            title: 'Work',
            heading: true,
            items: [{ title: 'Boards', url: 'home', items: [{ title: 'Mine', url: '/lk/b/1' }] }],
          },
          { title: 'Help', url: 'mailto:help@example.com', icon: 'mdi-help' },
        ],
      },
      theme: { css: ':root { --accent: #f60 }', fonts: ['https://fonts.example.com/a.woff2'] },
    })
    expect(issues(r)).toEqual([])
  })

  it('refuses script URLs, in any disguise', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:x',
      'data:text/html;base64,PGI+',
    ]) {
      const r = nodeSettingsSchema.safeParse({ menu: { items: [{ title: 'x', url }] } })
      expect(issues(r), url).toEqual(['menu.items.0.url:value_error.url'])
    }
    const logo = nodeSettingsSchema.safeParse({
      logo: { main: 'data:text/html;base64,PGI+', small: '//evil.example/x.png' },
    })
    expect(issues(logo)).toEqual(['logo.main:value_error.url', 'logo.small:value_error.url'])
  })

  it('bounds sizes: plain URLs, data URLs and the style sheet', () => {
    const long = `https://example.com/${'a'.repeat(2100)}`
    const big = `data:image/png;base64,${'A'.repeat(300_000)}`
    const r = nodeSettingsSchema.safeParse({
      logo: { main: long, small: big },
      theme: { css: 'a</style><script>' },
    })
    expect(issues(r)).toEqual([
      'logo.main:value_error.any_str.max_length',
      'logo.small:value_error.any_str.max_length',
      'theme.css:value_error.unsafe_css',
    ])
  })

  it('allows three menu levels, not four', () => {
    const deep = { title: 'a', items: [{ title: 'b', items: [{ title: 'c', items: [{ title: 'd' }] }] }] }
    expect(issues(nodeSettingsSchema.safeParse({ menu: { items: [deep] } }))).toEqual([
      'menu.items.0.items.0.items.0.items:value_error.menu_depth',
    ])
  })

  it('refuses unknown keys and locales outside ru, en, zh', () => {
    expect(issues(nodeSettingsSchema.safeParse({ locale: 'de', colour: 'red' }))).toEqual([
      'locale:value_error.enum',
      ':value_error.extra',
    ])
  })

  it('takes the map tile setting: an http(s) style URL, a key, a label language (PRODUCT.md §10)', () => {
    const map = { style_url: 'https://tiles.example.com/style.json', key: 'abc', language: 'en' }
    expect(nodeSettingsSchema.parse({ map })).toEqual({ map })
    expect(
      issues(
        nodeSettingsSchema.safeParse({
          map: { style_url: 'javascript:alert(1)', key: 'k'.repeat(201), language: 'de', zoom: 3 },
        }),
      ),
    ).toEqual([
      'map.style_url:value_error.url',
      'map.key:value_error.any_str.max_length',
      'map.language:value_error.enum',
      'map:value_error.extra',
    ])
    expect(nodeSettingsPatchSchema.parse({ map: null })).toEqual({ map: null })
  })

  it('lets a patch remove a key with null', () => {
    expect(nodeSettingsPatchSchema.parse({ logo: null, theme: null })).toEqual({ logo: null, theme: null })
  })

  it('refuses the sign-in keys that moved to the SSO plugin (migration 0018)', () => {
    const r = nodeSettingsSchema.safeParse({
      auth: { service_center: { url: 'https://sc.example.com' } },
      sso: { issuer: 'https://x', audience: 'a', jwks_url: 'https://x/j' },
    })
    expect(issues(r)).toEqual([':value_error.extra'])
  })

  it('strips an old stored sso from the public shape, keeps the derived service centre', () => {
    const out = publicNodeSettingsSchema.parse({
      locale: 'ru',
      auth: { service_center: { url: 'https://sc.example.com' } },
      sso: { issuer: 'https://x', audience: 'a', jwks_url: 'https://x/j' },
    })
    expect(out).toEqual({ locale: 'ru', auth: { service_center: { url: 'https://sc.example.com' } } })
  })
})

describe('nodeDomainSchema', () => {
  it('takes a DNS label, lower-cased', () => {
    expect(nodeDomainSchema.parse('Acme-2')).toBe('acme-2')
    for (const bad of ['-acme', 'acme-', 'ac_me', 'a.b', 'a'.repeat(64), ''])
      expect(nodeDomainSchema.safeParse(bad).success, bad).toBe(false)
  })
})
