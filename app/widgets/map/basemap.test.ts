import type { StyleSpecification, SymbolLayerSpecification } from 'maplibre-gl'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  loadStyle,
  offlineStyle,
  PLACE_LAYERS,
  PLACE_RANK_BY_ZOOM,
  PLACES_URL,
  placeLabel,
  revealPlaces,
  styleUrl,
} from './basemap'

/*
 * The tile style or the offline basemap (PRODUCT.md §10, spec §4): a style that cannot be loaded
 * falls back, and the failure is only logged (a warning, never an error on the page).
 */

const OFFLINE: StyleSpecification = { version: 8, sources: {}, layers: [] }
const REMOTE = {
  version: 8,
  sources: { osm: { type: 'vector', url: 'https://t.example.com/x' } },
  layers: [],
}
const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch

afterEach(() => vi.restoreAllMocks())

describe('loadStyle', () => {
  it('without a URL draws the offline basemap and asks nothing', async () => {
    const fetcher = answer(REMOTE)
    expect(await loadStyle({ url: null, key: null }, () => OFFLINE, { fetcher })).toEqual({
      style: OFFLINE,
      remote: false,
    })
    expect(fetcher).not.toHaveBeenCalled()
  })

  it('loads the style, with its key in the URL', async () => {
    const fetcher = answer(REMOTE)
    const got = await loadStyle({ url: 'https://t.example.com/s.json', key: 'k 1' }, () => OFFLINE, {
      fetcher,
    })
    expect(got).toEqual({ style: REMOTE, remote: true })
    expect(vi.mocked(fetcher).mock.calls[0]![0]).toBe('https://t.example.com/s.json?key=k%201')
  })

  it.each([
    ['an error status', answer({ detail: 'no' }, 403)],
    ['something that is not a style', answer({ hello: 'world' })],
    [
      'a network failure',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }) as unknown as typeof fetch,
    ],
  ])('falls back to the offline basemap on %s, only logging it', async (_what, fetcher) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error')
    const got = await loadStyle({ url: 'https://t.example.com/s.json', key: null }, () => OFFLINE, {
      fetcher,
    })
    expect(got).toEqual({ style: OFFLINE, remote: false })
    expect(warn).toHaveBeenCalledOnce()
    expect(error).not.toHaveBeenCalled()
  })

  it('gives up on a style that does not answer in time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const fetcher = ((_url: string, init: RequestInit) =>
      new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      )) as typeof fetch
    const got = await loadStyle({ url: 'https://t.example.com/s.json', key: null }, () => OFFLINE, {
      fetcher,
      timeoutMs: 20,
    })
    expect(got.remote).toBe(false)
  })
})

describe('styleUrl', () => {
  it('puts the key in place of {key}, else as key=', () => {
    expect(styleUrl('https://a/s.json?x=1', 'k')).toBe('https://a/s.json?x=1&key=k')
    expect(styleUrl('https://a/{key}/s.json', 'k')).toBe('https://a/k/s.json')
    expect(styleUrl('https://a/s.json', null)).toBe('https://a/s.json')
  })
})

describe('the offline basemap’s cities', () => {
  const colors = {
    water: '#000',
    land: '#111',
    border: '#222',
    text: '#eee',
    muted: '#888',
    surface: '#161616',
  }
  const labels = (language: string) =>
    offlineStyle(colors, { language }).layers.find((l) => l.id === 'places-labels') as
      | SymbolLayerSpecification
      | undefined

  it('labels them in the interface language, else in English', () => {
    expect(labels('ru')?.layout?.['text-field']).toEqual(['coalesce', ['get', 'name_ru'], ['get', 'name']])
    expect(labels('zh-CN')?.layout?.['text-field']).toEqual(['coalesce', ['get', 'name_zh'], ['get', 'name']])
    expect(labels('en')?.layout?.['text-field']).toEqual(['get', 'name'])
    expect(labels('de')?.layout?.['text-field']).toEqual(['get', 'name'])
    expect(placeLabel({ name: 'Moscow', name_ru: 'Москва' }, 'ru')).toBe('Москва')
    expect(placeLabel({ name: 'Paris' }, 'ru')).toBe('Paris')
    expect(placeLabel({ name: 'Moscow', name_ru: 'Москва' }, 'en')).toBe('Moscow')
  })

  it('draws them from our own origin with no glyph server, in the theme’s colours', () => {
    const style = offlineStyle(colors)
    expect(style.sources.places).toEqual({ type: 'geojson', data: PLACES_URL })
    expect(style.glyphs).toBeUndefined()
    const dots = style.layers.find((l) => l.id === 'places-dots')
    expect(dots?.paint).toMatchObject({ 'circle-color': colors.muted, 'circle-stroke-color': colors.land })
    expect(labels('en')?.paint).toMatchObject({ 'text-halo-color': colors.land })
  })

  it('keeps them hidden until revealPlaces (after the tasks are drawn)', () => {
    const layers = new Map(offlineStyle(colors).layers.map((l) => [l.id, l]))
    expect(PLACE_LAYERS.map((id) => layers.get(id)?.layout?.visibility)).toEqual(['none', 'none'])
    const set: [string, string, unknown][] = []
    const map = {
      getLayer: (id: string) => layers.get(id),
      setLayoutProperty: (id: string, name: string, value: unknown) => set.push([id, name, value]),
    }
    revealPlaces(map as never)
    expect(set).toEqual(PLACE_LAYERS.map((id) => [id, 'visibility', 'visible']))
  })

  it('shows the largest cities at a country’s zoom and every place zoomed in', () => {
    // ['step', ['zoom'], 1, 3, 2, 5, 3, 7, 4]: the largest rank shown from each zoom on.
    const [, , first, ...stops] = PLACE_RANK_BY_ZOOM as [string, unknown, number, ...number[]]
    const rankAt = (zoom: number) => {
      let rank = first
      for (let i = 0; i < stops.length; i += 2)
        if (zoom >= (stops[i] as number)) rank = stops[i + 1] as number
      return rank
    }
    expect([2, 3, 4, 5, 7].map(rankAt)).toEqual([1, 2, 2, 3, 4])
  })
})
