#!/usr/bin/env node
// The offline basemap's cities (issue 25): Natural Earth's populated places (7,300 places with
// their population, public domain) as the npm package `city-timezones` ships them, named in
// Russian and Chinese where Unicode CLDR (`cldr-dates-full`, its time zones' exemplar cities)
// names the same city. Written once into scripts/map-data/places.json (committed: the packages are
// needed only to make it again), copied to public/map/ by scripts/map-assets.mjs and fetched by
// the map's worker only when an offline map is drawn.
//
//   node scripts/map-places.mjs            # reads node_modules
//   MAP_PLACES_PACKAGES=/tmp/x/node_modules node scripts/map-places.mjs
//
// Roads: no npm package ships Natural Earth's roads (or any open road set small enough), so the
// offline basemap has none yet.
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = resolve(fileURLToPath(import.meta.url), '../..')
export const PLACES_FILE = join(root, 'scripts/map-data/places.json')

/** Languages named beside English; English is the name every place has. */
export const PLACE_LANGUAGES = ['ru', 'zh']

/**
 * A place's rank by population, 1 the largest: the map shows rank 1 from the country zoom on and
 * the smaller ranks as it zooms in (app/widgets/map/basemap.ts).
 */
export function rankOf(population) {
  if (population >= 5_000_000) return 1
  if (population >= 1_000_000) return 2
  if (population >= 250_000) return 3
  return 4
}

/**
 * CLDR's exemplar cities of one language by time zone id ('Europe/Moscow' → 'Москва'). The zones
 * are nested by the id's parts (America/Argentina/Salta).
 */
export function exemplarCities(timeZoneNames) {
  const out = new Map()
  const walk = (node, path) => {
    for (const [key, value] of Object.entries(node)) {
      if (!value || typeof value !== 'object') continue
      const id = [...path, key]
      if (value._type === 'zone' || 'exemplarCity' in value || 'long' in value || 'short' in value) {
        if (value.exemplarCity) out.set(id.join('/'), value.exemplarCity)
      } else walk(value, id)
    }
  }
  walk(timeZoneNames.zone ?? {}, [])
  return out
}

const round = (n) => Math.round(n * 1000) / 1000

/** A zone's city in English: CLDR lists only the ones that are not the id's last part. */
const englishCity = (english, zone) => english?.get(zone) ?? zone.split('/').at(-1).replaceAll('_', ' ')

/**
 * The places as GeoJSON, the largest first (a label placed earlier wins a collision): `name` in
 * English, `name_ru` / `name_zh` when CLDR names the city whose time zone it is the exemplar of,
 * and `rank`. Places without a name or a position are left out.
 *
 * @param cities city-timezones' records ({ city, lat, lng, pop, timezone })
 * @param exemplars per language, the exemplar cities by zone id; `en` matches them to a place
 */
export function shapePlaces(cities, exemplars) {
  const features = cities
    .filter((c) => c.city && Number.isFinite(c.lat) && Number.isFinite(c.lng))
    .sort((a, b) => (b.pop ?? 0) - (a.pop ?? 0))
    .map((c) => {
      const properties = { name: c.city, rank: rankOf(c.pop ?? 0) }
      // Only the city the zone is named after: Saint Petersburg is in Europe/Moscow, not Москва.
      if (c.timezone && englishCity(exemplars.en, c.timezone) === c.city)
        for (const lang of PLACE_LANGUAGES) {
          const name = exemplars[lang]?.get(c.timezone)
          if (name && name !== c.city) properties[`name_${lang}`] = name
        }
      return {
        type: 'Feature',
        properties,
        geometry: { type: 'Point', coordinates: [round(c.lng), round(c.lat)] },
      }
    })
  return { type: 'FeatureCollection', features }
}

function main() {
  const packages = process.env.MAP_PLACES_PACKAGES ?? join(root, 'node_modules')
  const json = (...p) => JSON.parse(readFileSync(join(packages, ...p), 'utf8'))
  const cities = json('city-timezones/data/cityMap.json')
  const zones = (lang) =>
    json('cldr-dates-full/main', lang, 'timeZoneNames.json').main[lang].dates.timeZoneNames
  const exemplars = { en: exemplarCities(zones('en')) }
  for (const lang of PLACE_LANGUAGES) exemplars[lang] = exemplarCities(zones(lang))
  const places = shapePlaces(cities, exemplars)
  writeFileSync(PLACES_FILE, `${JSON.stringify(places)}\n`)
  const named = places.features.filter((f) => f.properties.name_ru).length
  console.log(`${PLACES_FILE}: ${places.features.length} places, ${named} named in ru/zh`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main()
