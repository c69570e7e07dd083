#!/usr/bin/env node
// Issue 24 figures, on PostgreSQL over a node of N generated tasks (bench/tasks-generate.mjs):
// - page: /lk/tasks server-rendered (the search page, signed in with the `_token` cookie, no `js`
//   cookie: the whole HTML at once) for a three-condition query (status ∧ assignee ∧ a custom field,
//   `order by updated_at desc`), beside the same POST /api/tasks/rql/{nodeId} call alone (the page's
//   page 1 of 10), on the upstream and through the web app's /api; the same pair with no two
//   queries alike (no total reused: the upstream keeps one 2 s per query); and each configuration
//   call the page's loader makes, alone on the upstream. One request at a time (`--requests` of
//   each after `--warmup` uncounted), timed to the last byte; then the page and the call under wrk.
// - find: the header's quick find by key, GET /resources/quick-find?q=KEY (JSON) and the no-JS
//   GET /lk/find?q=KEY (302 to the card), a different key each request, beside the one upstream
//   call they make (`key = "KEY"`, per page 1); then the JSON route under wrk.
// - bulk: POST /api/tasks/{nodeId}/rql on the upstream, a dry run (three times), the edit, and its
//   undo, of `--bulk-sizes` tasks each (whole buckets of cf_bucket: N/1000 tasks a bucket).
//   node bench/search.mjs [--tasks=100000] [--requests=200] [--warmup=50] [--duration=10] [--connections=8]
//     [--database-url=postgres://…] [--scenarios=page,page-load,find,find-load,bulk]
//     [--bulk-sizes=1000,10000] [--port=3120] [--tool=wrk|autocannon]
// Without --database-url a throwaway PostgreSQL 15 cluster is started (scripts/pg-test-server.sh).
// Writes bench/out/search.json. Everything shares the machine's cores: the load average
// (/proc/loadavg) is printed beside every figure.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { timed } from './boards-page.mjs'
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
import { bindForm, generate, keyOf } from './tasks-generate.mjs'

const args = parseArgs(
  process.argv.slice(2),
  {
    tasks: 100_000,
    requests: 200,
    warmup: 50,
    duration: 10,
    connections: 8,
    'database-url': undefined,
    chunk: 100_000,
    scenarios: undefined,
    'bulk-sizes': '1000,10000',
    port: 0,
    tool: 'wrk',
  },
  'node bench/search.mjs [--tasks=100000] [--requests=200] [--warmup=50] [--duration=10] [--connections=8]\n' +
    '  [--database-url=postgres://…] [--scenarios=page,page-load,find,find-load,bulk]\n' +
    '  [--bulk-sizes=1000,10000] [--port=3120] [--tool=wrk|autocannon]',
)
const scenarios = args.scenarios ? new Set(args.scenarios.split(',')) : null
const want = (s) => !scenarios || scenarios.has(s)

