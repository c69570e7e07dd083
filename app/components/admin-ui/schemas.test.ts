import { DATA_URL_MAX, nodeSettingsPatchSchema } from '@domain/nodes/settings-schema'
import { describe, expect, it } from 'vitest'
import {
  generalSchema,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  mapSchema,
  menuSchema,
  parseSection,
  UPLOAD_MAX_BYTES,
} from './schemas'

const form = (entries: [string, string][]) => {
  const fd = new FormData()
  for (const [k, v] of entries) fd.append(k, v)
  return fd
}
const errorsOf = (s: ReturnType<typeof parseSection>) => (s.status === 'success' ? {} : s.error)

describe('generalSchema', () => {
  it('reads the select and the switches; an unchecked switch is off', () => {
    const s = parseSection(
      form([
        ['locale', 'en'],
        ['no_left_menu', 'on'],
        ['intent', 'general:save'],
      ]),
      generalSchema,
    )
    expect(s.status === 'success' && s.value).toEqual({
      locale: 'en',
      no_left_menu: true,
      no_top_menu: false,
    })
  })

  it.each([
    [[], { locale: ['value_error.missing'] }],
    [[['locale', 'de']], { locale: ['value_error.enum'] }],
    [
      [
        ['locale', 'ru'],
        ['no_top_menu', 'yes'],
      ],
      { no_top_menu: ['value_error'] },
    ],
  ] as [[string, string][], Record<string, string[]>][])('%j → %j', (entries, errors) => {
    expect(errorsOf(parseSection(form(entries), generalSchema))).toEqual(errors)
  })
})

describe('menuSchema', () => {
  it('parses three levels into the stored shape, empty fields left out', () => {
    const s = parseSection(
      form([
        ['items[0].title', ' Work '],
        ['items[0].heading', 'on'],
        ['items[0].url', ''],
        ['items[0].items[0].title', 'Boards'],
        ['items[0].items[0].url', '/lk/b/1'],
        ['items[0].items[0].items[0].title', 'Mine'],
        ['items[0].items[0].items[0].icon', 'mdi-star'],
        ['items[1].title', 'Help'],
        ['items[1].url', 'mailto:help@example.com'],
      ]),
      menuSchema,
    )
    expect(s.status).toBe('success')
    const value = s.status === 'success' ? s.value : null
    expect(JSON.parse(JSON.stringify(value))).toEqual({
      items: [
        {
          title: 'Work',
          heading: true,
          items: [{ title: 'Boards', url: '/lk/b/1', items: [{ title: 'Mine', icon: 'mdi-star' }] }],
        },
        { title: 'Help', url: 'mailto:help@example.com' },
      ],
    })
    expect(nodeSettingsPatchSchema.safeParse({ menu: value }).success).toBe(true)
  })

  it('an empty menu is a valid menu', () => {
    const s = parseSection(form([['intent', 'menu:save']]), menuSchema)
    expect(s.status === 'success' && s.value).toEqual({ items: [] })
  })

  it.each([
    [[['items[0].title', '']], { 'items[0].title': ['value_error.missing'] }],
    [[['items[0].title', '   ']], { 'items[0].title': ['value_error.missing'] }],
    [
      [
        ['items[0].title', 'x'],
        ['items[0].url', 'javascript:alert(1)'],
      ],
      { 'items[0].url': ['value_error.url'] },
    ],
    [
      [
        ['items[0].title', 'x'],
        ['items[0].items[0].title', 'y'],
        ['items[0].items[0].icon', 'no spaces'],
      ],
      { 'items[0].items[0].icon': ['value_error'] },
    ],
    [
      [
        ['items[0].title', 'a'],
        ['items[0].items[0].title', 'b'],
        ['items[0].items[0].items[0].title', 'c'],
        ['items[0].items[0].items[0].items[0].title', 'd'],
      ],
      { 'items[0].items[0].items[0].items': ['value_error.menu_depth'] },
    ],
    [[['items[0].title', 'x'.repeat(101)]], { 'items[0].title': ['value_error.any_str.max_length'] }],
  ] as [[string, string][], Record<string, string[]>][])('%j → %j', (entries, errors) => {
    expect(errorsOf(parseSection(form(entries), menuSchema))).toEqual(errors)
  })
})

describe('logo limits', () => {
  it('the largest accepted file still fits the stored data: URL limit, for every type', () => {
    for (const type of Object.values(LOGO_TYPES)) {
      const length = `data:${type};base64,`.length + Math.ceil(LOGO_MAX_BYTES / 3) * 4
      expect(length, type).toBeLessThanOrEqual(DATA_URL_MAX)
    }
    expect(LOGO_MAX_BYTES).toBeLessThan(UPLOAD_MAX_BYTES)
  })
})

describe('mapSchema (PRODUCT.md §10 map tiles)', () => {
  it('takes a style URL, a key and a language; all empty is the default style', () => {
    const s = parseSection(
      form([
        ['style_url', 'https://tiles.example.com/style.json'],
        ['key', 'abc'],
        ['language', 'zh'],
      ]),
      mapSchema,
    )
    expect(s.status === 'success' && s.value).toEqual({
      style_url: 'https://tiles.example.com/style.json',
      key: 'abc',
      language: 'zh',
    })
    const empty = parseSection(
      form([
        ['style_url', ''],
        ['key', ''],
        ['language', ''],
      ]),
      mapSchema,
    )
    expect(empty.status === 'success' && empty.value).toEqual({})
  })

  it('refuses a URL that is not http(s) and a language outside ru, en, zh, with catalogue codes', () => {
    const s = parseSection(
      form([
        ['style_url', 'javascript:alert(1)'],
        ['language', 'de'],
      ]),
      mapSchema,
    )
    expect(errorsOf(s)).toEqual({ style_url: ['value_error.url'], language: ['value_error.enum'] })
  })
})
