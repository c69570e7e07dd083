#!/usr/bin/env node
// Issue 5 benchmark: RQL over a node of N tasks on PostgreSQL — the filtered query and a
// custom-field contains query under autocannon, directly on the upstream and through the web
// app's /api forwarding; a bulk edit of 1,000 tasks (dry run, edit, undo) timed; and the plans
// (EXPLAIN ANALYZE, BUFFERS) of each query, from bench/tasks-explain.ts.
//   node bench/tasks.mjs [--tasks=1000000] [--duration=15] [--connections=16] [--database-url=postgres://…]
// Without --database-url a throwaway PostgreSQL 15 cluster is started (scripts/pg-test-server.sh).
// Writes bench/out/tasks.json. The load tool shares the machine's cores with the stack and the
// database: say so beside every figure.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { root, runAutocannon, signIn, startPostgres, startStack } from './lib.mjs'
import { generate } from './tasks-generate.mjs'

const args = { tasks: 1_000_000, duration: 15, connections: 16, url: undefined, chunk: 100_000 }
for (const a of process.argv.slice(2)) {
  const [k, v] = a.replace(/^--/, '').split('=')
  if (k === 'tasks') args.tasks = Number(v)
  if (k === 'duration') args.duration = Number(v)
  if (k === 'connections') args.connections = Number(v)
  if (k === 'database-url') args.url = v
  if (k === 'chunk') args.chunk = Number(v)
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })

/** A database of its own on the server, so that reruns start empty. */
async function freshDatabase(serverUrl) {
  const name = `nodus_bench_${Date.now()}`
  const c = new pg.Client({ connectionString: serverUrl })
  await c.connect()
  await c.query(`create database ${name}`)
  await c.end()
  const u = new URL(serverUrl)
  u.pathname = `/${name}`
  return u.toString()
}

const cluster = args.url ? null : startPostgres(await freePort())
const databaseUrl = await freshDatabase(args.url ?? cluster.url)
const webPort = await freePort()
const stack = await startStack({ databaseUrl, webPort, apiPort: await freePort() })
const results = { tasks: args.tasks, cores: cpus().length, node: process.version, scenarios: [], bulk: [] }
try {
  const gen = await generate({ url: databaseUrl, node: 'start', tasks: args.tasks, chunk: args.chunk })
  results.generate = { ...gen, userIds: undefined, statusIds: undefined, processIds: undefined }
  console.log(JSON.stringify({ generate: results.generate }))

  const token = await signIn(stack.api)
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const nodeId = gen.nodeId
  const queries = {
    filtered: `status = ${gen.statusIds[1]} and assignee = ${gen.userIds[3]} and cf_priority = high order by updated_at desc`,
    'contains (rare: 1 in 5,000)': 'cf_summary ~ "#4242"',
    'contains (common word)': 'cf_summary ~ tango',
  }
  for (const [tier, base] of [
    ['upstream', stack.api],
    ['web', stack.web],
  ])
    for (const [name, query] of Object.entries(queries)) {
      const url = `${base}/api/tasks/rql/${nodeId}`
      const body = JSON.stringify({ query, per_page: 50 })
      const check = await fetch(url, { method: 'POST', headers, body })
      const json = await check.json()
      if (!check.ok) throw new Error(`${tier} ${name} answered ${check.status}: ${JSON.stringify(json)}`)
      const r = await runAutocannon({
        url,
        headers,
        method: 'POST',
        body,
        connections: args.connections,
        duration: args.duration,
      })
      const row = { tier, scenario: name, query, rows: json.data.length, total: json.meta.total, ...r }
      results.scenarios.push(row)
      console.log(JSON.stringify(row))
    }
  // TODO(feat/tasks-api): get by key (GET /tasks/{nodeId}/{key}/key), create and edit — the tasks
  // routes are another branch's; add their scenarios here once it is merged.

  // Bulk edit of the 1,000 tasks of one bucket (N/1000 at other sizes): dry run, edit, undo, timed.
  const bulk = async (label, path, body) => {
    const t0 = performance.now()
    const res = await fetch(`${stack.api}/api/tasks/${nodeId}${path}`, {
      method: 'POST',
      headers: body ? headers : { authorization: headers.authorization },
      body: body && JSON.stringify(body),
    })
    const ms = Math.round(performance.now() - t0)
    const json = await res.json()
    if (!res.ok) throw new Error(`${label} answered ${res.status}: ${JSON.stringify(json).slice(0, 500)}`)
    const row = { step: label, ms, count: json.data.count }
    results.bulk.push(row)
    console.log(JSON.stringify(row))
    return json.data
  }
  const edit = { query: 'cf_bucket = 17', patch: { custom_fields: { cf_points: 20, cf_priority: 'urgent' } } }
  await bulk('dry run', '/rql', { ...edit, dry_run: true })
  const done = await bulk('edit', '/rql', edit)
  await bulk('undo', `/rql/undo/${done.batch_id}`)
  await bulk('status move', '/rql', { query: 'cf_bucket = 18', patch: { status_id: gen.statusIds[4] } })

  const explained = execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/tsx/dist/cli.mjs'),
      join(root, 'bench/tasks-explain.ts'),
      `--database-url=${databaseUrl}`,
      ...Object.values(queries),
      'cf_bucket = 17 order by key',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  results.explain = JSON.parse(explained)
  for (const e of results.explain)
    console.log(`\n-- ${e.query}\n-- page:\n${e.page.plan}\n-- count:\n${e.count.plan}`)
} finally {
  await stack.stop()
  cluster?.stop()
}
mkdirSync(join(root, 'bench/out'), { recursive: true })
writeFileSync(join(root, 'bench/out/tasks.json'), JSON.stringify(results, null, 2))
