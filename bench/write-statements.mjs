#!/usr/bin/env node
// What one create and one edit cost the database (issue 15 item 6): starts the upstream alone on a
// database of N generated tasks, sends `--writes` creates and then as many edits (8 at a time), and
// prints, per write, the statements PostgreSQL ran for them (pg_stat_statements, which the server
// must preload: `shared_preload_libraries = 'pg_stat_statements'`, `pg_stat_statements.track = all`)
// — calls per write, the database's time per write, and each statement's text. Round trips the
// upstream makes are the top-level calls (nested ones: triggers' and functions' statements).
//   node bench/write-statements.mjs --database-url=postgres://… [--tasks=20000] [--writes=400]
import pg from 'pg'
import { freshDatabase, loadavg, parseArgs, signIn, startUpstream } from './lib.mjs'
import { generate } from './tasks-generate.mjs'

const usage = 'node bench/write-statements.mjs --database-url=postgres://… [--tasks] [--writes]'
const args = parseArgs(
  process.argv.slice(2),
  { tasks: 20_000, writes: 400, 'database-url': undefined },
  usage,
)
if (!args['database-url']) {
  console.log(usage)
  process.exit(1)
}
const databaseUrl = await freshDatabase(args['database-url'], 'nodus_writes')
const first = await startUpstream({ databaseUrl })
const gen = await generate({ url: databaseUrl, node: 'start', tasks: args.tasks, chunk: 100_000 })
await first.stop()
const up = await startUpstream({ databaseUrl })
const token = await signIn(up.base)
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
const api = async (method, path, body) => {
  const res = await fetch(`${up.base}/api${path}`, { method, headers, body: JSON.stringify(body) })
  const json = await res.json()
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`)
  return json.data
}
const form = await api('POST', `/forms/${gen.nodeId}`, {
  name: 'statements form',
  fields: [{ name: 'title' }, { name: 'cf_priority' }, { name: 'cf_points' }, { name: 'cf_bucket' }],
})
for (const processId of gen.processIds)
  await api('POST', `/forms/bind-form/${gen.nodeId}`, { process_id: processId, form_id: form.id })

const c = new pg.Client({ connectionString: databaseUrl })
await c.connect()
const stats = async () =>
  new Map(
    (
      await c.query(
        `select queryid::text as id, toplevel, calls, total_exec_time as ms, query from pg_stat_statements
          where dbid = (select oid from pg_database where datname = current_database())`,
      )
    ).rows.map((r) => [`${r.id}/${r.toplevel}`, r]),
  )
const run = async (name, one) => {
  // Warm: the upstream's caches (caller, node configuration) as under load.
  for (let i = 0; i < 16; i++) await one(i)
  await new Promise((r) => setTimeout(r, 500))
  const before = await stats()
  let next = 0
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < args.writes) await one(next++)
    }),
  )
  await new Promise((r) => setTimeout(r, 1000))
  const after = await stats()
  const rows = []
  for (const [k, r] of after) {
    const b = before.get(k)
    const calls = Number(r.calls) - Number(b?.calls ?? 0)
    if (calls <= 0 || /pg_stat_statements/.test(r.query)) continue
    rows.push({
      calls: calls / args.writes,
      ms: (r.ms - (b?.ms ?? 0)) / args.writes,
      top: r.toplevel,
      query: r.query,
    })
  }
  rows.sort((a, b) => b.calls - a.calls)
  const top = rows.filter((r) => r.top)
  const sum = (rs, f) => rs.reduce((s, r) => s + r[f], 0).toFixed(3)
  console.log(
    `\n== ${name}: ${sum(top, 'calls')} statements per write from the client (round trips), ${sum(top, 'ms')} ms of execution per write (top level), load ${loadavg()}`,
  )
  for (const r of rows)
    console.log(
      `${r.calls.toFixed(3).padStart(7)} ${r.ms.toFixed(3).padStart(7)} ms ${r.top ? 'top   ' : 'nested'} ${r.query.replace(/\s+/g, ' ').slice(0, 220)}`,
    )
}
const ids = []
await run('create', async (i) => {
  const t = await api('POST', `/tasks/${gen.nodeId}/${gen.processIds[i % 3]}`, {
    title: `statements create ${i}`,
    assignee_id: gen.userIds[i % gen.userIds.length],
    custom_fields: { cf_priority: 'normal', cf_points: i % 21, cf_bucket: 1000 },
  })
  ids.push({ id: t.id, version: t.version })
})
let e = 0
await run('edit', async (i) => {
  const t = ids[e++ % ids.length]
  const after = await api('PATCH', `/tasks/${gen.nodeId}/${t.id}`, {
    version: t.version,
    title: `statements edit ${i}`,
    custom_fields: { cf_points: (i + 1) % 21 },
  })
  t.version = after.version
})
await c.end()
await up.stop()
