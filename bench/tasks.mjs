#!/usr/bin/env node
// Issue 5 benchmark: RQL over a node of N tasks on PostgreSQL — the filtered query and a
// custom-field contains query under autocannon, directly on the upstream and through the web
// app's /api forwarding, and likewise get by key, create and edit (PATCH with the version read);
// a bulk edit of 1,000 tasks (dry run, edit, undo) timed; and the plans (EXPLAIN ANALYZE,
// BUFFERS) of each query and of the get-by-key lookup, from bench/tasks-explain.ts.
//   node bench/tasks.mjs [--tasks=1000000] [--duration=15] [--connections=16] [--database-url=postgres://…]
//     [--scenarios=queries,id,key,distinct,create,edit,bulk,pgbench,listbench,explain] [--tiers=upstream,web]
// --scenarios and --tiers run only those (all by default); --help prints this and exits.
// --indexed=cf_a,cf_b marks those custom fields indexed (issue 28 item 2: PATCH /fields {indexed})
// and waits for their indexes to be ready before any scenario runs.
// --warmup=S runs each scenario S seconds before the measured run, uncounted: right after the
// generation a write scenario runs several times slower for its first tens of seconds (issue 15,
// session 16), so the two read differently — say which one a figure is.
// Without --database-url a throwaway PostgreSQL 15 cluster is started (scripts/pg-test-server.sh).
// Writes bench/out/tasks.json. The load tool shares the machine's cores with the stack and the
// database: say so beside every figure.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import {
  freePort,
  freshDatabase,
  loadavg,
  parseArgs,
  root,
  runLoad,
  signIn,
  startPostgres,
  startStack,
} from './lib.mjs'
import { listCeilings, pgbenchCeilings } from './pgbench.mjs'
import { bindForm, generate, keyOf } from './tasks-generate.mjs'

const args = parseArgs(
  process.argv.slice(2),
  {
    tasks: 1_000_000,
    duration: 15,
    connections: 16,
    'database-url': undefined,
    chunk: 100_000,
    scenarios: undefined,
    tiers: undefined,
    tool: 'wrk',
    warmup: 0,
    through: undefined,
    indexed: undefined,
  },
  'node bench/tasks.mjs [--tasks=1000000] [--duration=15] [--connections=16] [--chunk=100000]\n' +
    '  [--database-url=postgres://…] [--scenarios=queries,id,key,distinct,create,edit,bulk,pgbench,listbench,explain]\n' +
    '  [--tiers=upstream,web] [--tool=wrk|autocannon] [--warmup=seconds] [--through=host:port]\n' +
    '  [--indexed=cf_priority,cf_bucket]',
)
args.url = args['database-url']
if (args.scenarios) args.scenarios = new Set(args.scenarios.split(','))
if (args.tiers) args.tiers = new Set(args.tiers.split(','))

const want = (scenario) => !args.scenarios || args.scenarios.has(scenario)
const tiersOf = (stack) =>
  [
    ['upstream', stack.api],
    ['web', stack.web],
  ].filter(([tier]) => !args.tiers || args.tiers.has(tier))

