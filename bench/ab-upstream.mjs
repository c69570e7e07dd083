#!/usr/bin/env node
// A/B of the upstream alone between two checkouts (issue 15 item 6): the upstream's own CPU per
// request, without the web tier. Both upstreams run at once, each on a database of its own (N
// generated tasks) in one PostgreSQL cluster, and short autocannon rounds alternate between them
// (A B, B A, …) so that the machine's load drifts over both alike. Scenarios as bench/tasks.mjs:
// get by id, get by key, the filtered list, the filtered list with no two queries alike, create
// and edit. Prints each round with /proc/loadavg and the medians (b/a > 1: B is faster).
//   node bench/ab-upstream.mjs --a=<checkout> --b=<checkout> [--tasks=100000] [--rounds=6]
//     [--seconds=5] [--connections=32] [--scenarios=id,key,filtered,distinct,create,edit]
//     [--database-url=postgres://…]
// Each checkout needs node_modules (no web build). Without --database-url a throwaway cluster starts.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { ADMIN, freePort, runAutocannon, signIn, startPostgres } from './lib.mjs'
import { generate, keyOf } from './tasks-generate.mjs'

const args = {
  a: undefined,
  b: undefined,
  tasks: 100_000,
  rounds: 6,
  seconds: 5,
  connections: 32,
  scenarios: 'id,key,filtered,distinct,create,edit',
  'database-url': undefined,
}
for (const arg of process.argv.slice(2)) {
  const [k, v] = arg.replace(/^--/, '').split('=')
  if (k in args) args[k] = k === 'a' || k === 'b' ? resolve(v) : typeof args[k] === 'number' ? Number(v) : v
}
if (!args.a || !args.b) {
  console.log(
    'node bench/ab-upstream.mjs --a=<checkout> --b=<checkout> [--tasks] [--rounds] [--seconds] [--connections] [--scenarios] [--database-url]',
  )
  process.exit(1)
}
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')

async function freshDatabase(serverUrl, label) {
  const name = `nodus_abup_${label}_${Date.now()}`
  const c = new pg.Client({ connectionString: serverUrl })
  await c.connect()
  await c.query(`create database ${name}`)
  await c.end()
  const u = new URL(serverUrl)
  u.pathname = `/${name}`
  return u.toString()
}

/** The checkout's upstream alone, as scripts/start.mjs runs it. */
async function upstream(dir, databaseUrl) {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'nodus-abup-data-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      API_PORT: String(port),
      ADMIN_PASSWORD: ADMIN.password,
      SECRET: 'ab-upstream-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SEED_DEMO: '0',
    },
  })
  const base = `http://127.0.0.1:${port}`
  for (let until = Date.now() + 180_000; ; ) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break
    } catch {}
    if (Date.now() > until || child.exitCode !== null) throw new Error(`the upstream of ${dir} did not start`)
    await new Promise((r) => setTimeout(r, 300))
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { base, stop }
}

