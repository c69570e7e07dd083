#!/usr/bin/env node
// `npm start`: build what is stale, start the upstream API on a Unix socket of its own (or an
// internal loopback port: TIERS_LINK=tcp; ADR 024) unless UPSTREAM_API_URL points elsewhere, then
// the web app on PORT/HOST. A tier that dies once running
// is started again after a pause that grows while it keeps dying (0.5 s … 30 s), the other serves on.
// SIGTERM/SIGINT drains: the web app first (it stops accepting, finishes what it has), then the
// upstream it was still calling; each is killed if it has not stopped in time (PRODUCT.md §1).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { get as httpGet } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
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
  // Not `remix build`: scripts/build.mjs runs the same compiler without the CLI's warnings (issue 27).
  const r = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
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

/** 200 from the upstream's /api/health, over its Unix socket when it has one. */
function healthAnswers(url, socketPath) {
  const target = new URL('/api/health', url)
  return new Promise((resolve) => {
    const where = socketPath
      ? { socketPath, path: target.pathname }
      : { host: target.hostname, port: target.port, path: target.pathname }
    const req = httpGet({ ...where, timeout: 2_000 }, (res) => {
      res.resume()
      resolve(res.statusCode === 200)
    })
    req.once('error', () => resolve(false))
    req.once('timeout', () => req.destroy())
  })
}

async function waitHealthy(url, socketPath, child, ms = 120_000) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (child.exitCode !== null) return false
    if (await healthAnswers(url, socketPath)) return true
    await new Promise((r) => setTimeout(r, 200))
  }
  return false
}

/** The tiers' socket: `api.sock` in a directory of its own (mode 0700), removed when Nodus stops. */
let socketDir
function socketPath() {
  if (socketDir === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'nodus-'))
    if (Buffer.byteLength(join(dir, 'api.sock')) > 100) {
      rmSync(dir, { recursive: true, force: true })
      socketDir = null
    } else {
      socketDir = dir
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
    }
  }
  return socketDir ? join(socketDir, 'api.sock') : undefined
}

/** Every tier: its name, how to start it, the running process, and its restart history. */
const tiers = []
let stopping = false
const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => child.once('exit', r))

/** SIGTERM, then SIGKILL if it has not stopped within `ms`. */
async function stopTier(tier, ms) {
  const child = tier.child
  if (!child) return
  clearTimeout(tier.retry)
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
  const force = setTimeout(() => child.kill('SIGKILL'), ms)
  await exited(child)
  clearTimeout(force)
}

/** The web app before the upstream: its in-flight requests still reach the upstream. */
async function stopAll(code) {
  if (stopping) return
  stopping = true
  const web = tiers.find((t) => t.name === 'web app')
  const api = tiers.find((t) => t.name === 'upstream API')
  if (web) await stopTier(web, 8_500)
  if (api) await stopTier(api, 1_500)
  process.exit(code)
}

const BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000]

function spawnTier(tier) {
  const child = spawn(process.execPath, tier.args, { cwd: root, env: tier.env, stdio: 'inherit' })
  tier.child = child
  tier.startedAt = Date.now()
  child.on('exit', (code, signal) => {
    if (stopping) return
    if (!tier.restart) {
      console.error(`[nodus] ${tier.name} stopped (${signal ?? code}) before it was up; stopping`)
      return void stopAll(code || 1)
    }
    // A run of a minute or more was no crash loop: the pauses start again from the shortest.
    if (Date.now() - tier.startedAt > 60_000) tier.crashes = 0
    const wait = BACKOFF_MS[Math.min(tier.crashes, BACKOFF_MS.length - 1)]
    tier.crashes += 1
    console.error(`[nodus] ${tier.name} stopped (${signal ?? code}); starting it again in ${wait} ms`)
    tier.retry = setTimeout(() => {
      if (!stopping) spawnTier(tier)
    }, wait)
  })
  return child
}

function run(name, args, childEnv) {
  const tier = { name, args, env: childEnv, child: null, crashes: 0, restart: false, retry: undefined }
  tiers.push(tier)
  spawnTier(tier)
  return tier
}

for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => void stopAll(0))

buildIfStale()
env.SECRET = secret()
if (!env.UPSTREAM_API_URL) {
  // The tiers talk over a Unix socket in a private temporary directory (ADR 024: not in DATA_DIR,
  // which may be a volume or network file system without sockets); TIERS_LINK=tcp (or a TMPDIR
  // whose path is too long for a socket) keeps the loopback port. API_PORT set: the upstream
  // listens there as well (scripts and benches that call it directly).
  const overSocket = (env.TIERS_LINK ?? 'unix') !== 'tcp' && socketPath() !== undefined
  const socket = overSocket ? socketPath() : undefined
  const apiEnv = { ...env, API_HOST: '127.0.0.1' }
  if (overSocket) {
    apiEnv.API_SOCKET = socket
    env.UPSTREAM_API_SOCKET = socket
    env.UPSTREAM_API_URL = 'http://localhost'
  } else {
    apiEnv.API_PORT = String(Number(env.API_PORT || (await freePort())))
    env.UPSTREAM_API_URL = `http://127.0.0.1:${apiEnv.API_PORT}`
  }
  const api = run('upstream API', ['--import', 'tsx', join(root, 'api/src/server.ts')], apiEnv)
  if (!(await waitHealthy(env.UPSTREAM_API_URL, overSocket ? socket : undefined, api.child))) {
    console.error('[nodus] the upstream API did not become healthy')
    await stopAll(1)
  }
  // Up once: from now on a crash is restarted, not the end of Nodus.
  api.restart = true
}
if (!stopping) {
  env.PORT ??= '3000'
  env.HOST ??= '127.0.0.1'
  const web = run('web app', [join(root, 'server/index.mjs'), join(root, 'build/index.js')], env)
  // Up for a few seconds: a crash from then on is restarted; one at once (a broken build) stops.
  setTimeout(() => {
    web.restart = true
  }, 3_000).unref()
}
