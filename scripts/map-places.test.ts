import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { exemplarCities, PLACES_FILE, rankOf, shapePlaces } from './map-places.mjs'

/*
 * The offline basemap's cities (issue 25): Natural Earth's places, the largest first, ranked by
 * population for the zoom they appear at, named in Russian and Chinese where CLDR names the city
 * its time zone is named after.
 */

// CLDR's shape: zones nested by the id's parts; English lists only the cities not the id's last part.
const zones = {
  en: {
    zone: {
      Europe: { Moscow: { long: { daylight: 'x' } } },
      Asia: { Ho_Chi_Minh: { exemplarCity: 'Ho Chi Minh City' } },
    },
  },
  ru: {
    zone: {
      Europe: { Moscow: { exemplarCity: 'Москва' } },
      America: { Argentina: { Salta: { _type: 'zone', exemplarCity: 'Сальта' } } },
      Asia: { Ho_Chi_Minh: { exemplarCity: 'Хошимин' } },
    },
  },
  zh: { zone: { Europe: { Moscow: { exemplarCity: '莫斯科' } } } },
}
const exemplars = {
  en: exemplarCities(zones.en),
  ru: exemplarCities(zones.ru),
  zh: exemplarCities(zones.zh),
}
const city = (name: string, pop: number, timezone: string, lng = 37.6, lat = 55.75) => ({
  city: name,
  pop,
  timezone,
  lng,
  lat,
})

describe('map places', () => {
  it('reads CLDR’s exemplar cities by zone id, nested ids included', () => {
    expect(exemplars.ru.get('Europe/Moscow')).toBe('Москва')
    expect(exemplars.ru.get('America/Argentina/Salta')).toBe('Сальта')
    expect(exemplars.en.get('Asia/Ho_Chi_Minh')).toBe('Ho Chi Minh City')
    expect(exemplars.en.has('Europe/Moscow')).toBe(false)
  })

  it('ranks by population: the largest shown first, every place when zoomed in', () => {
    expect([12_000_000, 5_000_000, 4_999_999, 1_000_000, 250_000, 249_999, 0].map(rankOf)).toEqual([
      1, 1, 2, 2, 3, 4, 4,
    ])
  })

  it('names the city its time zone is named after, not the others in that zone; the largest first', () => {
    const { features } = shapePlaces(
      [
        city('Saint Petersburg', 4_553_000, 'Europe/Moscow', 30.316, 59.939),
        city('Moscow', 10_452_000, 'Europe/Moscow', 37.615522, 55.752164),
        city('Ho Chi Minh City', 8_000_000, 'Asia/Ho_Chi_Minh'),
        city('', 5, 'Europe/Moscow'),
        city('Nowhere', 5, 'Europe/Moscow', Number.NaN, 0),
      ],
      exemplars,
    )
    expect(features.map((f) => f.properties)).toEqual([
      { name: 'Moscow', rank: 1, name_ru: 'Москва', name_zh: '莫斯科' },
      { name: 'Ho Chi Minh City', rank: 1, name_ru: 'Хошимин' },
      { name: 'Saint Petersburg', rank: 2 },
    ])
    // Coordinates to 3 decimals (~100 m), lon then lat.
    expect(features[0]?.geometry.coordinates).toEqual([37.616, 55.752])
  })

  it('the committed places have Moscow named in Russian and Chinese, ranked 1', () => {
    const { features } = JSON.parse(readFileSync(PLACES_FILE, 'utf8'))
    const moscow = features.find((f: { properties: { name: string } }) => f.properties.name === 'Moscow')
    expect(moscow.properties).toEqual({ name: 'Moscow', rank: 1, name_ru: 'Москва', name_zh: '莫斯科' })
    expect(features.length).toBeGreaterThan(7000)
  })
})