const cluster = args['database-url'] ? null : startPostgres(await freePort())
const sides = []
try {
  for (const [label, dir] of [
    ['a', args.a],
    ['b', args.b],
  ]) {
    const url = await freshDatabase(args['database-url'] ?? cluster.url, label)
    const up = await upstream(dir, url)
    sides.push({ label, up })
    const gen = await generate({ url, node: 'start', tasks: args.tasks, chunk: 100_000 })
    const token = await signIn(up.base)
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const api = async (method, path, body) => {
      const res = await fetch(`${up.base}/api${path}`, { method, headers, body: JSON.stringify(body) })
      const json = await res.json()
      if (!res.ok) throw new Error(`${label} ${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
      return json.data
    }
    const form = await api('POST', `/forms/${gen.nodeId}`, {
      name: 'ab form',
      fields: [{ name: 'title' }, { name: 'cf_points' }, { name: 'cf_bucket' }, { name: 'cf_priority' }],
    })
    for (const processId of gen.processIds)
      await api('POST', `/forms/bind-form/${gen.nodeId}`, { process_id: processId, form_id: form.id })
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    const ids = (
      await c.query('select id from tasks where node_id = $1 order by id limit 20000', [gen.nodeId])
    ).rows.map((r) => r.id)
    // Edits: the newest generated tasks (the creates below come after them), versions read once.
    const pool = (
      await c.query(
        'select id, version from tasks where node_id = $1 and number > $2 order by number desc limit 20000',
        [gen.nodeId, 0],
      )
    ).rows
    await c.end()
    Object.assign(sides.at(-1), {
      gen,
      headers,
      ids,
      pool,
      versions: new Map(pool.map((t) => [t.id, t.version])),
    })
  }

  let n = 0
  const scenarios = {
    id: (s) => ({ method: 'GET', path: `/api/tasks/${s.gen.nodeId}/${s.ids[n++ % s.ids.length]}` }),
    key: (s) => ({
      method: 'GET',
      path: `/api/tasks/${s.gen.nodeId}/${keyOf((n++ * 7919) % args.tasks)}/key`,
    }),
    filtered: (s) => ({
      method: 'POST',
      path: `/api/tasks/rql/${s.gen.nodeId}`,
      body: JSON.stringify({
        query: `status = ${s.gen.statusIds[1]} and assignee = ${s.gen.userIds[3]} and cf_priority = high order by updated_at desc`,
        per_page: 50,
      }),
    }),
    distinct: (s) => {
      const i = n++
      return {
        method: 'POST',
        path: `/api/tasks/rql/${s.gen.nodeId}`,
        body: JSON.stringify({
          query: `status = ${s.gen.statusIds[i % 5]} and assignee = ${s.gen.userIds[Math.floor(i / 5) % 50]} and cf_priority = high and cf_bucket != ${i % 997} order by updated_at desc`,
          per_page: 50,
        }),
      }
    },
    create: (s) => {
      const i = n++
      return {
        method: 'POST',
        path: `/api/tasks/${s.gen.nodeId}/${s.gen.processIds[i % 3]}`,
        body: JSON.stringify({
          title: `ab ${i}`,
          assignee_id: s.gen.userIds[i % s.gen.userIds.length],
          custom_fields: { cf_priority: 'normal', cf_points: i % 21, cf_bucket: 1000 },
        }),
      }
    },
    edit: (s) => {
      const i = n++
      const { id } = s.pool[i % s.pool.length]
      return {
        method: 'PATCH',
        path: `/api/tasks/${s.gen.nodeId}/${id}`,
        body: JSON.stringify({
          version: s.versions.get(id),
          title: `ab edit ${i}`,
          custom_fields: { cf_points: i % 21 },
        }),
      }
    },
  }
  const round = async (s, name) => {
    const statuses = {}
    const r = await runAutocannon({
      url: s.up.base,
      headers: s.headers,
      connections: args.connections,
      duration: args.seconds,
      requests: [
        {
          setupRequest: (req) => ({ ...req, ...scenarios[name](s) }),
          onResponse: (status, body) => {
            statuses[status] = (statuses[status] ?? 0) + 1
            if (name === 'edit' && status === 200) {
              const t = JSON.parse(body).data
              s.versions.set(t.id, t.version)
            }
          },
        },
      ],
    })
    return { ...r, statuses }
  }
  const results = {}
  for (const name of args.scenarios.split(',')) {
    results[name] = { a: [], b: [] }
    // A warm-up round each, not counted: the first seconds of a route are the JIT's.
    for (const s of sides) await round(s, name)
    for (let r = 0; r < args.rounds; r++)
      for (const s of r % 2 ? [...sides].reverse() : sides) {
        const out = await round(s, name)
        results[name][s.label].push(out.rps)
        console.log(
          JSON.stringify({
            scenario: name,
            round: r,
            side: s.label,
            rps: out.rps,
            p99: out.p99,
            statuses: out.statuses,
            loadavg: loadavg(),
          }),
        )
      }
  }
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]
  for (const [name, r] of Object.entries(results))
    console.log(
      JSON.stringify({
        scenario: name,
        a: median(r.a),
        b: median(r.b),
        'b/a': Math.round((median(r.b) / median(r.a)) * 1000) / 1000,
        'b/a per round': r.a.map((x, i) => Math.round((r.b[i] / x) * 100) / 100),
        loadavg: loadavg(),
      }),
    )
} finally {
  for (const s of sides) await s.up.stop()
  cluster?.stop()
}
