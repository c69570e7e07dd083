#!/usr/bin/env node
// The map widget's static files (issue 12), written to public/map/ and served from our own origin:
// maplibre's worker and CSS, the offline basemap (Natural Earth countries from world-atlas as
// GeoJSON: no tile server, no internet; its cities, scripts/map-data/places.json made by
// scripts/map-places.mjs), and the cluster worker bundled on its own. Run before
// `remix build` (npm run build, scripts/start.mjs); quick, and skipped when nothing changed.
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(import.meta.url), '../..')
const out = join(root, 'public/map')
const pkg = (name) => join(root, 'node_modules', name)

const maplibre = join(pkg('maplibre-gl'), 'dist')
const atlas = pkg('world-atlas')
const workerSources = ['cluster.worker.ts', 'cluster-index.ts', 'cluster-protocol.ts'].map((f) =>
  join(root, 'app/widgets/map', f),
)
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0)
const fresh = (target, sources) => mtime(target) > 0 && sources.every((s) => mtime(s) <= mtime(target))

mkdirSync(out, { recursive: true })

for (const from of [
  join(maplibre, 'maplibre-gl-worker.mjs'),
  join(maplibre, 'maplibre-gl.css'),
  join(root, 'scripts/map-data/places.json'),
]) {
  const to = join(out, basename(from))
  if (!fresh(to, [from])) copyFileSync(from, to)
}

const countries = join(out, 'countries.json')
const atlasFile = join(atlas, 'countries-110m.json')
if (!fresh(countries, [atlasFile])) {
  const { feature, mesh } = await import('topojson-client')
  const topo = JSON.parse(readFileSync(atlasFile, 'utf8'))
  const land = feature(topo, topo.objects.countries)
  const borders = mesh(topo, topo.objects.countries, (a, b) => a !== b)
  // Coordinates to 4 decimals (~10 m): the file is half the size and looks the same at any zoom it is drawn at.
  const round = (_k, v) => (typeof v === 'number' ? Math.round(v * 1e4) / 1e4 : v)
  const collection = {
    type: 'FeatureCollection',
    features: [
      ...land.features.map((f) => ({
        type: 'Feature',
        properties: { kind: 'land', name: f.properties?.name ?? '' },
        geometry: f.geometry,
      })),
      { type: 'Feature', properties: { kind: 'border' }, geometry: borders },
    ],
  }
  writeFileSync(countries, JSON.stringify(collection, round))
}

const worker = join(out, 'cluster-worker.js')
const domainSources = ['map-geo.ts', 'map-mix.ts'].map((f) => join(root, 'domain/widgets', f))
if (!fresh(worker, [...workerSources, ...domainSources, join(pkg('supercluster'), 'package.json')])) {
  const { build } = await import('esbuild')
  await build({
    entryPoints: [workerSources[0]],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    outfile: worker,
    alias: { '@domain': join(root, 'domain') },
    logLevel: 'warning',
  })
}
