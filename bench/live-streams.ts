// Issue 13 benchmark: N open live streams on one upstream process (GET /events/{nodeId}/stream,
// PRODUCT.md §7 "Live") — the upstream's memory per stream, and per task edit the CPU the process
// spends (the edit's own request included) and the time from the edit's commit to the last of the
// N streams having its `widget` frame. The streams are opened by bench/live-clients.mjs in a child
// process, all on one board of 3 table widgets (queries `cf_points >= 5`, `cf_priority = low` and
// every task), so every edit pushes 2 of them to every stream. Run with tsx:
//   TEST_DATABASE_URL=postgres://… node --expose-gc --import tsx bench/live-streams.ts [--streams=200] [--edits=30]
// Without TEST_DATABASE_URL the database is PGlite in memory. Prints JSON with the load average.
import { fork } from 'node:child_process'
import { loadavg } from 'node:os'
import { boards, boardWidgets, widgets } from '../api/src/db/schema'
import { startApi } from '../api/test/harness'
import { seedRqlWorld } from '../api/test/rql-fixtures'

const opts = { streams: 200, edits: 30 }
for (const a of process.argv.slice(2)) {
  const [k, v = ''] = a.replace(/^--/, '').split('=')
  if (k === 'streams') opts.streams = Number(v)
  if (k === 'edits') opts.edits = Number(v)
}
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {})
const heap = () => {
  gc()
  gc()
  const m = process.memoryUsage()
  return { rss: m.rss, heap: m.heapUsed }
}
const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!
}

// Every stream is the administrator's: the per-user limit (8, ADR 017) is raised for the run.
const w = await seedRqlWorld(
  await startApi({
    LIVE_STREAMS_PER_USER: String(Math.max(8, opts.streams)),
    LIVE_STREAMS_MAX: String(Math.max(5_000, opts.streams)),
  }),
)
const db = w.h.database.db
const ids: string[] = []
for (const [title, query] of [
  ['points', 'cf_points >= 5'],
  ['low', 'cf_priority = low'],
  ['all', ''],
]) {
  const [row] = await db
    .insert(widgets)
    .values({ nodeId: w.nodeId, type: 'table', title, settings: {}, query })
    .returning()
  ids.push(row!.id)
}
const [board] = await db.insert(boards).values({ nodeId: w.nodeId, name: 'Bench' }).returning()
for (const widgetId of ids)
  await db.insert(boardWidgets).values({ nodeId: w.nodeId, boardId: board!.id, widgetId })

const before = heap()
const child = fork(new URL('./live-clients.mjs', import.meta.url).pathname, [
  `${w.h.url}/events/${w.nodeId}/stream?boards=${board!.id}`,
  w.adminToken,
  String(opts.streams),
])
const next = (kind: string) =>
  new Promise<{ kind: string; at: number }>((resolve) => {
    const on = (m: { kind: string; at: number }) => {
      if (m.kind !== kind) return
      child.off('message', on)
      resolve(m)
    }
    child.on('message', on)
  })
await next('open')
await new Promise((r) => setTimeout(r, 500))
const open = heap()

const latency: number[] = []
const cpu: number[] = []
const taskId = w.ids['DEV-2']!
for (let i = 1; i <= opts.edits; i++) {
  const current = await w.h.call('GET', `/tasks/${w.nodeId}/${taskId}`, { token: w.adminToken })
  const got = next('got')
  child.send({ kind: 'expect', count: i, seq: i })
  const c0 = process.cpuUsage()
  const res = await w.h.call('PATCH', `/tasks/${w.nodeId}/${taskId}`, {
    token: w.adminToken,
    body: { version: current.body.data.version, title: `Bench ${i}` },
  })
  if (res.status !== 200) throw new Error(JSON.stringify(res.body))
  const committed = Date.now()
  const m = await got
  const c = process.cpuUsage(c0)
  latency.push(m.at - committed)
  cpu.push((c.user + c.system) / 1000)
}
child.send({ kind: 'exit' })
console.log(
  JSON.stringify(
    {
      streams: opts.streams,
      edits: opts.edits,
      database: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite',
      open_streams_on_hub: w.h.app.live.size,
      memory: {
        rss_mb_before: +(before.rss / 2 ** 20).toFixed(1),
        rss_mb_open: +(open.rss / 2 ** 20).toFixed(1),
        heap_kb_per_stream: +((open.heap - before.heap) / 1024 / opts.streams).toFixed(1),
        rss_kb_per_stream: +((open.rss - before.rss) / 1024 / opts.streams).toFixed(1),
      },
      commit_to_last_stream_ms: {
        p50: pct(latency, 0.5),
        p95: pct(latency, 0.95),
        max: Math.max(...latency),
      },
      cpu_ms_per_edit: { p50: pct(cpu, 0.5), p95: pct(cpu, 0.95) },
      loadavg: loadavg().map((x) => +x.toFixed(2)),
    },
    null,
    2,
  ),
)
await w.h.close()
process.exit(0)