const cluster = args.url ? null : startPostgres(await freePort())
const databaseUrl = await freshDatabase(args.url ?? cluster.url)
const webPort = await freePort()
// --through=host:port: the upstream reaches the database through a pooler there (PgBouncer in
// transaction mode, issue 27), LISTEN directly; the generator and the plans stay direct.
const pooled = (direct) => {
  const u = new URL(direct)
  u.host = args.through
  return u.toString()
}
const stack = await startStack({
  databaseUrl: args.through ? pooled(databaseUrl) : databaseUrl,
  webPort,
  apiPort: await freePort(),
  env: args.through ? { DATABASE_LISTEN_URL: databaseUrl } : {},
})
/** Marks the named fields indexed through the API and waits until every index is ready. */
async function markIndexed(nodeId, names) {
  const token = await signIn(stack.api)
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const c = new pg.Client({ connectionString: databaseUrl })
  await c.connect()
  const started = Date.now()
  try {
    const { rows } = await c.query(
      'select id, node_id, name from fields where node_id = $1 and name = any($2)',
      [nodeId, names],
    )
    if (rows.length !== names.length) throw new Error(`--indexed: no such fields among ${names.join(', ')}`)
    for (const f of rows) {
      const res = await fetch(`${stack.api}/api/fields/${f.node_id}/${f.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ indexed: true }),
      })
      if (!res.ok) throw new Error(`--indexed ${f.name}: ${res.status} ${await res.text()}`)
    }
    for (;;) {
      const { rows: states } = await c.query('select name, index_state from fields where id = any($1)', [
        rows.map((f) => f.id),
      ])
      if (states.some((s) => s.index_state === 'failed'))
        throw new Error(`--indexed: ${JSON.stringify(states)}`)
      if (states.every((s) => s.index_state === 'ready')) break
      await new Promise((r) => setTimeout(r, 500))
    }
    await c.query('analyze tasks')
  } finally {
    await c.end()
  }
  const built = { fields: names, buildMs: Date.now() - started }
  console.log(JSON.stringify({ indexed: built }))
  return built
}
const results = { tasks: args.tasks, cores: cpus().length, node: process.version, scenarios: [], bulk: [] }
try {
  const gen = await generate({ url: databaseUrl, node: 'start', tasks: args.tasks, chunk: args.chunk })
  results.generate = { ...gen, userIds: undefined, statusIds: undefined, processIds: undefined }
  console.log(JSON.stringify({ generate: results.generate }))

  const token = await signIn(stack.api)
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const nodeId = gen.nodeId
  if (args.indexed) results.indexed = await markIndexed(nodeId, args.indexed.split(','))
  const queries = {
    filtered: `status = ${gen.statusIds[1]} and assignee = ${gen.userIds[3]} and cf_priority = high order by updated_at desc`,
    'contains (rare: 1 in 5,000)': 'cf_summary ~ "#4242"',
    'contains (common word)': 'cf_summary ~ tango',
  }
  for (const [tier, base] of want('queries') ? tiersOf(stack) : [])
    for (const [name, query] of Object.entries(queries)) {
      const url = `${base}/api/tasks/rql/${nodeId}`
      const body = JSON.stringify({ query, per_page: 50 })
      const check = await fetch(url, { method: 'POST', headers, body })
      const json = await check.json()
      if (!check.ok) throw new Error(`${tier} ${name} answered ${check.status}: ${JSON.stringify(json)}`)
      const load = { url, headers, method: 'POST', body, connections: args.connections }
      if (args.warmup > 0) await runLoad(args.tool, { ...load, duration: args.warmup })
      const r = await runLoad(args.tool, { ...load, duration: args.duration })
      // matches: meta.total (autocannon's `total` is the requests sent).
      const row = {
        tier,
        scenario: name,
        query,
        rows: json.data.length,
        matches: json.meta.total,
        ...r,
        loadavg: loadavg(),
      }
      results.scenarios.push(row)
      console.log(JSON.stringify(row))
    }
  // Get by key, create and edit (GET /tasks/{nodeId}/{key}/key, POST /tasks/{nodeId}/{processId},
  // PATCH /tasks/{nodeId}/{taskId}). Each request varies the path or body through autocannon's
  // setupRequest; the first request of each is checked outside the load, like the queries above.
  // The load tool sends a list of LIST requests in turn (lib.mjs: wrk through a Lua script, or
  // autocannon), made here by `next`; `versions` (edit) fills each body's "version":0.
  const LIST = 20_000
  const varied = async (tier, name, base, method, next, versions, reread) => {
    const first = next()
    const check = await fetch(`${base}${first.path}`, {
      method,
      headers,
      body: first.body?.replace(
        '"version":0',
        `"version":${versions?.get(first.path.split('/').pop()) ?? 0}`,
      ),
    })
    const json = await check.json()
    if (!check.ok) throw new Error(`${tier} ${name} answered ${check.status}: ${JSON.stringify(json)}`)
    if (versions) versions.set(json.data.id, json.data.version)
    const requests = [first, ...Array.from({ length: LIST - 1 }, next)].map((r) => ({ method, ...r }))
    const load = { url: base, headers, connections: args.connections, requests, versions }
    if (args.warmup > 0) {
      await runLoad(args.tool, { ...load, duration: args.warmup })
      await reread?.()
    }
    const r = await runLoad(args.tool, { ...load, duration: args.duration })
    const row = { tier, scenario: name, ...r, loadavg: loadavg() }
    results.scenarios.push(row)
    console.log(JSON.stringify(row))
    if (r.errors || r.non2xx) throw new Error(`${tier} ${name}: ${r.errors} errors, ${r.non2xx} non-2xx`)
  }

  // Get by key: keys spread over the whole node (a stride prime to N), upper-case as stored.
  let keyAt = 0
  const nextKey = () => {
    const n = (keyAt++ * 7919) % args.tasks
    return { path: `/api/tasks/${nodeId}/${keyOf(n)}/key` }
  }
  const explainKey = keyOf((7919 * 12345) % args.tasks)
  for (const [tier, base] of want('key') ? tiersOf(stack) : [])
    await varied(tier, 'get by key', base, 'GET', nextKey)

  // Get by id (GET /tasks/{nodeId}/{id}): ids of 20,000 tasks, read once from the database.
  if (want('id')) {
    const c = new pg.Client({ connectionString: databaseUrl })
    await c.connect()
    const ids = (
      await c.query('select id from tasks where node_id = $1 order by id limit 20000', [nodeId])
    ).rows.map((r) => r.id)
    await c.end()
    let idAt = 0
    const nextId = () => ({ path: `/api/tasks/${nodeId}/${ids[idAt++ % ids.length]}` })
    for (const [tier, base] of tiersOf(stack)) await varied(tier, 'get by id', base, 'GET', nextId)
  }

  // The filtered query again, but no two requests alike (status, assignee and an excluded bucket
  // vary), so that no total is ever reused (task-counts.ts keeps a total 2 s per query): what a
  // node pays when its queries do not repeat.
  let distinct = 0
  const nextDistinct = () => {
    const i = distinct++
    const query = `status = ${gen.statusIds[i % 5]} and assignee = ${gen.userIds[Math.floor(i / 5) % 50]} and cf_priority = high and cf_bucket != ${i % 997} order by updated_at desc`
    return { path: `/api/tasks/rql/${nodeId}`, body: JSON.stringify({ query, per_page: 50 }) }
  }
  for (const [tier, base] of want('distinct') ? tiersOf(stack) : [])
    await varied(tier, 'filtered, no two alike', base, 'POST', nextDistinct)

  // Create and edit need a form on the processes: without one no custom field may be set.
  await bindForm({ api: stack.api, headers, nodeId, processIds: gen.processIds })

  // Create: the three processes in turn (each create takes its process's counter row lock), an
  // assignee of the 50, four custom fields. cf_bucket 1000 keeps them out of the buckets (0–999)
  // that the bulk edit below selects.
  let created = 0
  const nextCreate = () => {
    const i = created++
    return {
      path: `/api/tasks/${nodeId}/${gen.processIds[i % 3]}`,
      body: JSON.stringify({
        title: `Bench create ${i}`,
        assignee_id: gen.userIds[i % gen.userIds.length],
        custom_fields: {
          cf_priority: 'normal',
          cf_points: i % 21,
          cf_summary: `bench create ${i}`,
          cf_bucket: 1000,
        },
      }),
    }
  }
  for (const [tier, base] of want('create') ? tiersOf(stack) : [])
    await varied(tier, 'create', base, 'POST', nextCreate)

  // Edit: PATCH needs the version read (a stale one is 409). A pool of generated tasks — the
  // newest, skipping buckets 17 and 18 that the bulk edit uses — with their versions read from the
  // database once; the requests rotate over it, each sending the version it holds for its task,
  // and every 200 stores the version it returns. A task comes round again only after the whole
  // pool, long after its last edit answered, so no request is stale: a 409 fails the run. Each
  // edit changes the title and cf_points (history rows for both, the trigram index updated).
  const poolSize = Math.min(args.tasks, 20_000)
  const poolKeys = []
  for (let n = args.tasks - 1; n >= 0 && poolKeys.length < poolSize; n--)
    if (n % 1000 !== 17 && n % 1000 !== 18) poolKeys.push(keyOf(n))
  const pgc = new pg.Client({ connectionString: databaseUrl })
  await pgc.connect()
  const pool = (
    await pgc.query('select id, version from tasks where node_id = $1 and key = any($2::text[])', [
      nodeId,
      poolKeys,
    ])
  ).rows
  await pgc.end()
  const versions = new Map(pool.map((t) => [t.id, t.version]))
  let edits = 0
  const nextEdit = () => {
    const i = edits++
    const { id } = pool[i % pool.length]
    return {
      path: `/api/tasks/${nodeId}/${id}`,
      // "version":0: the load tool sends the version it holds for the task (lib.mjs).
      body: JSON.stringify({ version: 0, title: `Bench edit ${i}`, custom_fields: { cf_points: i % 21 } }),
    }
  }
  // Between runs the versions are read again: the requests still in flight when the load tool
  // stopped were edited without their answer being read.
  const reread = async () => {
    const c = new pg.Client({ connectionString: databaseUrl })
    await c.connect()
    const { rows } = await c.query(
      'select id, version from tasks where node_id = $1 and id = any($2::uuid[])',
      [nodeId, pool.map((t) => t.id)],
    )
    await c.end()
    for (const t of rows) versions.set(t.id, t.version)
  }
  for (const [tier, base] of want('edit') ? tiersOf(stack) : []) {
    await varied(tier, 'edit', base, 'PATCH', nextEdit, versions, reread)
    await reread()
  }
  results.edit = { pool: pool.length }

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
  if (want('bulk')) {
    await bulk('dry run', '/rql', { ...edit, dry_run: true })
    const done = await bulk('edit', '/rql', edit)
    await bulk('undo', `/rql/undo/${done.batch_id}`)
    await bulk('status move', '/rql', { query: 'cf_bucket = 18', patch: { status_id: gen.statusIds[4] } })
  }

  // The same statements as raw SQL under pgbench (bench/pgbench.mjs): the database's own ceiling.
  if (want('pgbench'))
    results.pgbench = await pgbenchCeilings({
      databaseUrl,
      connections: args.connections,
      duration: args.duration,
      f: {
        nodeId,
        statusId: gen.statusIds[1],
        assigneeId: gen.userIds[3],
        processIds: gen.processIds,
        authorId: gen.userIds[0],
        keyOf,
        tasks: args.tasks,
      },
    })

  // The filtered list's statements before and after issue 28 (one statement for page and total).
  if (want('listbench'))
    results.listbench = await listCeilings({
      databaseUrl,
      connections: args.connections,
      duration: args.duration,
      f: { nodeId, statusId: gen.statusIds[1], assigneeId: gen.userIds[3] },
    })

  const explained = !want('explain')
    ? '[]'
    : execFileSync(
        process.execPath,
        [
          join(root, 'node_modules/tsx/dist/cli.mjs'),
          join(root, 'bench/tasks-explain.ts'),
          `--database-url=${databaseUrl}`,
          ...Object.values(queries),
          'cf_bucket = 17 order by key',
          `--key=${explainKey}`,
        ],
        { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      )
  results.explain = JSON.parse(explained)
  results.loadavg = loadavg()
  for (const e of results.explain)
    if (e.key) console.log(`\n-- get by key ${e.key}:\n${e.lookup.plan}`)
    else
      console.log(
        `\n-- ${e.query}\n-- page:\n${e.page.plan}${e.walk ? `\n-- walk:\n${e.walk.plan}` : ''}\n-- count:\n${e.count.plan}\n-- page and count in one statement:\n${e.counted.plan}`,
      )
} finally {
  await stack.stop()
  cluster?.stop()
}
mkdirSync(join(root, 'bench/out'), { recursive: true })
writeFileSync(join(root, 'bench/out/tasks.json'), JSON.stringify(results, null, 2))
