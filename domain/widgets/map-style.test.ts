import { describe, expect, it } from 'vitest'
import { DEFAULT_MAP_STYLE_URL, mapStyleFor } from './map-style'

describe('mapStyleFor (PRODUCT.md §10 map tiles)', () => {
  const none = { url: null, key: null }
  it('defaults to the public keyless style, labels in the interface language', () => {
    expect(mapStyleFor(none, undefined)).toEqual({ url: DEFAULT_MAP_STYLE_URL, key: null, language: null })
    expect(DEFAULT_MAP_STYLE_URL).toMatch(/^https:\/\//)
  })
  it('takes the node setting with its key and language', () => {
    const node = { style_url: 'https://tiles.example.com/s.json', key: 'k1', language: 'en' }
    expect(mapStyleFor(none, node)).toEqual({ url: node.style_url, key: 'k1', language: 'en' })
  })
  it('a widget’s own view.style_url overrides the node’s, keeping the node’s language', () => {
    const node = { style_url: 'https://a.example.com/s.json', key: 'k1', language: 'zh' }
    expect(mapStyleFor({ url: 'https://b.example.com/s.json', key: null }, node)).toEqual({
      url: 'https://b.example.com/s.json',
      key: null,
      language: 'zh',
    })
  })
  it('`offline` as the default or the setting means the offline basemap (url null)', () => {
    expect(mapStyleFor(none, undefined, 'offline')).toEqual({ url: null, key: null, language: null })
    expect(mapStyleFor(none, { style_url: 'offline', key: 'x' })).toEqual({
      url: null,
      key: null,
      language: null,
    })
  })
})
