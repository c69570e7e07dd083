#!/usr/bin/env node
// A/B of the web tier's pages between two checkouts (issue 24, "the page adds ≤ 15 ms"): one
// upstream (this checkout's stack) on a throwaway PostgreSQL with N generated tasks, and two web
// tiers in front of it — A from one checkout's build, B from another's. Rounds alternate A and B
// (B A, A B, …) so the machine's load drifts over both alike; each round sends `--requests` of
// each page one at a time (after `--warmup`, uncounted) and reads the web process's own CPU from
// /proc before and after: CPU ms per request is the figure a busy machine blurs least. Beside it,
// the p50 of the page and of the page's query alone on the upstream (POST /api/tasks/rql, page 1
// of 10) measured in the same round, so "the page adds" = page p50 − query p50.
// Pages: /lk/tasks?q= (three conditions, no js cookie: the whole HTML), /lk (the home board),
// a task card /lk/t/{process}/{key}, and (`kanban`) issue 26's board of one kanban, 6 columns × 20
// cards (bench/kanban-board.mjs), /lk/b/{id}.
//   node bench/ab-pages.mjs --a=<checkout> --b=<checkout> [--tasks=100000] [--rounds=4]
//     [--requests=60] [--warmup=15] [--pages=search,home,card,kanban] [--prof=<dir>]
// Each checkout needs node_modules and a web build (npm run build). --prof: the B web tier runs
// under `node --cpu-prof --cpu-prof-dir=<dir>` (a .cpuprofile written when it stops).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { timed } from './boards-page.mjs'
import { addKanbanBoard } from './kanban-board.mjs'
import {
  cpuMsOf,
  freePort,
  freshDatabase,
  loadavg,
  parseArgs,
  signIn,
  startPostgres,
  startStack,
  waitHealthy,
} from './lib.mjs'
import { bindForm, generate, keyOf } from './tasks-generate.mjs'

const usage =
  'node bench/ab-pages.mjs --a=<checkout> --b=<checkout> [--tasks] [--rounds] [--requests] [--warmup] [--pages=search,home,card,kanban] [--prof=<dir>]'
const args = parseArgs(
  process.argv.slice(2),
  {
    a: undefined,
    b: undefined,
    tasks: 100_000,
    rounds: 4,
    requests: 60,
    warmup: 15,
    pages: 'search,home,card',
    prof: undefined,
  },
  usage,
)
if (!args.a || !args.b) {
  console.log(usage)
  process.exit(1)
}
args.a = resolve(args.a)
args.b = resolve(args.b)

