#!/usr/bin/env node
// The map widget's browser figures (issue 12), in headless Chromium (WebGL through SwiftShader):
//  - 10,000 points clustered in the worker (target < 100 ms, off the main thread);
//  - a map over 100,000 points interactive (drawn and idle; target < 1.5 s) and the long tasks on
//    the main thread meanwhile (target: none over 200 ms);
//  - panning at 100,000 points: frame times (target < 50 ms) while the mouse drags the map as a
//    user does (Playwright's mouse: three drags of ~1 s, the clusters redrawn on each `moveend`).
// The page uses the widget's own modules (bench/map-page.ts, bundled here) and public/map/ (made by
// scripts/map-assets.mjs, run here first). Prints JSON with the machine's load beside the figures.
//
//   node bench/map.mjs [runs] [--sizes=1280x800,584x400] [--ab=REF] [--trace=DIR]
//   --sizes  the map's canvas sizes in CSS px (each run measures every size); default 1280x800
//   --ab     also measure checkout REF (a git ref): its widget modules and public/map/, the same
//            page; runs alternate REF / this tree so the shared machine's load drifts over both
//   --trace  one extra run per variant and size recorded as a Chrome trace (maplibre's unminified
//            build) into DIR; read it with bench/map-trace.mjs
import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { extname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = resolve(fileURLToPath(import.meta.url), '../..')
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'))
const flag = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const runs = Number(positional[0] ?? 3)
const sizes = (flag('sizes') ?? '1280x800').split(',').map((s) => s.split('x').map(Number))
const abRef = flag('ab')
const traceDir = flag('trace')

/** A checkout of REF beside this one (its own worktree, this tree's node_modules). */
function checkout(ref) {
  const sha = execFileSync('git', ['-C', root, 'rev-parse', '--short', ref], { encoding: 'utf8' }).trim()
  const dir = join(tmpdir(), `map-bench-${sha}`)
  if (!existsSync(dir)) {
    execFileSync('git', ['-C', root, 'worktree', 'add', '--detach', dir, sha], { stdio: 'ignore' })
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
  }
  // Before map-options.ts the widget made its map with these options, sky and all (map-canvas.tsx at 7f202d6).
  const options = join(dir, 'app/widgets/map/map-options.ts')
  if (!existsSync(options))
    writeFileSync(
      options,
      'export const mapOptions = () => ({ fadeDuration: 0, dragRotate: false, pitchWithRotate: false })\nexport const skipSky = () => {}\n',
    )
  // The same page for both: only the widget's modules and assets differ.
  copyFileSync(join(root, 'bench/map-page.ts'), join(dir, 'bench/map-page.ab.ts'))
  return { name: sha, dir, entry: join(dir, 'bench/map-page.ab.ts') }
}

async function bundle(dir, entry, dev) {
  execFileSync('node', [join(dir, 'scripts/map-assets.mjs')], { stdio: 'inherit' })
  const maplibreDev = join(root, 'node_modules/maplibre-gl/dist/maplibre-gl-dev.mjs')
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    minify: !dev,
    write: false,
    target: 'es2020',
    alias: {
      '@domain': join(dir, 'domain'),
      '~': join(dir, 'app'),
      ...(dev ? { 'maplibre-gl': maplibreDev } : {}),
    },
    logLevel: 'warning',
  })
  return out.outputFiles[0].contents
}

const types = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
}
/** One origin per variant: its page and its public/map/. */
async function serve(dir, pageJs) {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x')
    const path = url.pathname
    try {
      if (path === '/') {
        const w = Number(url.searchParams.get('w')) || 1280
        const h = Number(url.searchParams.get('h')) || 800
        return res.end(`<!doctype html><html data-theme="dark"><head><meta charset="utf-8">
<link rel="stylesheet" href="/map/maplibre-gl.css"><style>body{margin:0;background:#0d0e10}#map{width:${w}px;height:${h}px}</style>
</head><body><div id="map"></div><script type="module" src="/page.js"></script></body></html>`)
      }
      if (path === '/page.js') return res.writeHead(200, { 'content-type': types['.js'] }).end(pageJs)
      if (path.startsWith('/map/')) {
        const body = readFileSync(join(dir, 'public', path))
        return res
          .writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' })
          .end(body)
      }
    } catch {}
    res.writeHead(404).end()
  })
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok))
  return { server, origin: `http://127.0.0.1:${server.address().port}` }
}

