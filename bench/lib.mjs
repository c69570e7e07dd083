// Shared pieces of the benchmarks: start the stack on a chosen database, sign in, run autocannon and wrk.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

export const root = resolve(fileURLToPath(import.meta.url), '../..')
export const ADMIN = { email: 'admin@example.com', password: 'bench-admin-password' }

export function parseArgs(argv) {
  const args = { db: 'pglite', duration: 20, connections: 32, wrk: true }
  for (const a of argv) {
    const [k, v] = a.replace(/^--/, '').split('=')
    if (k === 'db') args.db = v
    if (k === 'duration') args.duration = Number(v)
    if (k === 'connections') args.connections = Number(v)
    if (k === 'no-wrk') args.wrk = false
  }
  return args
}

/** Starts a throwaway PostgreSQL (scripts/pg-test-server.sh) and returns its URL and a stop(). */
export function startPostgres(port = 55490) {
  const dir = mkdtempSync(join(tmpdir(), 'nodus-bench-pg-'))
  const script = join(root, 'scripts/pg-test-server.sh')
  const url = execFileSync('bash', [script, 'start', dir, String(port)], { encoding: 'utf8' }).trim()
  return { url, stop: () => execFileSync('bash', [script, 'stop', dir], { stdio: 'ignore' }) }
}

/** Starts Nodus through `scripts/start.mjs` on a fresh DATA_DIR; the upstream on a known port. */
export async function startStack({ databaseUrl, webPort = 3700, apiPort = 3701, demo = false }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'nodus-bench-data-'))
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(webPort),
    API_PORT: String(apiPort),
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // No demo workflow: the benches fill node `start` themselves (the generator's fields and
    // processes would collide with the demo's cf_priority and friends) — but a bench that builds
    // on the demo's process and fields (the schedule's) asks for it.
    SEED_DEMO: demo ? '1' : '0',
  }
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  else delete env.DATABASE_URL
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const web = `http://127.0.0.1:${webPort}`
  const api = `http://127.0.0.1:${apiPort}`
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  const until = Date.now() + 180_000
  // Ready when the upstream is healthy and the web app answers at all.
  for (;;) {
    try {
      if (
        (await fetch(`${api}/api/health`)).ok &&
        (await fetch(`${web}/`, { redirect: 'manual' })).status < 500
      )
        break
    } catch {}
    if (Date.now() > until || child.exitCode !== null) {
      await stop()
      throw new Error('the stack did not start')
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  return { web, api, stop }
}

export async function signIn(base) {
  const res = await fetch(`${base}/api/users/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`)
  return (await res.json()).data.access_token
}

/**
 * autocannon: scripted scenario figures (req/s mean, latency percentiles, non-2xx). `requests`
 * (autocannon's: setupRequest / onResponse per request) varies the path or body per request.
 */
export async function runAutocannon({ url, headers, connections, duration, method = 'GET', body, requests }) {
  const r = await autocannon({ url, headers, connections, duration, method, body, requests })
  return {
    tool: 'autocannon',
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
  }
}

/** wrk: raw figures. Parses its --latency output. */
export function runWrk({ url, headers, connections, duration }) {
  const h = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`])
  const out = execFileSync('wrk', ['-t2', `-c${connections}`, `-d${duration}s`, '--latency', ...h, url], {
    encoding: 'utf8',
  })
  const ms = (s) => {
    const m = /([\d.]+)(us|ms|s)/.exec(s)
    if (!m) return null
    const n = Number(m[1])
    return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n
  }
  const line = (label) => out.split('\n').find((l) => l.trim().startsWith(label)) ?? ''
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)
  return {
    tool: 'wrk',
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)),
    p50: ms(line('50%').split(/\s+/).pop() ?? ''),
    p99: ms(line('99%').split(/\s+/).pop() ?? ''),
    non2xx: non2xx ? Number(non2xx[1]) : 0,
  }
}

/** A port free on loopback right now (the OS picks it). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
