import { describe, expect, it } from 'vitest'
import { fieldName, type Settings, sectionBase } from './__ui-save.server'

describe('sectionBase', () => {
  const settings: Settings = {
    locale: 'en',
    no_left_menu: true,
    menu: { items: [{ title: 'A', url: '/lk', items: [] }] },
    logo: { main: '/a.png' },
  }

  it('does not depend on the order of keys', () => {
    const reordered: Settings = {
      logo: { main: '/a.png' },
      menu: { items: [{ url: '/lk', items: [], title: 'A' }] },
      no_left_menu: true,
      locale: 'en',
    }
    for (const section of ['logo', 'general', 'menu'] as const)
      expect(sectionBase(section, reordered), section).toBe(sectionBase(section, settings))
  })

  it.each([
    ['logo', { logo: { main: '/b.png' } }],
    ['general', { no_top_menu: true }],
    ['general', { locale: 'zh' as const }],
    ['menu', { menu: { items: [] } }],
    ['map', { map: { style_url: 'https://tiles.example.com/s.json' } }],
  ] as const)('changes for %s when its part changes, and only then', (section, change) => {
    const changed = { ...settings, ...change } as Settings
    for (const other of ['logo', 'general', 'menu', 'map'] as const) {
      const same = sectionBase(other, changed) === sectionBase(other, settings)
      expect(same, `${other} after a change to ${section}`).toBe(other !== section)
    }
  })
})

describe('fieldName', () => {
  it.each([
    ['menu', ['body', 'settings', 'menu', 'items', 0, 'items', 2, 'title'], 'items[0].items[2].title'],
    ['general', ['body', 'settings', 'locale'], 'locale'],
    ['logo', ['body', 'settings', 'logo', 'favicon'], 'favicon'],
    ['map', ['body', 'settings', 'map', 'style_url'], 'style_url'],
    ['menu', ['body', 'version'], null],
    ['general', ['body', 'settings'], null],
    ['general', undefined, null],
  ] as const)('%s %j → %s', (section, loc, name) => {
    expect(fieldName(section, loc as unknown as (string | number)[] | undefined)).toBe(name)
  })
})
