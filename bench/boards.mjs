#!/usr/bin/env node
// Issue 11 benchmark: the board data call (GET /api/boards/{nodeId}/{boardId}/data) over a node of
// N generated tasks on PostgreSQL — a board of 4 widgets (2 tables, 2 calendars) and one of 20
// (10 and 10) — one call at a time (the latency of one page's data) and under concurrent load,
// JSON and NDJSON; and the calendar's month aggregate alone, timed and EXPLAINed, for this month
// and a month in the past.
//   node bench/boards.mjs [--tasks=100000] [--spacing=600] [--duration=10] [--connections=8]
//     [--database-url=postgres://…] [--scenarios=data,month,page,browser] [--loads=10] [--requests=200]
//     [--cold-warm=100] [--width=1440] [--throttle=1]
// `data` measures cold (the first call after a task write in the node) and warm (the same call
// again: ADR 023 keeps a widget's data) one call at a time, --cold-warm pairs per board, the cold
// call --cold-pause ms (150) after the write answered; each widget alone cold; then autocannon
// runs, which after their first calls are warm. `coldwarm` runs the cold and warm pairs alone.
// --scenarios runs only those (all by default). `page`: the server-rendered /lk (the 4-widget board
// is the node's default, so the admin's home board) through the web app, one request at a time,
// timed to the last byte of the HTML, and the JavaScript the page names, gzipped (as
// tests/e2e/bundle.spec.ts counts it). `browser`: headless Chromium (/usr/bin/chromium), a new
// context per load, from navigation start to the board interactive (bench/boards-page.mjs).
// --spacing: seconds between two tasks' created_at (600: ~4,300 tasks a month whatever N, so the
// month aggregate's cost can be compared across N). Without --database-url a throwaway PostgreSQL
// 15 cluster is started. Writes bench/out/boards-N.json. The load tool, the stack and the
// database share the machine's cores (and other people's work): the load average is recorded
// beside every figure.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { benchBrowser, benchPage } from './boards-page.mjs'
import { freePort, freshDatabase, root, runAutocannon, signIn, startPostgres, startStack } from './lib.mjs'
import { generate } from './tasks-generate.mjs'

const args = {
  tasks: 100_000,
  spacing: 600,
  duration: 10,
  connections: 8,
  url: undefined,
  chunk: 100_000,
  loads: 10,
  requests: 200,
  coldWarm: 100,
  coldPause: 150,
  width: 1440,
  throttle: 1,
}
for (const a of process.argv.slice(2)) {
  const [k, v] = a.replace(/^--/, '').split('=')
  if (k === 'tasks') args.tasks = Number(v)
  if (k === 'spacing') args.spacing = Number(v)
  if (k === 'duration') args.duration = Number(v)
  if (k === 'connections') args.connections = Number(v)
  if (k === 'database-url') args.url = v
  if (k === 'chunk') args.chunk = Number(v)
  if (k === 'scenarios') args.scenarios = new Set(v.split(','))
  if (k === 'loads') args.loads = Number(v)
  if (k === 'requests') args.requests = Number(v)
  if (k === 'cold-warm') args.coldWarm = Number(v)
  if (k === 'cold-pause') args.coldPause = Number(v)
  // `browser` at another window width (375: a phone, as a touch device) and a slowed CPU (4: 4×).
  if (k === 'width') args.width = Number(v)
  if (k === 'throttle') args.throttle = Number(v)
}
const want = (scenario) => !args.scenarios || args.scenarios.has(scenario)

const load = () => loadavg().map((l) => Math.round(l * 100) / 100)
/** /proc/loadavg as it reads (runnable/total tasks too), beside the headline figures. */
const readLoadavg = () => readFileSync('/proc/loadavg', 'utf8').trim()

