#!/usr/bin/env node
// Fills a node with N tasks for the query benchmarks (issue 5), on PostgreSQL, fast: one
// INSERT … SELECT over generate_series per chunk, values derived from hashint4(n) so a run is
// repeatable. Creates what the tasks need: 5 statuses in one progress, processes DEV/OPS/SUP,
// 50 users bound to the node, custom fields (select, number, text, date, multiple select,
// checkbox, and cf_bucket = n % 1000, so `cf_bucket = 17` selects N/1000 tasks — 1,000 at 1M).
//   node bench/tasks-generate.mjs --database-url=postgres://… [--tasks=1000000] [--node=start] [--chunk=100000]
// The node must exist (the stack's first start makes `start`). Prints JSON with the timings.
import pg from 'pg'

const args = { tasks: 1_000_000, node: 'start', chunk: 100_000, url: process.env.DATABASE_URL }
for (const a of process.argv.slice(2)) {
  const [k, v] = a.replace(/^--/, '').split('=')
  if (k === 'tasks') args.tasks = Number(v)
  if (k === 'node') args.node = v
  if (k === 'chunk') args.chunk = Number(v)
  if (k === 'database-url') args.url = v
}

const WORDS = (
  'alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november oscar papa ' +
  'quebec romeo sierra tango uniform victor whiskey xray yankee zulu login export import report invoice ' +
  'server client payment refund upload download search filter sort page widget board calendar schedule'
).split(' ')
const PROCESSES = ['DEV', 'OPS', 'SUP']
const USERS = 50
/** The key of generated task n (0 ≤ n < N), as the insert below writes it; its cf_bucket is n % 1000. */
export const keyOf = (n) => `${PROCESSES[n % 3]}-${Math.floor(n / 3) + 1}`

/**
 * `spacing`: seconds between two tasks' created_at, the newest now (20 by default: 1M tasks span
 * 231 days). The boards bench spaces them wider so that a month holds as many tasks at any N.
 */
