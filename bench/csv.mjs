#!/usr/bin/env node
// Issue 14 (CSV plugin): export of 100,000 tasks streams in constant memory; import of 10,000 rows
// under 10 s (the dry run and the import). Starts the whole stack on a throwaway PostgreSQL 15,
// fills node `start` with bench/tasks-generate.mjs, then, against the upstream's own port:
//   - exports a query selecting 10,000 tasks, then every task (100,000), sampling the upstream
//     process's RSS (/proc/PID/status VmRSS every 20 ms; its peak reset with clear_refs before each);
//   - uploads a CSV of 10,000 new tasks (title, description, status, assignee, four custom fields),
//     times the dry run, the import and its undo.
//   node bench/csv.mjs [--tasks=100000] [--rows=10000]
// Prints one JSON document; the load average (/proc/loadavg) is read beside every figure.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import pg from 'pg'
import { signIn, startPostgres, startStack } from './lib.mjs'
import { generate } from './tasks-generate.mjs'

const args = { tasks: 100_000, rows: 10_000 }
for (const a of process.argv.slice(2)) {
  const [k, v] = a.replace(/^--/, '').split('=')
  if (k in args) args[k] = Number(v)
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
const status = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8')
const kb = (text, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0)
const mb = (k) => Math.round(k / 102.4) / 10

/** The pid listening on a loopback port (the upstream). */
function pidOn(port) {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' })
  const m = /pid=(\d+)/.exec(out)
  if (!m) throw new Error(`nothing listens on ${port}`)
  return Number(m[1])
}

const pgServer = startPostgres(55493)
const stack = await startStack({ databaseUrl: pgServer.url, webPort: 3720, apiPort: 3721 })
const result = {
  machine: { cores: 2, note: 'shared with other engineers’ builds and tests' },
  export: [],
  import: {},
}
try {
  const gen = await generate({ url: pgServer.url, node: 'start', tasks: args.tasks, chunk: 50_000 })
  result.generated = { tasks: args.tasks, ms: gen.totalMs }
  const token = await signIn(stack.api)
  const auth = { authorization: `Bearer ${token}` }
  const node = (await (await fetch(`${stack.api}/api/nodes/domain/start`)).json()).data.id
  const pid = pidOn(3721)

  async function exportOnce(label, query) {
    // Settle, then reset the peak (clear_refs 5 resets VmHWM) and sample while the file streams.
    global.gc?.()
    await new Promise((r) => setTimeout(r, 1000))
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    const before = kb(status(pid), 'VmRSS')
    let peak = before
    const timer = setInterval(() => {
      peak = Math.max(peak, kb(status(pid), 'VmRSS'))
    }, 20)
    const loadBefore = load()
    const t0 = performance.now()
    const res = await fetch(
      `${stack.api}/api/tasks/${node}/csv?${new URLSearchParams({ query, lang: 'en' })}`,
      {
        headers: auth,
      },
    )
    let bytes = 0
    let lines = 0
    for await (const chunk of res.body) {
      bytes += chunk.length
      for (const b of chunk) if (b === 10) lines++
    }
    const ms = Math.round(performance.now() - t0)
    clearInterval(timer)
    const after = status(pid)
    result.export.push({
      label,
      status: res.status,
      rows: lines - 1,
      mb: Math.round(bytes / 104857.6) / 10,
      ms,
      rows_per_s: Math.round(((lines - 1) / ms) * 1000),
      rss_before_mb: mb(before),
      rss_peak_sampled_mb: mb(Math.max(peak, kb(after, 'VmRSS'))),
      rss_hwm_mb: mb(kb(after, 'VmHWM')),
      load_before: loadBefore,
      load_after: load(),
    })
  }
  await exportOnce('10k (cf_bucket < 100)', 'cf_bucket < 100')
  await exportOnce('100k (every task)', '')
  await exportOnce('10k again (cf_bucket < 100)', 'cf_bucket < 100')

  // Import: a form so the custom fields are editable in DEV, then 10,000 rows.
  const db = new pg.Client({ connectionString: pgServer.url })
  await db.connect()
  const fields = ['title', 'description', 'cf_priority', 'cf_points', 'cf_due', 'cf_done'].map((name) => ({
    name,
    grid: 12,
  }))
  const { rows: forms } = await db.query(
    'insert into forms (node_id, name, fields) values ($1, $2, $3) returning id',
    [node, 'bench import', JSON.stringify(fields)],
  )
  await db.query(`update processes set form_id = $1 where node_id = $2 and key = 'DEV'`, [forms[0].id, node])
  const { rows: procs } = await db.query(`select id from processes where node_id = $1 and key = 'DEV'`, [
    node,
  ])
  await db.end()
  const priorities = ['Low', 'Normal', 'High', 'Urgent']
  const statuses = ['bench Backlog', 'bench Open', 'bench In progress']
  const lines = ['Title;Description;Status;Assignee;cf_priority;cf_points;cf_due;cf_done']
  for (let i = 0; i < args.rows; i++)
    lines.push(
      [
        `Imported task ${i}`,
        `Row ${i} of the bench file, "quoted"; with a separator`
          .replace(/"/g, '""')
          .replace(/^(.*)$/, '"$1"'),
        statuses[i % 3],
        `bench-${(i % 50) + 1}@example.com`,
        priorities[i % 4],
        String(i % 21),
        `${String((i % 28) + 1).padStart(2, '0')}.0${(i % 9) + 1}.2026`,
        i % 2 ? 'yes' : 'no',
      ].join(';'),
    )
  const csv = `\uFEFF${lines.join('\r\n')}\r\n`
  const call = async (method, path, body) => {
    const loadBefore = load()
    const t0 = performance.now()
    const res = await fetch(`${stack.api}/api${path}`, {
      method,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const json = await res.json()
    const ms = Math.round(performance.now() - t0)
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json).slice(0, 500)}`)
    return { data: json.data, ms, load_before: loadBefore, load_after: load() }
  }
  const up = await call('POST', `/tasks/${node}/csv/imports`, { file: Buffer.from(csv).toString('base64') })
  result.import.file = { rows: up.data.rows, mb: Math.round(csv.length / 104857.6) / 10 }
  result.import.upload = { ms: up.ms, load_before: up.load_before, load_after: up.load_after }
  const body = { mapping: up.data.mapping, process_id: procs[0].id, update_existing: false, lang: 'en' }
  const dry = await call('POST', `/tasks/${node}/csv/imports/${up.data.id}/run`, { ...body, dry_run: true })
  result.import.dry_run = {
    ms: dry.ms,
    created: dry.data.created,
    refused: dry.data.refused,
    load_before: dry.load_before,
    load_after: dry.load_after,
  }
  if (dry.data.refused) result.import.first_refusal = dry.data.refusals[0]
  const run = await call('POST', `/tasks/${node}/csv/imports/${up.data.id}/run`, { ...body, dry_run: false })
  result.import.run = {
    ms: run.ms,
    created: run.data.created,
    load_before: run.load_before,
    load_after: run.load_after,
  }
  const undo = await call('POST', `/tasks/${node}/rql/undo/${run.data.batch_id}`, {})
  result.import.undo = {
    ms: undo.ms,
    count: undo.data.count,
    load_before: undo.load_before,
    load_after: undo.load_after,
  }
} finally {
  await stack.stop()
  pgServer.stop()
}
console.log(JSON.stringify(result, null, 2))