const variants = []
if (abRef) {
  const a = checkout(abRef)
  variants.push({ name: `${a.name} (before)`, dir: a.dir, entry: a.entry })
}
const head = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
const dirty = execFileSync('git', ['-C', root, 'status', '--short', 'app/widgets/map', 'bench/map-page.ts'], {
  encoding: 'utf8',
}).trim()
variants.push({
  name: `${head}${dirty ? '+changes' : ''}`,
  dir: root,
  entry: join(root, 'bench/map-page.ts'),
})
for (const v of variants) {
  Object.assign(v, await serve(v.dir, await bundle(v.dir, v.entry, false)))
  if (traceDir) v.dev = await serve(v.dir, await bundle(v.dir, v.entry, true))
}

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
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms))

/** Three drags of ~1 s each (right, left, right, 300 px with a little vertical wobble), as a user pans. */
async function drag(page, w, h) {
  const box = await page.locator('#map').boundingBox()
  const cx = box.x + w / 2
  const cy = box.y + h / 2
  for (const dir of [1, -1, 1]) {
    let x = cx - dir * 150
    await page.mouse.move(x, cy)
    await page.mouse.down()
    for (let step = 1; step <= 60; step++) {
      x += dir * 5
      await page.mouse.move(x, cy + 20 * Math.sin(step / 10))
      await sleep(16)
    }
    await page.mouse.up()
    await sleep(150)
  }
}

async function measure(origin, [w, h], trace) {
  // The window of a laptop whatever the map's size: the browser composites the whole window each frame.
  const page = await browser.newPage({
    viewport: { width: Math.max(1300, w + 20), height: Math.max(820, h + 20) },
  })
  page.on('pageerror', (e) => console.error('page error:', e.message))
  await page.goto(`${origin}/?w=${w}&h=${h}`)
  await page.waitForFunction(() => typeof window.benchMap === 'function')
  if (trace) {
    await browser.startTracing(page, {
      path: trace,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'blink.user_timing',
        'toplevel',
        'gpu',
        'viz',
      ],
    })
  }
  const load = loadavg()[0]
  const r = await page.evaluate(() => window.benchMap())
  await page.evaluate(() => window.panStart())
  await drag(page, w, h)
  const pan = await page.evaluate(() => window.panStop())
  if (trace) await browser.stopTracing()
  await page.close()
  const frames = pan.frames
  return {
    load_1min: round(load),
    canvas: r.map100k.canvas.join('×'),
    cluster_10k_worker_ms_median: round(median(r.cluster10k.map((c) => c.worker))),
    cluster_10k_round_trip_ms_median: round(median(r.cluster10k.map((c) => c.roundTrip))),
    map_100k_interactive_ms: round(r.map100k.interactive),
    map_100k_drawn_features: r.map100k.drawn,
    map_100k_long_tasks_ms: r.map100k.startLong.map(round),
    map_100k_longest_long_task_ms: round(Math.max(0, ...r.map100k.startLong)),
    pan_frames: frames.length,
    pan_redraws: pan.redraws,
    pan_frame_ms_p50: round(median(frames)),
    pan_frame_ms_p95: round(pct(frames, 95)),
    pan_frame_ms_max: round(Math.max(...frames)),
    pan_long_tasks_ms: pan.panLong.map(round),
  }
}

const results = []
try {
  if (traceDir) {
    mkdirSync(traceDir, { recursive: true })
    for (const v of variants)
      for (const size of sizes) {
        const file = join(traceDir, `map-${v.name.split(' ')[0]}-${size.join('x')}.json`)
        const r = await measure(v.dev.origin, size, file)
        console.error('traced', file, JSON.stringify(r))
      }
  }
  for (let i = 0; i < runs; i++)
    for (const v of variants)
      for (const size of sizes) {
        const r = { run: i + 1, variant: v.name, ...(await measure(v.origin, size)) }
        results.push(r)
        // As it goes, one line a measurement (the JSON with everything comes at the end).
        console.error(
          `run ${r.run} ${r.variant} ${r.canvas}: interactive ${r.map_100k_interactive_ms} ms, longest task ${r.map_100k_longest_long_task_ms} ms; pan p50/p95 ${r.pan_frame_ms_p50}/${r.pan_frame_ms_p95} ms; load ${r.load_1min}`,
        )
      }
} finally {
  await browser.close()
  for (const v of variants) {
    v.server.close()
    v.dev?.server.close()
    // REF's checkout goes again (made afresh by the next --ab run); its node_modules link first, so
    // nothing can reach through it into this tree's node_modules.
    if (v.dir !== root) {
      unlinkSync(join(v.dir, 'node_modules'))
      execFileSync('git', ['-C', root, 'worktree', 'remove', '--force', v.dir], { stdio: 'ignore' })
    }
  }
}
console.log(JSON.stringify({ runs: results, load_after: loadavg().map(round) }, null, 2))
