#!/usr/bin/env node
// Where a request's CPU goes, tier by tier (issue 15 item 6): one upstream of this checkout, its
// web tier in front of it over TCP and over a Unix socket, and rounds alternating direct / web (tcp)
// / web (unix) (the order rotating each round) under wrk. Per round: req/s and the CPU per request
// of each process, from /proc — the upstream, the web tier, the PostgreSQL backends and wrk itself —
// which the machine's load blurs far less than req/s. Prints the medians at the end.
//   node bench/forwarding-cpu.mjs [--database-url=postgres://…] [--tasks=20000] [--rounds=4]
//     [--seconds=5] [--connections=32] [--path=id|key] [--sides=direct,tcp,unix]
//     [--base=<checkout> with --sides=…,base,base-tcp: that checkout's web tier over the socket or
//     TCP, for an A/B]
// Needs a web build (npm run build). Without --database-url a throwaway cluster starts.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import {
  backendsCpu,
  childrenCpuMs,
  cpuDelta,
  cpuMsOf,
  freePort,
  freshDatabase,
  loadavg,
  parseArgs,
  root,
  runLoad,
  signIn,
  startPostgres,
  startUpstream,
  waitHealthy,
} from './lib.mjs'
import { generate, keyOf } from './tasks-generate.mjs'

const usage =
  'node bench/forwarding-cpu.mjs [--database-url] [--tasks] [--rounds] [--seconds] [--connections] [--path=id|key] [--sides=direct,tcp,unix]'
const args = parseArgs(
  process.argv.slice(2),
  {
    tasks: 20_000,
    rounds: 4,
    seconds: 5,
    connections: 32,
    path: 'id',
    sides: 'direct,tcp,unix',
    'database-url': undefined,
    'web-prof': false,
    base: undefined,
  },
  usage,
)

/** This checkout's web tier in front of the upstream: over TCP, or over its Unix socket. */
async function startWeb(upstream, socket, secret, dir = root) {
  const port = await freePort()
  // --web-prof: each web tier writes a CPU profile on exit (bench/out/profiles/web-*.cpuprofile).
  const prof = args['web-prof']
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${join(root, 'bench/out/profiles')}`,
        `--cpu-prof-name=web-${socket ? 'unix' : 'tcp'}.cpuprofile`,
      ]
    : []
  const child = spawn(
    process.execPath,
    [...prof, join(dir, 'server/index.mjs'), join(dir, 'build/index.js')],
    {
      cwd: dir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        UPSTREAM_API_URL: socket ? 'http://localhost' : upstream,
        ...(socket ? { UPSTREAM_API_SOCKET: socket } : {}),
        SECRET: secret,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const base = `http://127.0.0.1:${port}`
  await waitHealthy(base)
  const exited = new Promise((r) => child.once('exit', r))
  return {
    base,
    pid: child.pid,
    stop: () => {
      child.kill('SIGTERM')
      return exited
    },
  }
}

const secret = 'bench-upstream-secret-0123456789abcdef'
const cluster = args['database-url'] ? null : startPostgres(await freePort())
const serverUrl = args['database-url'] ?? cluster.url
let upstream
const webs = []
const socketDir = mkdtempSync(join(tmpdir(), 'nodus-sock-'))
try {
  const databaseUrl = await freshDatabase(serverUrl, 'nodus_fwcpu')
  const socket = join(socketDir, 'api.sock')
  // The upstream on both: its TCP port for the direct rounds, the socket for the web tier's.
  upstream = await startUpstream({ databaseUrl, env: { API_SOCKET: socket } })
  const wanted = args.sides.split(',')
  const sides = {}
  for (const side of wanted) {
    if (side === 'direct') sides.direct = { base: upstream.base, pid: null }
    else if (side === 'base' || side === 'base-tcp') {
      // --base=<checkout>: that checkout's web tier (its own build), over the socket or TCP, for an A/B.
      const web = await startWeb(upstream.base, side === 'base' ? socket : null, secret, resolve(args.base))
      webs.push(web)
      sides[side] = web
    } else {
      const web = await startWeb(upstream.base, side === 'unix' ? socket : null, secret)
      webs.push(web)
      sides[side] = web
    }
  }
  const gen = await generate({ url: databaseUrl, node: 'start', tasks: args.tasks, chunk: args.tasks })
  const token = await signIn(upstream.base)
  const headers = { authorization: `Bearer ${token}` }
  const c = new pg.Client({ connectionString: databaseUrl })
  await c.connect()
  const ids = (
    await c.query('select id from tasks where node_id = $1 order by id limit 5000', [gen.nodeId])
  ).rows.map((r) => r.id)
  const requests = Array.from({ length: 20_000 }, (_, i) => ({
    method: 'GET',
    path:
      args.path === 'key'
        ? `/api/tasks/${gen.nodeId}/${keyOf((i * 7919) % args.tasks)}/key`
        : `/api/tasks/${gen.nodeId}/${ids[i % ids.length]}`,
  }))
  for (const [side, { base }] of Object.entries(sides)) {
    const res = await fetch(`${base}${requests[0].path}`, { headers })
    if (!res.ok) throw new Error(`${side} answered ${res.status}: ${await res.text()}`)
  }
  const results = Object.fromEntries(Object.keys(sides).map((s) => [s, []]))
  const order = Object.keys(sides)
  const per = (ms, n) => Math.round((ms / n) * 1000) / 1000
  for (let r = 0; r < args.rounds; r++) {
    const turn = [...order.slice(r % order.length), ...order.slice(0, r % order.length)]
    for (const side of turn) {
      const load = loadavg()
      const web = sides[side].pid
      const before = {
        up: upstream.cpuMs(),
        web: web ? cpuMsOf(web) : 0,
        db: await backendsCpu(c),
        wrk: childrenCpuMs(),
      }
      const out = await runLoad('wrk', {
        url: sides[side].base,
        headers,
        connections: args.connections,
        duration: args.seconds,
        requests,
      })
      const n = Math.max(out.total, 1)
      const row = {
        round: r,
        side,
        rps: out.rps,
        p99: out.p99,
        non2xx: out.non2xx,
        errors: out.errors,
        'cpu ms/req upstream': per(upstream.cpuMs() - before.up, n),
        web: web ? per(cpuMsOf(web) - before.web, n) : 0,
        db: per(cpuDelta(before.db, await backendsCpu(c)), n),
        wrk: per(childrenCpuMs() - before.wrk, n),
        loadavg: load,
      }
      row.total = Math.round((row['cpu ms/req upstream'] + row.web + row.db + row.wrk) * 1000) / 1000
      results[side].push(row)
      console.log(JSON.stringify(row))
    }
  }
  await c.end()
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]
  for (const [side, rows] of Object.entries(results))
    console.log(
      JSON.stringify({
        side,
        'rps (median)': median(rows.map((x) => x.rps)),
        'cpu ms/req (medians): upstream': median(rows.map((x) => x['cpu ms/req upstream'])),
        web: median(rows.map((x) => x.web)),
        db: median(rows.map((x) => x.db)),
        wrk: median(rows.map((x) => x.wrk)),
        total: median(rows.map((x) => x.total)),
      }),
    )
  console.log(JSON.stringify({ loadavg: loadavg() }))
} finally {
  for (const w of webs) await w.stop()
  await upstream?.stop()
  cluster?.stop()
  rmSync(socketDir, { recursive: true, force: true })
}
