#!/usr/bin/env node
import { join, resolve } from 'node:path'
import pg from 'pg'
// A/B of task writes between two checkouts, for changes too small to see through a loaded machine's
// noise in separate runs (bench/RESULTS.md, the events outbox): both stacks run at once, each on a
// database of its own in one PostgreSQL cluster, and short rounds alternate between them (A B, B A,
// …), so that the machine's load drifts over both alike. Each round: `--connections` concurrent
// fetch loops of creates (then of edits) for `--seconds`. Prints each round and the medians.
//   node bench/ab-writes.mjs --a=/path/to/checkout-a --b=/path/to/checkout-b [--tasks=20000]
//     [--rounds=8] [--seconds=5] [--connections=8]
// Each checkout needs node_modules and a web build (scripts/start.mjs runs both tiers).
import { freePort, freshDatabase } from './lib.mjs'

const args = { a: undefined, b: undefined, tasks: 20_000, rounds: 8, seconds: 5, connections: 8 }
for (const arg of process.argv.slice(2)) {
  const [k, v] = arg.replace(/^--/, '').split('=')
  if (k in args) args[k] = k === 'a' || k === 'b' ? resolve(v) : Number(v)
}
if (!args.a || !args.b) {
  console.log(
    'node bench/ab-writes.mjs --a=<checkout> --b=<checkout> [--tasks] [--rounds] [--seconds] [--connections]',
  )
  process.exit(1)
}

const libA = await import(join(args.a, 'bench/lib.mjs'))
const cluster = libA.startPostgres(await freePort())
const sides = []
try {
  for (const [label, dir] of [
    ['a', args.a],
    ['b', args.b],
  ]) {
    const lib = await import(join(dir, 'bench/lib.mjs'))
    const { generate } = await import(join(dir, 'bench/tasks-generate.mjs'))
    const url = await freshDatabase(cluster.url, `nodus_ab_${label}`)
    const stack = await lib.startStack({
      databaseUrl: url,
      webPort: await freePort(),
      apiPort: await freePort(),
    })
    const gen = await generate({ url, node: 'start', tasks: args.tasks, chunk: args.tasks })
    const token = await lib.signIn(stack.api)
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const api = async (method, path, body) => {
      const res = await fetch(`${stack.api}/api${path}`, { method, headers, body: JSON.stringify(body) })
      const json = await res.json()
      if (!res.ok) throw new Error(`${label} ${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
      return json.data
    }
    const form = await api('POST', `/forms/${gen.nodeId}`, {
      name: 'ab form',
      fields: [{ name: 'title' }, { name: 'cf_points' }, { name: 'cf_bucket' }],
    })
    for (const processId of gen.processIds)
      await api('POST', `/forms/bind-form/${gen.nodeId}`, { process_id: processId, form_id: form.id })
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    const pool = (
      await c.query('select id, version from tasks where node_id = $1 order by id limit 5000', [gen.nodeId])
    ).rows
    await c.end()
    sides.push({ label, dir, stack, gen, api, pool, versions: new Map(pool.map((t) => [t.id, t.version])) })
  }

  let n = 0
  const scenarios = {
    create: (s) => {
      const i = n++
      return s.api('POST', `/tasks/${s.gen.nodeId}/${s.gen.processIds[i % 3]}`, {
        title: `ab ${i}`,
        custom_fields: { cf_points: i % 21, cf_bucket: 1000 },
      })
    },
    edit: async (s) => {
      const i = n++
      const { id } = s.pool[i % s.pool.length]
      const t = await s.api('PATCH', `/tasks/${s.gen.nodeId}/${id}`, {
        version: s.versions.get(id),
        title: `ab edit ${i}`,
        custom_fields: { cf_points: i % 21 },
      })
      s.versions.set(id, t.version)
    },
  }
  const round = async (s, run) => {
    let done = 0
    const until = Date.now() + args.seconds * 1000
    await Promise.all(
      Array.from({ length: args.connections }, async () => {
        while (Date.now() < until) {
          await run(s)
          done++
        }
      }),
    )
    return done / args.seconds
  }
  const results = {}
  for (const [name, run] of Object.entries(scenarios)) {
    results[name] = { a: [], b: [] }
    for (let r = 0; r < args.rounds; r++) {
      for (const s of r % 2 ? [...sides].reverse() : sides) {
        const rps = await round(s, run)
        results[name][s.label].push(rps)
        console.log(
          JSON.stringify({ scenario: name, round: r, side: s.label, rps: Math.round(rps * 10) / 10 }),
        )
      }
    }
  }
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]
  for (const [name, r] of Object.entries(results))
    console.log(
      JSON.stringify({
        scenario: name,
        a: Math.round(median(r.a) * 10) / 10,
        b: Math.round(median(r.b) * 10) / 10,
        'b/a': Math.round((median(r.b) / median(r.a)) * 1000) / 1000,
        'b/a per round': r.a.map((x, i) => Math.round((r.b[i] / x) * 100) / 100),
      }),
    )
} finally {
  for (const s of sides) await s.stack.stop()
  cluster.stop()
}
