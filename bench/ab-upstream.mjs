#!/usr/bin/env node
// A/B of the upstream alone between two checkouts (issue 15 item 6): the upstream's own CPU per
// request, without the web tier. Both upstreams run at once, each on a database of its own (N
// generated tasks) in one PostgreSQL cluster, and short load rounds (wrk by default, --tool=autocannon
// the old way) alternate between them
// (A B, B A, …) so that the machine's load drifts over both alike. Scenarios as bench/tasks.mjs:
// get by id, get by key, the filtered list, the filtered list with no two queries alike, the
// rare and the common contains, create and edit. Prints each round with /proc/loadavg, the
// upstream's CPU per request (from /proc, the figure the machine's load blurs least) and the
// medians (b/a > 1: B is faster; cpu a/b > 1: B costs less CPU per request).
//   node bench/ab-upstream.mjs --a=<checkout> --b=<checkout> [--tasks=100000] [--rounds=6]
//     [--seconds=5] [--connections=32] [--scenarios=id,key,filtered,distinct,rare,common,create,edit]
//     [--tool=wrk|autocannon] [--database-url=postgres://…]
// Each checkout needs node_modules (no web build). Without --database-url a throwaway cluster starts.
import { resolve } from 'node:path'
import pg from 'pg'
import {
  backendsCpu,
  cpuDelta,
  freePort,
  freshDatabase,
  loadavg,
  parseArgs,
  runLoad,
  signIn,
  startPostgres,
  startUpstream,
} from './lib.mjs'
import { generate, keyOf } from './tasks-generate.mjs'

const usage =
  'node bench/ab-upstream.mjs --a=<checkout> --b=<checkout> [--tasks] [--rounds] [--seconds] [--connections] [--scenarios] [--tool=wrk|autocannon] [--database-url]'
const args = parseArgs(
  process.argv.slice(2),
  {
    a: undefined,
    b: undefined,
    tasks: 100_000,
    rounds: 6,
    seconds: 5,
    connections: 32,
    scenarios: 'id,key,filtered,distinct,create,edit',
    tool: 'wrk',
    'database-url': undefined,
  },
  usage,
)
if (!args.a || !args.b) {
  console.log(usage)
  process.exit(1)
}
args.a = resolve(args.a)
args.b = resolve(args.b)

const cluster = args['database-url'] ? null : startPostgres(await freePort())
const sides = []
try {
  for (const [label, dir] of [
    ['a', args.a],
    ['b', args.b],
  ]) {
    const url = await freshDatabase(args['database-url'] ?? cluster.url, `nodus_abup_${label}`)
    const up = await startUpstream({ dir, databaseUrl: url })
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
    // Kept open: the database's CPU per request is read through it (lib.mjs backendsCpu).
    Object.assign(sides.at(-1), {
      db: c,
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
    // Searches (bench/tasks.mjs's contains queries): a number in 1 task of 5,000, a word in ~1 of 16.
    rare: (s) => ({
      method: 'POST',
      path: `/api/tasks/rql/${s.gen.nodeId}`,
      body: JSON.stringify({ query: 'cf_summary ~ "#4242"', per_page: 50 }),
    }),
    common: (s) => ({
      method: 'POST',
      path: `/api/tasks/rql/${s.gen.nodeId}`,
      body: JSON.stringify({ query: 'cf_summary ~ tango', per_page: 50 }),
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
        // "version":0 is the load tool's to fill in: the version it holds for the task (lib.mjs).
        body: JSON.stringify({ version: 0, title: `ab edit ${i}`, custom_fields: { cf_points: i % 21 } }),
      }
    },
  }
  // Each scenario as a list of requests the load tool sends in turn: 20,000 of them (the ids and
  // the edit pool are 20,000), so that a round of a few seconds never repeats one.
  const LIST = 20_000
  const lists = new Map()
  const listOf = (s, name) => {
    const k = `${s.label} ${name}`
    if (!lists.has(k)) {
      n = 0
      lists.set(
        k,
        Array.from({ length: LIST }, () => scenarios[name](s)),
      )
    }
    return lists.get(k)
  }
  const round = async (s, name) => {
    const cpu0 = s.up.cpuMs()
    const db0 = await backendsCpu(s.db)
    const r = await runLoad(args.tool, {
      url: s.up.base,
      headers: s.headers,
      connections: args.connections,
      duration: args.seconds,
      requests: listOf(s, name),
      versions: name === 'edit' ? s.versions : undefined,
    })
    // The upstream's CPU per request (ms): the figure a loaded machine blurs least.
    const cpu = r.total ? Math.round(((s.up.cpuMs() - cpu0) / r.total) * 1000) / 1000 : null
    const db = r.total ? Math.round((cpuDelta(db0, await backendsCpu(s.db)) / r.total) * 1000) / 1000 : null
    // The edits still in flight when the load tool stopped were made without their answer read.
    if (name === 'edit') {
      const { rows } = await s.db.query('select id, version from tasks where id = any($1::uuid[])', [
        s.pool.map((t) => t.id),
      ])
      for (const t of rows) s.versions.set(t.id, t.version)
    }
    return { ...r, cpu, db, statuses: { non2xx: r.non2xx, errors: r.errors } }
  }
  const results = {}
  for (const name of args.scenarios.split(',')) {
    results[name] = { a: [], b: [], cpu: { a: [], b: [] }, db: { a: [], b: [] } }
    // A warm-up round each, not counted: the first seconds of a route are the JIT's.
    for (const s of sides) await round(s, name)
    for (let r = 0; r < args.rounds; r++)
      for (const s of r % 2 ? [...sides].reverse() : sides) {
        const out = await round(s, name)
        results[name][s.label].push(out.rps)
        results[name].cpu[s.label].push(out.cpu)
        results[name].db[s.label].push(out.db)
        console.log(
          JSON.stringify({
            scenario: name,
            round: r,
            side: s.label,
            rps: out.rps,
            p50: out.p50,
            p99: out.p99,
            'cpu ms/req': out.cpu,
            'db cpu ms/req': out.db,
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
        // The upstream's CPU per request, medians: a/b > 1 means B costs less.
        'cpu ms/req a': median(r.cpu.a),
        'cpu ms/req b': median(r.cpu.b),
        'cpu a/b': Math.round((median(r.cpu.a) / median(r.cpu.b)) * 1000) / 1000,
        // The database's backends' CPU per request (the pool's connections), medians.
        'db cpu ms/req a': median(r.db.a),
        'db cpu ms/req b': median(r.db.b),
        tool: args.tool,
        loadavg: loadavg(),
      }),
    )
} finally {
  for (const s of sides) {
    await s.db?.end()
    await s.up.stop()
  }
  cluster?.stop()
}