export async function generate({ url, node, tasks: total, chunk, spacing = 20 }) {
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  const t0 = Date.now()
  const q = (text, params) => db.query(text, params)
  const one = async (text, params) => (await q(text, params)).rows[0]
  const { id: nodeId } = await one('select id from nodes where domain = $1', [node])
  const { id: adminId } = await one('select id from users where is_superuser order by created_at limit 1')

  await q('begin')
  const statusIds = []
  for (const name of ['Backlog', 'Open', 'In progress', 'Review', 'Done'])
    statusIds.push(
      (
        await one('insert into statuses (node_id, name) values ($1, $2) returning id', [
          nodeId,
          `bench ${name}`,
        ])
      ).id,
    )
  const { id: progressId } = await one('insert into progress (node_id, name) values ($1, $2) returning id', [
    nodeId,
    'bench flow',
  ])
  for (const [i, s] of statusIds.entries())
    await q(
      'insert into progress_statuses (node_id, progress_id, status_id, position) values ($1, $2, $3, $4)',
      [nodeId, progressId, s, i],
    )
  const processIds = []
  for (const key of PROCESSES)
    processIds.push(
      (
        await one(
          'insert into processes (node_id, key, name, progress_id) values ($1, $2, $3, $4) returning id',
          [nodeId, key, `bench ${key}`, progressId],
        )
      ).id,
    )
  const users = await q(
    `insert into users (email, fio, contacts)
     select 'bench-' || i || '@example.com', jsonb_build_object('name', 'User' || i, 'surname', 'Bench'), '{}'
       from generate_series(1, $1) as i returning id`,
    [USERS],
  )
  const userIds = users.rows.map((r) => r.id)
  await q('insert into node_users (node_id, user_id) select $1, unnest($2::uuid[])', [nodeId, userIds])
  await q(
    `insert into rights (node_id, subject_type, subject_id, right_code)
     select $1, 'user', unnest($2::uuid[]), 'is_authorized'`,
    [nodeId, userIds],
  )
  const field = (name, type, settings = {}) =>
    q('insert into fields (node_id, name, type, title, settings) values ($1, $2, $3, $4, $5)', [
      nodeId,
      name,
      type,
      name,
      JSON.stringify(settings),
    ])
  const options = (...vs) => ({
    options: vs.map((v) => ({ title: v[0].toUpperCase() + v.slice(1), value: v })),
  })
  await field('cf_priority', 'select', options('low', 'normal', 'high', 'urgent'))
  await field('cf_points', 'number')
  await field('cf_summary', 'text')
  await field('cf_due', 'date')
  await field('cf_tags', 'select', { multiple: true, ...options('bug', 'feature', 'chore', 'security') })
  await field('cf_done', 'checkbox')
  await field('cf_bucket', 'number')
  await q('commit')
  const setup = Date.now() - t0

  // h(n, salt): a repeatable pseudo-random non-negative int per task.
  const h = (salt) => `abs(hashint4(n * 31 + ${salt}))`
  const word = (salt) => `($6::text[])[1 + ${h(salt)} % ${WORDS.length}]`
  const insert = `
    insert into tasks (node_id, process_id, number, key, title, description, status_id, assignee_id,
                       author_id, custom_fields, created_at, updated_at)
    select $1, ($2::uuid[])[1 + n % 3], n / 3 + 1, ($3::text[])[1 + n % 3] || '-' || (n / 3 + 1),
           initcap(${word(1)}) || ' ' || ${word(2)} || ' ' || ${word(3)}, '',
           ($4::uuid[])[1 + ${h(4)} % 5],
           case when ${h(5)} % 10 = 0 then null else ($5::uuid[])[1 + ${h(6)} % ${USERS}] end,
           $7, jsonb_build_object(
             'cf_priority', (array['low','normal','high','urgent'])[1 + ${h(7)} % 4],
             'cf_points', ${h(8)} % 21,
             'cf_summary', ${word(9)} || ' ' || ${word(10)} || ' ' || ${word(11)} || ' #' || (n % 5000),
             'cf_due', to_char(date '2024-01-01' + (${h(12)} % 730), 'YYYY-MM-DD'),
             'cf_tags', case when ${h(13)} % 3 = 0 then '[]'::jsonb
                             else jsonb_build_array((array['bug','feature','chore','security'])[1 + ${h(14)} % 4]) end,
             'cf_done', ${h(15)} % 4 = 0,
             'cf_bucket', n % 1000),
           now() - ($8 - n) * $11::int * interval '1 second',
           now() - ($8 - n) * $11::int * interval '1 second' + (${h(16)} % 86400) * interval '1 second'
      from generate_series($9::int, $10::int) as n`
  // Bulk load: the GIN indexes (custom-field equality and trigrams) are dropped for the inserts and
  // built once afterwards — much faster than maintaining them row by row. Their definitions are read
  // back from the catalogue, so they come back exactly as the migrations made them.
  const gin = (
    await q(
      `select indexname, indexdef from pg_indexes where tablename = 'tasks' and indexdef ilike '%using gin%'`,
    )
  ).rows
  for (const i of gin) await q(`drop index ${i.indexname}`)
  const chunks = []
  for (let from = 0; from < total; from += chunk) {
    const to = Math.min(total, from + chunk) - 1
    const c0 = Date.now()
    await q(insert, [
      nodeId,
      processIds,
      PROCESSES,
      statusIds,
      userIds,
      WORDS,
      adminId,
      total,
      from,
      to,
      spacing,
    ])
    chunks.push(Date.now() - c0)
    process.stderr.write(`  ${to + 1}/${total} tasks (${Date.now() - c0} ms)\n`)
  }
  // Task counters: the next key of each process continues after the generated ones.
  for (const id of processIds)
    await q(
      'update processes set task_counter = (select coalesce(max(number), 0) from tasks where node_id = $1 and process_id = $2) where node_id = $1 and id = $2',
      [nodeId, id],
    )
  const i0 = Date.now()
  await q(`set maintenance_work_mem = '256MB'`)
  const indexes = {}
  for (const i of gin) {
    const t = Date.now()
    await q(i.indexdef)
    indexes[i.indexname] = Date.now() - t
  }
  const indexMs = Date.now() - i0
  const a0 = Date.now()
  await q('analyze tasks')
  const analyze = Date.now() - a0
  const size = await one(
    `select pg_size_pretty(pg_total_relation_size('tasks')) as total, pg_size_pretty(pg_relation_size('tasks')) as heap`,
  )
  size.indexes = Object.fromEntries(
    (
      await q(
        `select indexrelid::regclass::text as name, pg_size_pretty(pg_relation_size(indexrelid)) as size
           from pg_index where indrelid = 'tasks'::regclass order by 1`,
      )
    ).rows.map((r) => [r.name, r.size]),
  )
  await db.end()
  return {
    nodeId,
    tasks: total,
    setupMs: setup,
    insertMs: chunks.reduce((a, b) => a + b, 0),
    indexMs,
    indexes,
    analyzeMs: analyze,
    totalMs: Date.now() - t0,
    size,
    statusIds,
    processIds,
    userIds,
  }
}

/**
 * Creating and editing tasks' custom fields needs a form on their process (the generator binds
 * none): one form of the seven fields, all editable, bound to DEV, OPS and SUP, through the
 * upstream at `api` (its base URL) as the caller of `headers`. Returns the form.
 */
export async function bindForm({ api, headers, nodeId, processIds }) {
  const call = async (path, body) => {
    const res = await fetch(`${api}/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    const json = await res.json()
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(json)}`)
    return json.data
  }
  const cfs = ['cf_priority', 'cf_points', 'cf_summary', 'cf_due', 'cf_tags', 'cf_done', 'cf_bucket']
  const form = await call(`/forms/${nodeId}`, {
    name: 'bench form',
    fields: [{ name: 'title' }, ...cfs.map((name) => ({ name }))],
  })
  for (const processId of processIds)
    await call(`/forms/bind-form/${nodeId}`, { process_id: processId, form_id: form.id })
  return form
}

// Run as a script (bench/tasks.mjs imports generate() and passes its own URL).
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!args.url) throw new Error('--database-url= or DATABASE_URL is needed (PostgreSQL)')
  const r = await generate(args)
  console.log(JSON.stringify({ ...r, userIds: r.userIds.length }, null, 2))
}
