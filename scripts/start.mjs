#!/usr/bin/env node
// `npm start`: build what is stale, start the upstream API on an internal loopback port (unless
// UPSTREAM_API_URL points elsewhere), then the web app on PORT/HOST. If one dies the other stops
// too; SIGTERM drains both (PRODUCT.md §1).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(import.meta.url), '../..')
const env = { ...process.env }
env.DATA_DIR = resolve(env.DATA_DIR ?? join(root, 'data'))
env.NODE_ENV ??= 'production'

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let max = 0
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue
    max = Math.max(max, newestMtime(join(path, entry)))
  }
  return max
}

function buildIfStale() {
  // The map widget's static files (public/map/): quick, and skipped by the script when fresh.
  const assets = spawnSync(process.execPath, [join(root, 'scripts/map-assets.mjs')], {
    cwd: root,
    stdio: 'inherit',
  })
  if (assets.status !== 0) process.exit(assets.status ?? 1)
  const built = join(root, 'build/index.js')
  const inputs = ['app', 'domain', 'public/locales', 'remix.config.js', 'package-lock.json'].map((p) =>
    join(root, p),
  )
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0
  if (builtAt >= Math.max(...inputs.map(newestMtime))) return
  console.log('[nodus] building the web app…')
  const r = spawnSync(process.execPath, [join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, NODE_ENV: 'production' },
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

/** SECRET signs tokens and cookies; generated once into DATA_DIR so restarts keep sessions. */
function secret() {
  if (env.SECRET) return env.SECRET
  const file = join(env.DATA_DIR, 'secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(env.DATA_DIR, { recursive: true })
  const s = randomBytes(32).toString('base64url')
  writeFileSync(file, s, { mode: 0o600 })
  return s
}

const freePort = () =>
  new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => ok(port))
    })
  })

async function waitHealthy(url, child, ms = 120_000) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (child.exitCode !== null) return false
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) return true
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  return false
}

const children = []
let stopping = false
function stopAll(code) {
  if (stopping) return
  stopping = true
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  const force = setTimeout(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  }, 10_000)
  force.unref()
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(
    () => process.exit(code),
  )
}

function run(name, args, childEnv) {
  const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: 'inherit' })
  children.push(child)
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[nodus] ${name} stopped (${signal ?? code}); stopping the rest`)
      stopAll(code || 1)
    }
  })
  return child
}

for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => stopAll(0))

buildIfStale()
env.SECRET = secret()
if (!env.UPSTREAM_API_URL) {
  const apiPort = Number(env.API_PORT || (await freePort()))
  const apiEnv = { ...env, API_HOST: '127.0.0.1', API_PORT: String(apiPort) }
  const api = run('upstream API', ['--import', 'tsx', join(root, 'api/src/server.ts')], apiEnv)
  env.UPSTREAM_API_URL = `http://127.0.0.1:${apiPort}`
  if (!(await waitHealthy(env.UPSTREAM_API_URL, api))) {
    console.error('[nodus] the upstream API did not become healthy')
    stopAll(1)
  }
}
if (!stopping) {
  env.PORT ??= '3000'
  env.HOST ??= '127.0.0.1'
  run('web app', [join(root, 'server/index.mjs'), join(root, 'build/index.js')], env)
}