const cluster = args['database-url'] ? null : startPostgres(await freePort())
const databaseUrl = await freshDatabase(args['database-url'] ?? cluster.url)
const stack = await startStack({
  databaseUrl,
  webPort: args.port || (await freePort()),
  apiPort: await freePort(),
})
const results = { tasks: args.tasks, cores: cpus().length, node: process.version, rows: [], bulk: [] }
const record = (row) => {
  results.rows.push(row)
  console.log(JSON.stringify(row))
}
try {
  const gen = await generate({ url: databaseUrl, node: 'start', tasks: args.tasks, chunk: args.chunk })
  results.generate = { ...gen, userIds: undefined, statusIds: undefined, processIds: undefined }
  console.log(JSON.stringify({ generate: results.generate }))
  const token = await signIn(stack.api)
  const nodeId = gen.nodeId
  const bearer = { authorization: `Bearer ${token}` }
  const json = { ...bearer, 'content-type': 'application/json' }
  const cookie = { cookie: `_token=${token}` }
  // The page's columns come from the forms of the processes in its results: bind one, as a node
  // that edits custom fields has (the bulk edit needs it too).
  const form = await bindForm({ api: stack.api, headers: json, nodeId, processIds: gen.processIds })

  /** One case: warmed up, then `requests` one at a time, with the load before and after. */
  const sequential = async (label, url, init, check, status = 200) => {
    await timed(url, init, args.warmup, check, status)
    const before = loadavg()
    const r = await timed(url, init, args.requests, check, status)
    record({ case: label, ...r, load_before: before, load_after: loadavg() })
  }
  /** The same URL (or list of requests) under the load tool, `connections` at once. */
  const loaded = async (label, load) => {
    const before = loadavg()
    const r = await runLoad(args.tool, { connections: args.connections, duration: args.duration, ...load })
    record({ case: label, connections: args.connections, ...r, load_before: before, load_after: loadavg() })
    if (r.errors || r.non2xx) throw new Error(`${label}: ${r.errors} errors, ${r.non2xx} non-2xx`)
  }

  // The three-condition query (bench/tasks.mjs's "filtered"), and one never asked twice.
  const query = `status = ${gen.statusIds[1]} and assignee = ${gen.userIds[3]} and cf_priority = high order by updated_at desc`
  const distinct = (i) =>
    `status = ${gen.statusIds[i % 5]} and assignee = ${gen.userIds[Math.floor(i / 5) % 50]} and cf_priority = high and cf_bucket != ${i % 997} order by updated_at desc`
  let asked = 0
  const pageUrl = (q) => `${stack.web}/lk/tasks?${new URLSearchParams({ q })}`
  const rqlBody = (q) => JSON.stringify({ query: q, page: 1, per_page: 10 })
  const checkPage = (html) => {
    const rows = html.split('data-testid="search-row"').length - 1
    if (!html.includes('data-testid="search-total"') || html.includes('data-testid="query-errors"') || !rows)
      throw new Error('/lk/tasks: no rows, or the query was refused')
    results.pageRows = rows
    results.pageKB = Math.round(Buffer.byteLength(html) / 102.4) / 10
  }
  const checkRql = (text) => {
    const r = JSON.parse(text)
    if (!r.data.length) throw new Error(`the query matched nothing: ${text.slice(0, 300)}`)
    results.matches ??= r.meta.total
  }
  if (want('page')) {
    await sequential('GET /lk/tasks?q= (web, no js cookie)', pageUrl(query), { headers: cookie }, checkPage)
    const post = { method: 'POST', headers: json, body: rqlBody(query) }
    await sequential(
      'POST /api/tasks/rql/{nodeId} (upstream)',
      `${stack.api}/api/tasks/rql/${nodeId}`,
      post,
      checkRql,
    )
    await sequential(
      'POST /api/tasks/rql/{nodeId} (web /api)',
      `${stack.web}/api/tasks/rql/${nodeId}`,
      post,
      checkRql,
    )
    await sequential(
      'GET /lk/tasks?q= (web), no two queries alike',
      () => pageUrl(distinct(asked++)),
      { headers: cookie },
      checkPage,
    )
    await sequential(
      'POST /api/tasks/rql/{nodeId} (upstream), no two alike',
      `${stack.api}/api/tasks/rql/${nodeId}`,
      () => ({ method: 'POST', headers: json, body: rqlBody(distinct(asked++)) }),
      checkRql,
    )
    // What any signed-in page pays (the root and layout loaders, the shell), and the search page
    // with no query (no results, no columns): the query's own share is the difference.
    await sequential('GET /lk/profile (web): a signed-in page, no search', `${stack.web}/lk/profile`, {
      headers: cookie,
    })
    await sequential('GET /lk/tasks (web), no query', `${stack.web}/lk/tasks`, { headers: cookie })
    // The configuration the page's loader asks for beside the query (access check, fields,
    // statuses, processes, users, the form of the processes in its results), each alone.
    const parts = [
      ['GET /api/users/me', '/api/users/me'],
      ['GET /api/fields/{nodeId}', `/api/fields/${nodeId}?per_page=500`],
      ['GET /api/statuses/{nodeId}', `/api/statuses/${nodeId}?per_page=500`],
      ['GET /api/processes/{nodeId}', `/api/processes/${nodeId}?per_page=500`],
      ['GET /api/users/{nodeId} (51 users)', `/api/users/${nodeId}?per_page=500`],
      ['GET /api/forms/{nodeId}/{formId}', `/api/forms/${nodeId}/${form.id}`],
    ]
    for (const [label, path] of parts)
      await sequential(`part: ${label} (upstream)`, `${stack.api}${path}`, { headers: bearer })
    const me = await (await fetch(`${stack.api}/api/users/me`, { headers: bearer })).json()
    await sequential(
      'part: POST /api/rights/all-users/{nodeId} (upstream)',
      `${stack.api}/api/rights/all-users/${nodeId}`,
      { method: 'POST', headers: json, body: JSON.stringify([me.data.id]) },
    )
  }
  if (want('page-load')) {
    await loaded('GET /lk/tasks?q= (web) under load', { url: pageUrl(query), headers: cookie })
    const url = `${stack.api}/api/tasks/rql/${nodeId}`
    await loaded('POST /api/tasks/rql/{nodeId} (upstream) under load', {
      url,
      headers: json,
      method: 'POST',
      body: rqlBody(query),
    })
  }

  // Quick find: keys spread over the whole node (a stride prime to N), typed in lower case.
  const keyAt = (i) => keyOf((i * 7919 + 13) % args.tasks)
  let found = 0
  const typed = () => keyAt(found++).toLowerCase()
  if (want('find')) {
    await sequential(
      'GET /resources/quick-find?q=KEY (web, JSON)',
      () => `${stack.web}/resources/quick-find?q=${typed()}`,
      { headers: cookie },
      (text) => {
        const r = JSON.parse(text)
        if (r.matches?.length !== 1) throw new Error(`quick find: ${text.slice(0, 300)}`)
      },
    )
    await sequential(
      'GET /lk/find?q=KEY (web, no JS: 302 to the card)',
      () => `${stack.web}/lk/find?q=${typed()}`,
      { headers: cookie },
      (_, res) => {
        if (!res.headers.get('location')?.includes('/lk/t/'))
          throw new Error(`/lk/find led to ${res.headers.get('location')}`)
      },
      302,
    )
    await sequential(
      'POST /api/tasks/rql/{nodeId} key = "KEY", per page 1 (upstream)',
      `${stack.api}/api/tasks/rql/${nodeId}`,
      () => ({
        method: 'POST',
        headers: json,
        body: JSON.stringify({ query: `key = "${keyAt(found++)}"`, per_page: 1 }),
      }),
      checkRql,
    )
  }
  if (want('find-load')) {
    const requests = Array.from({ length: 20_000 }, (_, i) => ({
      method: 'GET',
      path: `/resources/quick-find?q=${keyAt(i).toLowerCase()}`,
    }))
    await loaded('GET /resources/quick-find?q=KEY (web) under load', {
      url: stack.web,
      headers: cookie,
      requests,
    })
  }

  // Bulk edit of whole buckets (N/1000 tasks each) from bucket 100 on, clear of bench/tasks.mjs's.
  if (want('bulk'))
    for (const size of args['bulk-sizes'].split(',').map(Number)) {
      const buckets = Math.max(1, Math.min(900, Math.round((size * 1000) / args.tasks)))
      const list = Array.from({ length: buckets }, (_, i) => 100 + i).join(', ')
      const edit = {
        query: `cf_bucket in (${list})`,
        patch: { custom_fields: { cf_points: 20, cf_priority: 'urgent' } },
      }
      const bulk = async (step, path, body) => {
        const before = loadavg()
        const t0 = performance.now()
        const res = await fetch(`${stack.api}/api/tasks/${nodeId}${path}`, {
          method: 'POST',
          headers: body ? json : bearer,
          body: body && JSON.stringify(body),
        })
        const answer = await res.json()
        const ms = Math.round(performance.now() - t0)
        if (!res.ok)
          throw new Error(`${step} answered ${res.status}: ${JSON.stringify(answer).slice(0, 500)}`)
        const row = { size, step, ms, count: answer.data.count, load_before: before, load_after: loadavg() }
        results.bulk.push(row)
        console.log(JSON.stringify(row))
        return answer.data
      }
      for (let i = 0; i < 3; i++) await bulk(`dry run ${i + 1}`, '/rql', { ...edit, dry_run: true })
      const done = await bulk('edit', '/rql', edit)
      await bulk('undo', `/rql/undo/${done.batch_id}`)
    }
  results.loadavg = loadavg()
} finally {
  await stack.stop()
  cluster?.stop()
}
mkdirSync(join(root, 'bench/out'), { recursive: true })
writeFileSync(join(root, 'bench/out/search.json'), JSON.stringify(results, null, 2))
