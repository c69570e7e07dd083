#!/usr/bin/env node
// Where the upstream spends its CPU (issue 15 item 6): starts the upstream alone under
// `node --cpu-prof` on a database of N generated tasks, loads it with one scenario of
// bench/tasks.mjs (get by id, the filtered list, create) for `--duration` seconds (wrk, or
// --tool=autocannon), stops it (the profile is written on exit) and prints its CPU per request and
// the top self-time frames, one profile per scenario.
//   node bench/profile-upstream.mjs --database-url=postgres://… [--tasks=100000] [--duration=10]
//     [--connections=32] [--scenarios=id,filtered,create] [--top=30] [--tool=wrk|autocannon]
// Profiles land in bench/out/profiles/<scenario>.cpuprofile (open in Chrome DevTools).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freshDatabase, loadavg, parseArgs, root, runLoad, signIn, startUpstream } from './lib.mjs'
import { generate } from './tasks-generate.mjs'

const usage =
  'node bench/profile-upstream.mjs --database-url=postgres://… [--tasks] [--duration] [--connections] [--scenarios] [--top] [--tool=wrk|autocannon]'
const args = parseArgs(
  process.argv.slice(2),
  {
    tasks: 100_000,
    duration: 10,
    connections: 32,
    'database-url': undefined,
    scenarios: 'id,filtered,create',
    top: 30,
    tool: 'wrk',
  },
  usage,
)
if (!args['database-url']) {
  console.log(usage)
  process.exit(1)
}
const databaseUrl = await freshDatabase(args['database-url'], 'nodus_prof')
const outDir = join(root, 'bench/out/profiles')
mkdirSync(outDir, { recursive: true })

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

const first = await startUpstream({ databaseUrl })
const gen = await generate({ url: databaseUrl, node: 'start', tasks: args.tasks, chunk: 100_000 })
await first.stop()
const c = new pg.Client({ connectionString: databaseUrl })
await c.connect()
const ids = (
  await c.query('select id from tasks where node_id = $1 order by id limit 20000', [gen.nodeId])
).rows.map((r) => r.id)
await c.end()

// Each scenario as the list of requests the load tool sends in turn (lib.mjs).
const filtered = JSON.stringify({
  query: `status = ${gen.statusIds[1]} and assignee = ${gen.userIds[3]} and cf_priority = high order by updated_at desc`,
  per_page: 50,
})
const scenarios = {
  id: () => ids.map((id) => ({ method: 'GET', path: `/api/tasks/${gen.nodeId}/${id}` })),
  filtered: () => [{ method: 'POST', path: `/api/tasks/rql/${gen.nodeId}`, body: filtered }],
  create: () =>
    Array.from({ length: 20_000 }, (_, i) => ({
      method: 'POST',
      path: `/api/tasks/${gen.nodeId}/${gen.processIds[i % 3]}`,
      body: JSON.stringify({ title: `profile create ${i}`, assignee_id: gen.userIds[i % 50] }),
    })),
}
for (const scenario of args.scenarios.split(',')) {
  const profDir = mkdtempSync(join(tmpdir(), 'nodus-prof-'))
  const up = await startUpstream({ databaseUrl, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] })
  const token = await signIn(up.base)
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const cpu0 = up.cpuMs()
  const r = await runLoad(args.tool, {
    url: up.base,
    headers,
    connections: args.connections,
    duration: args.duration,
    requests: scenarios[scenario](),
  })
  const cpu = r.total ? ((up.cpuMs() - cpu0) / r.total).toFixed(3) : '?'
  const load = loadavg()
  await up.stop()
  const file = join(
    profDir,
    readdirSync(profDir).find((f) => f.endsWith('.cpuprofile')),
  )
  const dest = join(outDir, `${scenario}.cpuprofile`)
  renameSync(file, dest)
  rmSync(profDir, { recursive: true, force: true })
  console.log(
    `\n== ${scenario}: ${r.rps} req/s (${args.tool}, under the profiler), ${cpu} ms CPU per request, non-2xx ${r.non2xx}, load ${load}`,
  )
  console.log(topFrames(dest, args.top))
}