const cluster = args.url ? null : startPostgres(await freePort())
const databaseUrl = await freshDatabase(args.url ?? cluster.url)
const stack = await startStack({ databaseUrl, webPort: await freePort(), apiPort: await freePort() })
const results = {
  tasks: args.tasks,
  spacing: args.spacing,
  cores: cpus().length,
  node: process.version,
  runs: [],
}
const db = new pg.Client({ connectionString: databaseUrl })
try {
  const gen = await generate({
    url: databaseUrl,
    node: 'start',
    tasks: args.tasks,
    chunk: args.chunk,
    spacing: args.spacing,
  })
  results.generate = { ...gen, userIds: undefined, statusIds: undefined, processIds: undefined }
  console.log(JSON.stringify({ generate: results.generate }))
  await db.connect()
  // A settled table: the visibility map lets the month's count read the index alone.
  await db.query('vacuum analyze tasks')
  const nodeId = gen.nodeId

  // Widgets and boards written straight to the database (the boards area's routes are not measured).
  const widget = async (type, title, settings, query = '') =>
    (
      await db.query(
        'insert into widgets (node_id, type, title, settings, query) values ($1, $2, $3, $4, $5) returning id',
        [nodeId, type, title, JSON.stringify(settings), query],
      )
    ).rows[0].id
  const board = async (name, ids, { layout = [], isDefault = false } = {}) => {
    const { id } = (
      await db.query(
        'insert into boards (node_id, name, layout, is_default) values ($1, $2, $3, $4) returning id',
        [nodeId, name, JSON.stringify(layout), isDefault],
      )
    ).rows[0]
    for (const w of ids)
      await db.query('insert into board_widgets (node_id, board_id, widget_id) values ($1, $2, $3)', [
        nodeId,
        id,
        w,
      ])
    return id
  }
  const [s0, s1, s2] = gen.statusIds
  const tableQueries = [
    '',
    `status = ${s1} and cf_priority = high`,
    `assignee = ${gen.userIds[3]}`,
    `status = ${s2}`,
    'cf_priority = urgent order by created_at desc',
    `status = ${s0} and cf_done = true`,
    'cf_tags = bug',
    `assignee = ${gen.userIds[7]} and cf_priority = low`,
    'cf_points > 15',
    `process = ${gen.processIds[1]}`,
  ]
  const calendars = [
    [{ navigation: { field: 'created_at' } }, ''],
    [{ navigation: { field: 'updated_at' } }, ''],
    [{ navigation: { field: 'created_at' } }, 'cf_priority = high'],
    [{ navigation: { field: 'created_at' } }, `status = ${s1}`],
    [{ navigation: { field: 'updated_at' } }, `assignee = ${gen.userIds[5]}`],
    [{ navigation: { field: 'created_at' } }, 'cf_done = true'],
    [{ navigation: { field: 'created_at' } }, `process = ${gen.processIds[0]}`],
    [{ navigation: { field: 'updated_at' } }, 'cf_priority = low'],
    [{ navigation: { field: 'created_at' } }, `status = ${s2}`],
    [{ navigation: { field: 'created_at' } }, 'cf_tags = feature'],
  ]
  const tables = []
  for (const [i, q] of tableQueries.entries())
    tables.push(
      await widget('table', `Table ${i}`, { view: { headers: ['key', 'title', 'status', 'assignee'] } }, q),
    )
  const cals = []
  for (const [i, [settings, q]] of calendars.entries())
    cals.push(await widget('calendar', `Calendar ${i}`, settings, q))
  // The 4-widget board is the node's default, so every caller's home board (/lk): the two tables
  // side by side, the two calendars under them (the kinds' default sizes, calendars widened).
  const four = [tables[0], tables[1], cals[0], cals[1]]
  const board4 = await board('Four', four, {
    isDefault: true,
    layout: four.map((i, k) => ({ i, x: (k % 2) * 24, y: k < 2 ? 0 : 10, w: 24, h: k < 2 ? 10 : 14 })),
  })
  const board20 = await board('Twenty', [...tables, ...cals])
  // Its halves, for the page's breakdown (/lk/b/{board}): the two tables alone, the two calendars alone.
  const halves = {
    tables: await board('Four: the tables', four.slice(0, 2)),
    calendars: await board('Four: the calendars', four.slice(2)),
  }

  // The task the cold measurements write (its title only: every widget's answer is dropped alike).
  const coldKey = (await db.query('select key from tasks where node_id = $1 limit 1', [nodeId])).rows[0].key
  let writes = 0
  const token = await signIn(stack.api)
  const auth = { authorization: `Bearer ${token}` }
  const url = (b, q = '') => `${stack.api}/api/boards/${nodeId}/${b}/data${q ? `?${q}` : ''}`

  // Every widget answers data, not an error, before anything is measured.
  for (const b of [board4, board20]) {
    const res = await fetch(url(b), { headers: auth })
    const json = await res.json()
    if (!res.ok) throw new Error(`board data answered ${res.status}: ${JSON.stringify(json)}`)
    const failed = Object.values(json.data).filter((w) => w.error)
    if (failed.length) throw new Error(`widgets failed: ${JSON.stringify(failed)}`)
    const c = Object.values(json.data).find((w) => w.type === 'calendar')
    const t = Object.values(json.data).find((w) => w.type === 'table')
    console.log(
      JSON.stringify({
        board: b === board4 ? 4 : 20,
        table_total: t.data.meta.total,
        month: c.data.month,
        month_tasks: Object.values(c.data.days).reduce((a, n) => a + n, 0),
      }),
    )
  }

  // A month in the past that is full at this spacing (the first whole month after the oldest task).
  const oldest = (await db.query('select min(created_at) as t from tasks where node_id = $1', [nodeId]))
    .rows[0].t
  const past = new Date(Date.UTC(oldest.getUTCFullYear(), oldest.getUTCMonth() + 1, 1))
    .toISOString()
    .slice(0, 7)

  const run = async (label, opts) => {
    const before = load()
    const r = await runAutocannon({ duration: args.duration, ...opts })
    const row = {
      scenario: label,
      connections: opts.connections,
      ...r,
      load_before: before,
      load_after: load(),
    }
    results.runs.push(row)
    console.log(JSON.stringify(row))
    if (r.errors || r.non2xx) throw new Error(`${label}: ${r.errors} errors, ${r.non2xx} non-2xx`)
  }
  // Calendars on a past month and tables on varying pages: no two requests alike for the month's
  // aggregate (which nothing caches), pages past the first.
  let n = 0
  const varied = (b, ids) => () => {
    const i = n++
    const q = new URLSearchParams()
    for (const id of ids.cals) q.set(`w.${id}.month`, i % 2 ? past : new Date().toISOString().slice(0, 7))
    for (const id of ids.tables) q.set(`w.${id}.page`, String(1 + (i % 7)))
    return { path: `${new URL(url(b, q.toString())).pathname}?${q}` }
  }
  // The page and the browser first: the data bench's load leaves the machine hotter.
  if (want('page'))
    results.page = await benchPage({
      stack,
      token,
      nodeId,
      boardId: board4,
      halves,
      requests: args.requests,
      load,
    })
  if (want('browser'))
    results.browser = await benchBrowser({
      stack,
      token,
      loads: args.loads,
      load,
      width: args.width,
      throttle: args.throttle,
    })

  // Cold and warm (ADR 023: each process keeps a widget's data until a change in the node drops
  // it). Cold: the call right after a task write in the node through the API (a bulk edit of one
  // task's title, not timed), which drops every widget's entry, as every real write does. Warm:
  // the same call again at once (answered from what was kept). One call at a time, the two
  // boards and the two kinds interleaved so that the machine's load falls on all alike.
  const writeTask = async () => {
    const res = await fetch(`${stack.api}/api/tasks/${nodeId}/rql`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `key = ${coldKey}`,
        patch: { title: `Bench ${writes++}` },
        dry_run: false,
      }),
    })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`task write answered ${res.status}`)
    // The write's own tail (its events' consumers: notifications, webhooks, live) settles first:
    // what is timed is the board's computation, not the write's aftermath. The write dropped the
    // node's kept answers at its commit, before it answered.
    await new Promise((r) => setTimeout(r, args.coldPause))
  }
  const timed = async (u) => {
    const t0 = performance.now()
    const res = await fetch(u, { headers: auth })
    await res.arrayBuffer()
    return performance.now() - t0
  }
  const pct = (sorted, p) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] * 10) / 10
  // Warm-up (JIT, the pool's connections, prepared plans), not recorded.
  if (want('data') || want('coldwarm')) {
    for (const b of [board4, board20])
      await runAutocannon({ url: url(b), headers: auth, connections: 2, duration: 3 })

    {
      const samples = { 4: { cold: [], warm: [] }, 20: { cold: [], warm: [] } }
      const before = load()
      for (let i = 0; i < args.coldWarm; i++)
        for (const [size, b] of [
          [4, board4],
          [20, board20],
        ]) {
          await writeTask()
          samples[size].cold.push(await timed(url(b)))
          samples[size].warm.push(await timed(url(b)))
        }
      results.coldWarm = []
      for (const size of [4, 20])
        for (const kind of ['cold', 'warm']) {
          const t = samples[size][kind].sort((a, b) => a - b)
          const row = {
            scenario: `${size} widgets, ${kind}`,
            calls: t.length,
            p50_ms: pct(t, 0.5),
            p99_ms: pct(t, 0.99),
            load_before: before,
            load_after: load(),
          }
          results.coldWarm.push(row)
          console.log(JSON.stringify(row))
        }
      const ratio = (kind) =>
        Math.round((pct(samples[20][kind], 0.5) / pct(samples[4][kind], 0.5)) * 100) / 100
      results.coldWarmRatio = { cold: ratio('cold'), warm: ratio('warm') }
      console.log(JSON.stringify({ ratio_20_to_4_p50: results.coldWarmRatio, loadavg: readLoadavg() }))
    }
  }
  if (want('data')) {
    // What each widget of the 20 costs alone (`widgets=` one id), one call at a time, cold (after a
    // task write each): the median of 15.
    results.perWidget = []
    for (const [i, id] of [...tables, ...cals].entries()) {
      const times = []
      for (let k = 0; k < 15; k++) {
        await writeTask()
        const t0 = performance.now()
        const res = await fetch(url(board20, `widgets=${id}`), { headers: auth })
        await res.arrayBuffer()
        times.push(performance.now() - t0)
      }
      times.sort((a, b) => a - b)
      const row = {
        widget:
          i < tables.length
            ? `table: ${tableQueries[i] || '(all)'}`
            : `calendar ${calendars[i - tables.length][0].navigation.field}: ${calendars[i - tables.length][1] || '(all)'}`,
        p50_ms: Math.round(times[7] * 10) / 10,
        load: load(),
      }
      results.perWidget.push(row)
      console.log(JSON.stringify(row))
    }
    const none = []
    for (let k = 0; k < 15; k++) {
      await writeTask()
      const t0 = performance.now()
      await (await fetch(url(board20, 'widgets='), { headers: auth })).arrayBuffer()
      none.push(performance.now() - t0)
    }
    none.sort((a, b) => a - b)
    results.perWidget.push({
      widget: 'none (widgets= empty: access, board, no widget)',
      p50_ms: Math.round(none[7] * 10) / 10,
      load: load(),
    })
    console.log(JSON.stringify(results.perWidget.at(-1)))

    for (const [name, b, ids] of [
      ['4 widgets', board4, { tables: tables.slice(0, 2), cals: cals.slice(0, 2) }],
      ['20 widgets', board20, { tables, cals }],
    ]) {
      for (const connections of [1, args.connections]) {
        await run(`${name}, JSON`, { url: url(b), headers: auth, connections })
        await run(`${name}, NDJSON`, {
          url: url(b),
          headers: { ...auth, accept: 'application/x-ndjson' },
          connections,
        })
        await run(`${name}, JSON, months and pages varied`, {
          url: url(b),
          headers: auth,
          connections,
          requests: [{ setupRequest: (req) => ({ ...req, ...varied(b, ids)() }) }],
        })
      }
    }
  }

  // The month aggregate alone, as the calendar provider writes it (services/board-data/calendar.ts),
  // for the admin (every process) and for a viewer of one process.
  const monthSql = (scoped) => `
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)
      from tasks
     where node_id = $1 ${scoped ? 'and process_id = any($4::uuid[])' : ''}
       and created_at >= $2::timestamptz and created_at < $3::timestamptz
     group by 1`
  const monthBounds = (m) => {
    const [y, mo] = m.split('-').map(Number)
    return [`${m}-01T00:00:00Z`, new Date(Date.UTC(y, mo, 1)).toISOString()]
  }
  if (want('month')) {
    results.month = []
    for (const [label, m] of [
      ['this month', new Date().toISOString().slice(0, 7)],
      ['a full past month', past],
    ])
      for (const scoped of [false, true]) {
        const params = [nodeId, ...monthBounds(m), ...(scoped ? [[gen.processIds[0]]] : [])]
        const times = []
        let rows = 0
        for (let i = 0; i < 30; i++) {
          const t0 = performance.now()
          const r = await db.query(monthSql(scoped), params)
          times.push(performance.now() - t0)
          rows = r.rows.reduce((a, x) => a + Number(x.count), 0)
        }
        times.sort((a, b) => a - b)
        const plan = (await db.query(`explain (analyze, buffers) ${monthSql(scoped)}`, params)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n')
        const row = {
          month: `${label} (${m})`,
          scope: scoped ? 'one process' : 'every process',
          tasks_in_month: rows,
          p50_ms: Math.round(times[15] * 100) / 100,
          min_ms: Math.round(times[0] * 100) / 100,
          index_only: /Index Only Scan (Backward )?using tasks_created_idx/.test(plan),
          load: load(),
          plan,
        }
        results.month.push(row)
        console.log(JSON.stringify({ ...row, plan: undefined }))
        console.log(plan)
      }
  }
} finally {
  await db.end().catch(() => {})
  await stack.stop()
  cluster?.stop()
}
mkdirSync(join(root, 'bench/out'), { recursive: true })
writeFileSync(join(root, `bench/out/boards-${args.tasks}.json`), JSON.stringify(results, null, 2))
