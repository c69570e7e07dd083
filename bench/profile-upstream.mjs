#!/usr/bin/env node
// Where the upstream spends its CPU (issue 15 item 6): starts the upstream alone under
// `node --cpu-prof` on a database of N generated tasks, loads it with one scenario of
// bench/tasks.mjs (get by id, the filtered list) for `--duration` seconds, stops it (the profile is
// written on exit) and prints the top self-time frames, one profile per scenario.
//   node bench/profile-upstream.mjs --database-url=postgres://… [--tasks=100000] [--duration=10]
//     [--connections=32] [--scenarios=id,filtered,create] [--top=30]
// Profiles land in bench/out/profiles/<scenario>.cpuprofile (open in Chrome DevTools).
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { ADMIN, freePort, root, runAutocannon, signIn } from './lib.mjs'
import { generate } from './tasks-generate.mjs'

const args = {
  tasks: 100_000,
  duration: 10,
  connections: 32,
  url: undefined,
  scenarios: 'id,filtered,create',
  top: 30,
}
for (const a of process.argv.slice(2)) {
  const [k, v] = a.replace(/^--/, '').split('=')
  if (k === 'database-url') args.url = v
  else if (k in args) args[k] = typeof args[k] === 'number' ? Number(v) : v
}
if (!args.url) {
  console.log(
    'node bench/profile-upstream.mjs --database-url=postgres://… [--tasks] [--duration] [--scenarios]',
  )
  process.exit(1)
}
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')

const name = `nodus_prof_${Date.now()}`
{
  const c = new pg.Client({ connectionString: args.url })
  await c.connect()
  await c.query(`create database ${name}`)
  await c.end()
}
const u = new URL(args.url)
u.pathname = `/${name}`
const databaseUrl = u.toString()
const dataDir = mkdtempSync(join(tmpdir(), 'nodus-prof-data-'))
const outDir = join(root, 'bench/out/profiles')
mkdirSync(outDir, { recursive: true })

/** The upstream alone, as scripts/start.mjs runs it, optionally under --cpu-prof into `profDir`. */
async function upstream(port, profDir) {
  const child = spawn(
    process.execPath,
    [...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), '--import', 'tsx', 'api/src/server.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        API_PORT: String(port),
        ADMIN_PASSWORD: ADMIN.password,
        SECRET: 'profile-upstream-secret-0123456789',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        SEED_DEMO: '0',
      },
    },
  )
  const base = `http://127.0.0.1:${port}`
  for (let until = Date.now() + 120_000; ; ) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break
    } catch {}
    if (Date.now() > until || child.exitCode !== null) throw new Error('the upstream did not start')
    await new Promise((r) => setTimeout(r, 200))
  }
  const stop = () =>
    new Promise((r) => {
      child.once('exit', r)
      child.kill('SIGTERM')
    })
  return { base, stop }
}

/** Self time per function (name + file:line), summed over the profile's nodes. */
function topFrames(file, top) {
  const p = JSON.parse(readFileSync(file, 'utf8'))
  const dt = new Map()
  for (let i = 0; i < p.samples.length; i++)
    dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0))
  const self = new Map()
  let total = 0
  for (const n of p.nodes) {
    const t = dt.get(n.id) ?? 0
    total += t
    const f = n.callFrame
    const where = f.url
      ? `${f.url.replace(`file://${root}/`, '').replace(/^.*node_modules\//, 'nm/')}:${f.lineNumber + 1}`
      : ''
    const key = `${f.functionName || '(anonymous)'} ${where}`
    self.set(key, (self.get(key) ?? 0) + t)
  }
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
  return rows.map(([k, t]) => `${((t / total) * 100).toFixed(1).padStart(5)}%  ${k}`).join('\n')
}

const first = await upstream(await freePort())
const gen = await generate({ url: databaseUrl, node: 'start', tasks: args.tasks, chunk: 100_000 })
await first.stop()
const c = new pg.Client({ connectionString: databaseUrl })
await c.connect()
const ids = (
  await c.query('select id from tasks where node_id = $1 order by id limit 20000', [gen.nodeId])
).rows.map((r) => r.id)
await c.end()

let i = 0
const scenarios = {
  id: () => ({ method: 'GET', path: () => `/api/tasks/${gen.nodeId}/${ids[i++ % ids.length]}` }),
  filtered: () => ({
    method: 'POST',
    path: () => `/api/tasks/rql/${gen.nodeId}`,
    body: JSON.stringify({
      query: `status = ${gen.statusIds[1]} and assignee = ${gen.userIds[3]} and cf_priority = high order by updated_at desc`,
      per_page: 50,
    }),
  }),
  create: () => ({
    method: 'POST',
    path: () => `/api/tasks/${gen.nodeId}/${gen.processIds[i % 3]}`,
    body: () => JSON.stringify({ title: `profile create ${i++}`, assignee_id: gen.userIds[i % 50] }),
  }),
}
try {
  for (const scenario of args.scenarios.split(',')) {
    const profDir = mkdtempSync(join(tmpdir(), 'nodus-prof-'))
    const up = await upstream(await freePort(), profDir)
    const token = await signIn(up.base)
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const s = scenarios[scenario]()
    const r = await runAutocannon({
      url: up.base,
      headers,
      method: s.method,
      connections: args.connections,
      duration: args.duration,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: s.path(),
            ...(s.body ? { body: typeof s.body === 'function' ? s.body() : s.body } : {}),
          }),
        },
      ],
    })
    const load = loadavg()
    await up.stop()
    const file = join(
      profDir,
      readdirSync(profDir).find((f) => f.endsWith('.cpuprofile')),
    )
    const dest = join(outDir, `${scenario}.cpuprofile`)
    renameSync(file, dest)
    rmSync(profDir, { recursive: true, force: true })
    console.log(`\n== ${scenario}: ${r.rps} req/s (under the profiler), non-2xx ${r.non2xx}, load ${load}`)
    console.log(topFrames(dest, args.top))
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