/** A web tier alone (server/index.mjs of `dir`) in front of the given upstream; its pid for /proc. */
async function startWeb(dir, upstream, secret, nodeArgs = []) {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [...nodeArgs, join(dir, 'server/index.mjs'), join(dir, 'build/index.js')],
    {
      cwd: dir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        UPSTREAM_API_URL: upstream,
        SECRET: secret,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const base = `http://127.0.0.1:${port}`
  await waitHealthy(base)
  const stop = () =>
    new Promise((r) => {
      if (child.exitCode !== null) return r()
      child.once('exit', r)
      child.kill('SIGTERM')
    })
  return { base, pid: child.pid, stop }
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]
const round1 = (x) => Math.round(x * 10) / 10

process.env.SECRET = randomBytes(32).toString('base64url')
const cluster = startPostgres(await freePort())
let stack
const webs = {}
try {
  const databaseUrl = await freshDatabase(cluster.url, 'nodus_abpages')
  stack = await startStack({ databaseUrl, webPort: await freePort(), apiPort: await freePort() })
  const gen = await generate({ url: databaseUrl, node: 'start', tasks: args.tasks, chunk: 100_000 })
  const token = await signIn(stack.api)
  const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  await bindForm({ api: stack.api, headers: json, nodeId: gen.nodeId, processIds: gen.processIds })
  const c = new pg.Client({ connectionString: databaseUrl })
  await c.connect()
  const { rows } = await c.query(
    'select p.key as process from tasks t join processes p on p.id = t.process_id where t.node_id = $1 and t.key = $2',
    [gen.nodeId, keyOf(7)],
  )
  // --pages=kanban: issue 26's board (6 columns × 20 cards) on a board of its own, /lk/b/{id}.
  const kanbanBoard = args.pages.split(',').includes('kanban')
    ? await addKanbanBoard(c, gen, { isDefault: false })
    : null
  await c.end()
  webs.a = await startWeb(args.a, stack.api, process.env.SECRET)
  webs.b = await startWeb(
    args.b,
    stack.api,
    process.env.SECRET,
    args.prof ? ['--cpu-prof', `--cpu-prof-dir=${resolve(args.prof)}`] : [],
  )

  const query = `status = ${gen.statusIds[1]} and assignee = ${gen.userIds[3]} and cf_priority = high order by updated_at desc`
  const cookie = { headers: { cookie: `_token=${token}` } }
  const pages = {
    search: `/lk/tasks?${new URLSearchParams({ q: query })}`,
    home: '/lk',
    card: `/lk/t/${rows[0]?.process ?? 'TASK'}/${keyOf(7)}`,
    kanban: kanbanBoard ? `/lk/b/${kanbanBoard.boardId}` : undefined,
  }
  const wanted = args.pages.split(',')
  for (const page of wanted) if (!pages[page]) throw new Error(`unknown page ${page}`)
  const checkKanban = (html) => {
    if ((html.match(/data-testid="kanban-card"/g) ?? []).length !== 120)
      throw new Error('/lk/b: not 120 cards')
  }
  const checkSearch = (html) => {
    if (!html.includes('data-testid="search-row"')) throw new Error('/lk/tasks: no rows')
  }
  const rql = {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ query, page: 1, per_page: 10 }),
  }
  // Warm both tiers (the first requests compile the routes' code) and check every page answers.
  const sizes = {}
  for (const side of ['a', 'b'])
    for (const page of wanted)
      await timed(`${webs[side].base}${pages[page]}`, cookie, args.warmup, (html) => {
        if (page === 'search') checkSearch(html)
        if (page === 'kanban') checkKanban(html)
        sizes[`${page} ${side}`] = `${Math.round(Buffer.byteLength(html) / 102.4) / 10} KB`
        // The loader data (and the route manifest) inlined for hydration: from the first Remix context script on.
        const at = html.indexOf('window.__remixContext')
        if (at >= 0)
          sizes[`${page} ${side} scripts`] =
            `${Math.round(Buffer.byteLength(html.slice(at)) / 102.4) / 10} KB`
      })
  console.log(JSON.stringify({ html: sizes }))
  await timed(`${stack.api}/api/tasks/rql/${gen.nodeId}`, rql, args.warmup)

  const results = {}
  const slot = (key) => {
    results[key] ??= { cpu: [], p50: [] }
    return results[key]
  }
  for (let r = 0; r < args.rounds; r++) {
    const turn = r % 2 ? ['a', 'b'] : ['b', 'a']
    for (const page of wanted) {
      for (const side of turn) {
        const load = loadavg()
        const cpu0 = cpuMsOf(webs[side].pid)
        const t = await timed(`${webs[side].base}${pages[page]}`, cookie, args.requests)
        const cpu = (cpuMsOf(webs[side].pid) - cpu0) / args.requests
        const row = slot(`${page} ${side}`)
        row.cpu.push(cpu)
        row.p50.push(t.whole.p50)
        console.log(
          JSON.stringify({
            round: r,
            page,
            side,
            cpu_ms: round1(cpu),
            p50: t.whole.p50,
            p99: t.whole.p99,
            load,
          }),
        )
      }
      if (page === 'search') {
        const load = loadavg()
        const t = await timed(`${stack.api}/api/tasks/rql/${gen.nodeId}`, rql, args.requests)
        slot('query (upstream)').p50.push(t.whole.p50)
        console.log(
          JSON.stringify({ round: r, page: 'query (upstream)', p50: t.whole.p50, p99: t.whole.p99, load }),
        )
      }
    }
  }
  const summary = {}
  for (const [key, v] of Object.entries(results))
    summary[key] = { cpu_ms: v.cpu.length ? round1(median(v.cpu)) : undefined, p50: round1(median(v.p50)) }
  for (const page of wanted) {
    const a = summary[`${page} a`]
    const b = summary[`${page} b`]
    summary[`${page} cpu a/b`] = Math.round((a.cpu_ms / b.cpu_ms) * 100) / 100
  }
  if (summary['search a']) {
    const q = summary['query (upstream)'].p50
    summary['search adds (p50 − query p50)'] = {
      a: round1(summary['search a'].p50 - q),
      b: round1(summary['search b'].p50 - q),
    }
  }
  console.log(JSON.stringify({ tasks: args.tasks, html: sizes, summary, loadavg: loadavg() }, null, 1))
} finally {
  await webs.a?.stop()
  await webs.b?.stop()
  await stack?.stop()
  cluster.stop()
}
