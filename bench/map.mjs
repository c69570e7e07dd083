#!/usr/bin/env node
// The map widget's browser figures (issue 12), in headless Chromium (WebGL through SwiftShader):
//  - 10,000 points clustered in the worker (target < 100 ms, off the main thread);
//  - a map over 100,000 points interactive (drawn and idle; target < 1.5 s) and the long tasks on
//    the main thread meanwhile (target: none over 200 ms);
//  - panning at 100,000 points: frame times (target < 50 ms).
// The page uses the widget's own modules (bench/map-page.ts, bundled here) and public/map/ (made by
// scripts/map-assets.mjs). Prints JSON with the machine's load beside the figures.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { loadavg } from 'node:os'
import { extname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = resolve(fileURLToPath(import.meta.url), '../..')
const runs = Number(process.argv[2] ?? 3)

const bundle = await build({
  entryPoints: [join(root, 'bench/map-page.ts')],
  bundle: true,
  format: 'esm',
  minify: true,
  write: false,
  target: 'es2020',
  alias: { '@domain': join(root, 'domain'), '~': join(root, 'app') },
  logLevel: 'warning',
})
const pageJs = bundle.outputFiles[0].contents
const html = `<!doctype html><html data-theme="dark"><head><meta charset="utf-8">
<link rel="stylesheet" href="/map/maplibre-gl.css"><style>body{margin:0;background:#0d0e10}#map{width:1280px;height:800px}</style>
</head><body><div id="map"></div><script type="module" src="/page.js"></script></body></html>`
const types = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
}
const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname
  try {
    if (path === '/') return res.end(html)
    if (path === '/page.js') return res.writeHead(200, { 'content-type': types['.js'] }).end(pageJs)
    if (path.startsWith('/map/')) {
      const body = readFileSync(join(root, 'public', path))
      return res
        .writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' })
        .end(body)
    }
  } catch {}
  res.writeHead(404).end()
})
await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
const origin = `http://127.0.0.1:${server.address().port}`

const { chromium } = await import('@playwright/test')
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-sync',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--ignore-gpu-blocklist',
  ],
})
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))]
}
const round = (n) => Math.round(n * 10) / 10
const results = []
try {
  for (let i = 0; i < runs; i++) {
    const page = await browser.newPage({ viewport: { width: 1300, height: 820 } })
    page.on('pageerror', (e) => console.error('page error:', e.message))
    await page.goto(origin)
    await page.waitForFunction(() => typeof window.benchMap === 'function')
    const load = loadavg()[0]
    const r = await page.evaluate(() => window.benchMap())
    const frames = r.map100k.frames.slice(1)
    results.push({
      load_1min: round(load),
      cluster_10k_worker_ms_median: round(median(r.cluster10k.map((c) => c.worker))),
      cluster_10k_round_trip_ms_median: round(median(r.cluster10k.map((c) => c.roundTrip))),
      map_100k_interactive_ms: round(r.map100k.interactive),
      map_100k_drawn_features: r.map100k.drawn,
      map_100k_long_tasks_ms: r.map100k.startLong.map(round),
      pan_frames: frames.length,
      pan_frame_ms_p50: round(median(frames)),
      pan_frame_ms_p95: round(pct(frames, 95)),
      pan_frame_ms_max: round(Math.max(...frames)),
      pan_long_tasks_ms: r.map100k.panLong.map(round),
    })
    await page.close()
  }
} finally {
  await browser.close()
  server.close()
}
console.log(JSON.stringify({ runs: results, load_after: loadavg().map(round) }, null, 2))
