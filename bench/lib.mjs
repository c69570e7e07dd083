// Shared pieces of the benchmarks: start the stack on a chosen database, sign in, run autocannon and wrk.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'

export const root = resolve(fileURLToPath(import.meta.url), '../..')
export const ADMIN = { email: 'admin@example.com', password: 'bench-admin-password' }

/**
 * `--name=value` arguments over `defaults`: a number where the default is one, `--flag` (true) and
 * `--no-flag` (false) for a boolean default, text otherwise (names kept as written: `database-url`).
 * `--help` prints `usage` and exits. Without defaults: the platform benches' (db, duration,
 * connections, wrk).
 */
export function parseArgs(
  argv,
  defaults = { db: 'pglite', duration: 20, connections: 32, wrk: true },
  usage = undefined,
) {
  const args = { ...defaults }
  for (const a of argv) {
    const [k, ...rest] = a.replace(/^--/, '').split('=')
    const v = rest.length ? rest.join('=') : undefined
    if (k === 'help' || k === 'h') {
      console.log(usage ?? `options (defaults): ${JSON.stringify(defaults)}`)
      process.exit(0)
    }
    if (k.startsWith('no-') && typeof defaults[k.slice(3)] === 'boolean') args[k.slice(3)] = false
    else if (typeof defaults[k] === 'number') args[k] = Number(v)
    else if (typeof defaults[k] === 'boolean') args[k] = v === undefined || v !== 'false'
    else args[k] = v ?? true
  }
  return args
}

/** The machine's load (1, 5, 15 min), printed beside every figure. */
export const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')

/** A database of its own on the server (`prefix` + a time stamp), so that reruns start empty. */
export async function freshDatabase(serverUrl, prefix = 'nodus_bench') {
  const name = `${prefix}_${Date.now()}`
  const c = new pg.Client({ connectionString: serverUrl })
  await c.connect()
  await c.query(`create database ${name}`)
  await c.end()
  const u = new URL(serverUrl)
  u.pathname = `/${name}`
  return u.toString()
}

/**
 * The upstream of checkout `dir` alone (no web tier), as scripts/start.mjs runs it, on
 * `databaseUrl` and a fresh DATA_DIR; `nodeArgs` go before the script (e.g. --cpu-prof). Resolves
 * once /api/health answers; stop() ends it (a --cpu-prof profile is written then).
 */
export async function startUpstream({ dir = root, databaseUrl, nodeArgs = [], port, env = {} }) {
  const apiPort = port ?? (await freePort())
  const dataDir = mkdtempSync(join(tmpdir(), 'nodus-upstream-data-'))
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'api/src/server.ts'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      API_PORT: String(apiPort),
      ADMIN_PASSWORD: ADMIN.password,
      SECRET: 'bench-upstream-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SEED_DEMO: '0',
      ...env,
    },
  })
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  const base = `http://127.0.0.1:${apiPort}`
  for (let until = Date.now() + 180_000; ; ) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break
    } catch {}
    if (Date.now() > until || child.exitCode !== null) {
      await stop()
      throw new Error(`the upstream of ${dir} did not start`)
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  return { base, stop, dataDir, cpuMs: () => cpuMsOf(child.pid) }
}

/** Waits until `base`/api/health answers 200, for up to 40 s (a web tier's start); never throws. */
export async function waitHealthy(base) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * The CPU (ms) the PostgreSQL backends of one database have used so far, by pid, read through
 * `client` (a pg.Client on that database, whose own backend is left out) from pg_stat_activity and
 * /proc — the database must run on this machine. cpuDelta(before, after) is what they spent between:
 * backends that ended in between are lost, new ones count whole.
 */
export async function backendsCpu(client) {
  const { rows } = await client.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  )
  const out = new Map()
  for (const { pid } of rows) {
    try {
      out.set(pid, cpuMsOf(pid))
    } catch {}
  }
  return out
}

export const cpuDelta = (before, after) => {
  let ms = 0
  for (const [pid, cpu] of after) ms += cpu - (before.get(pid) ?? 0)
  return ms
}

/**
 * The CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat: its CPU per
 * request over a run is what a loaded machine does not blur (req/s falls with the machine's load,
 * the CPU a request costs hardly moves).
 */
export function cpuMsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/** The CPU (ms) of the finished child processes this process has waited for (e.g. wrk runs). */
export function childrenCpuMs() {
  const stat = readFileSync('/proc/self/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // cutime and cstime: fields 16 and 17 of the line (13 and 14 after the command).
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100
}

/** Starts a throwaway PostgreSQL (scripts/pg-test-server.sh) and returns its URL and a stop(). */
export function startPostgres(port = 55490) {
  const dir = mkdtempSync(join(tmpdir(), 'nodus-bench-pg-'))
  const script = join(root, 'scripts/pg-test-server.sh')
  const url = execFileSync('bash', [script, 'start', dir, String(port)], { encoding: 'utf8' }).trim()
  return { url, stop: () => execFileSync('bash', [script, 'stop', dir], { stdio: 'ignore' }) }
}

/** Starts Nodus through `scripts/start.mjs` on a fresh DATA_DIR; the upstream on a known port. */
export async function startStack({
  databaseUrl,
  webPort = 3700,
  apiPort = 3701,
  demo = false,
  env: extra = {},
}) {
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
  Object.assign(env, extra)
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

/**
 * The Lua that makes wrk send `requests` ({ method, path, body }) in turn, each thread its own share
 * (thread t of n sends t, t+n, t+2n, … round the list). `versions` (task id → version): a body's
 * `"version":0` is replaced by the version held for the task of its path's last part, and every
 * answer's `"id"` and `"version"` (the first of each) update it — an edit stays fresh however
 * often the list comes round.
 */
const WRK_THREADS = 2

function wrkScript(requests, versions) {
  const long = (s) => (s === undefined ? 'nil' : `[==[${s}]==]`)
  const rows = requests.map((r) => `{${long(r.method)},${long(r.path)},${long(r.body)}}`).join(',\n')
  const held = versions ? [...versions].map(([id, v]) => `[ ${long(id)} ]=${v}`).join(',\n') : ''
  return `local requests = {${rows}}
versions = {${held}}
statuses = {}
local track = ${versions ? 'true' : 'false'}
-- setup() runs in the main state and gives each thread its index (the global tid). wrk starts a
-- thread before it sets up the next one, so the count is written here, not counted there.
local thread_count = ${WRK_THREADS}
local threads = {}
function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end
local at = nil
function request()
  if at == nil then at = tid end
  local r = requests[(at % #requests) + 1]
  at = at + thread_count
  local body = r[3]
  if track and body then
    local id = string.match(r[2], "([^/]+)$")
    body = string.gsub(body, '"version":0', '"version":' .. (versions[id] or 1), 1)
  end
  return wrk.format(r[1], r[2], nil, body)
end
if track then
  function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
    if status ~= 200 and status ~= 201 and not sample then sample = status .. " " .. string.sub(body, 1, 300) end
    if status == 200 then
      local id = string.match(body, '"id":"([^"]+)"')
      local v = string.match(body, '"version":(%d+)')
      if id and v then versions[id] = tonumber(v) end
    end
  end
end
-- In the main state at the end: a mark that the script ran (wrk carries on without a script that
-- fails), and with track the threads' versions (the newest of each task, for the caller's next
-- run), their statuses and one non-2xx answer.
function done()
  io.write("wrk-script-ok\\n")
  if not track then return end
  local best = {}
  for _, t in ipairs(threads) do
    for id, v in pairs(t:get("versions")) do
      if (best[id] or 0) < v then best[id] = v end
    end
    for code, n in pairs(t:get("statuses")) do io.write("wrk-status ", code, " ", n, "\\n") end
    local s = t:get("sample")
    if s then io.write("wrk-sample ", string.gsub(s, "\\n", " "), "\\n") end
  end
  for id, v in pairs(best) do io.write("wrk-version ", id, " ", v, "\\n") end
end
`
}

/**
 * wrk (C, two threads — far lighter on the shared cores than autocannon's Node process): req/s,
 * latency percentiles and non-2xx from its --latency output. Without `requests` it sends a GET of
 * `url`; with them (a list of { method, path, body }) it sends them in turn through a Lua script,
 * `versions` as in wrkScript. `url` is then the base.
 */
export async function runWrk({ url, headers, connections, duration, method, body, requests, versions }) {
  const h = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`])
  const list =
    requests ?? (method && method !== 'GET' ? [{ method, path: new URL(url).pathname, body }] : undefined)
  const dir = list ? mkdtempSync(join(tmpdir(), 'nodus-wrk-')) : undefined
  const script = dir ? join(dir, 'requests.lua') : undefined
  if (script) writeFileSync(script, wrkScript(list, versions))
  // Run beside this process's event loop, not blocking it (a blocked loop misses the servers
  // closing its idle keep-alive connections, and its next fetch meets a closed socket).
  let out = ''
  try {
    out = await new Promise((done, fail) => {
      const child = spawn(
        'wrk',
        [
          `-t${WRK_THREADS}`,
          `-c${connections}`,
          `-d${duration}s`,
          '--latency',
          ...h,
          ...(script ? ['-s', script] : []),
          url,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      )
      let text = ''
      child.stdout.setEncoding('utf8')
      child.stdout.on('data', (chunk) => {
        text += chunk
      })
      child.once('error', fail)
      child.once('close', (code) =>
        code === 0 ? done(text) : fail(new Error(`wrk exited ${code}:\n${text}`)),
      )
    })
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
  const ms = (s) => {
    const m = /([\d.]+)(us|ms|s)/.exec(s)
    if (!m) return null
    const n = Number(m[1])
    return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n
  }
  const line = (label) => out.split('\n').find((l) => l.trim().startsWith(label)) ?? ''
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)
  if (list && !out.includes('wrk-script-ok')) throw new Error(`wrk did not run its script:\n${out}`)
  const statuses = {}
  if (versions) {
    for (const m of out.matchAll(/^wrk-version (\S+) (\d+)$/gm)) versions.set(m[1], Number(m[2]))
    for (const m of out.matchAll(/^wrk-status (\d+) (\d+)$/gm))
      statuses[m[1]] = (statuses[m[1]] ?? 0) + Number(m[2])
    for (const m of out.matchAll(/^wrk-sample (.*)$/gm)) console.error(`wrk: a non-2xx answer: ${m[1]}`)
  }
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  return {
    tool: 'wrk',
    ...(versions ? { statuses } : {}),
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)),
    p50: ms(line('50%').split(/\s+/).pop() ?? ''),
    p99: ms(line('99%').split(/\s+/).pop() ?? ''),
    errors: socketErrors ? socketErrors.slice(1).reduce((a, n) => a + Number(n), 0) : 0,
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    total: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
  }
}

/** The load tool by name: `wrk` or `autocannon`, the same options (autocannon's `requests` aside). */
export const runLoad = (tool, opts) => (tool === 'autocannon' ? runAutocannonList(opts) : runWrk(opts))

/** autocannon over a list of { method, path, body } in turn (as runWrk), `versions` kept alike. */
function runAutocannonList({ url, headers, connections, duration, method, body, requests, versions }) {
  if (!requests) return runAutocannon({ url, headers, connections, duration, method, body })
  let at = 0
  const base = new URL(url).origin
  return runAutocannon({
    url: base,
    headers,
    connections,
    duration,
    requests: [
      {
        setupRequest: (req) => {
          const r = requests[at++ % requests.length]
          const id = r.path.split('/').pop()
          const b =
            versions && r.body ? r.body.replace('"version":0', `"version":${versions.get(id) ?? 1}`) : r.body
          return { ...req, method: r.method, path: r.path, body: b }
        },
        onResponse: (status, text) => {
          if (!versions || status !== 200) return
          const t = JSON.parse(text).data
          versions.set(t.id, t.version)
        },
      },
    ],
  })
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
