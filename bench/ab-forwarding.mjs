#!/usr/bin/env node
// A/B of the web tier's /api forwarding (issue 15): one upstream, two web tiers in front of it — A
// from one checkout's build, B from another's — and rounds alternating direct upstream, A and B
// (the order rotating each round), so that the machine's load drifts over all three alike. Each
// round is wrk (or --tool=autocannon) for `--seconds` on `--connections` connections, GET /api/tasks/{node}/{id}
// over a pool of task ids. Prints each round (with /proc/loadavg) and the medians; the forwarding's
// cost is 1 − web/direct.
//   node bench/ab-forwarding.mjs --a=<checkout> --b=<checkout> [--tasks=20000] [--rounds=6]
//     [--seconds=5] [--connections=32] [--path=id|key|me] [--tool=wrk|autocannon]
// Each checkout needs node_modules and a web build. The upstream and B's web tier come from B.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { join, resolve } from 'node:path'
import pg from 'pg'
import {
  freePort,
  freshDatabase,
  loadavg,
  parseArgs,
  runLoad,
  signIn,
  startPostgres,
  startStack,
  waitHealthy,
} from './lib.mjs'
import { generate, keyOf } from './tasks-generate.mjs'

const usage =
  'node bench/ab-forwarding.mjs --a=<checkout> --b=<checkout> [--tasks] [--rounds] [--seconds] [--connections] [--path=id|key|me] [--tool=wrk|autocannon]'
const args = parseArgs(
  process.argv.slice(2),
  {
    a: undefined,
    b: undefined,
    tasks: 20_000,
    rounds: 6,
    seconds: 5,
    connections: 32,
    path: 'id',
    tool: 'wrk',
  },
  usage,
)
if (!args.a || !args.b) {
  console.log(usage)
  process.exit(1)
}
args.a = resolve(args.a)
args.b = resolve(args.b)

/** A web tier alone (server/index.mjs of `dir`) in front of the given upstream. */
async function startWeb(dir, upstream, secret) {
  const port = await freePort()
  const child = spawn(process.execPath, [join(dir, 'server/index.mjs'), join(dir, 'build/index.js')], {
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
  })
  const base = `http://127.0.0.1:${port}`
  await waitHealthy(base)
  return { base, stop: () => child.kill('SIGTERM') }
}

process.env.SECRET = randomBytes(32).toString('base64url')
const cluster = startPostgres(await freePort())
let stack
let webA
try {
  const databaseUrl = await freshDatabase(cluster.url, 'nodus_abfw')
  stack = await startStack({ databaseUrl, webPort: await freePort(), apiPort: await freePort() })
  webA = await startWeb(args.a, stack.api, process.env.SECRET)
  const gen = await generate({ url: databaseUrl, node: 'start', tasks: args.tasks, chunk: args.tasks })
  const token = await signIn(stack.api)
  const headers = { authorization: `Bearer ${token}` }
  const c = new pg.Client({ connectionString: databaseUrl })
  await c.connect()
  const ids = (
    await c.query('select id from tasks where node_id = $1 order by id limit 5000', [gen.nodeId])
  ).rows.map((r) => r.id)
  await c.end()
  // The requests the load tool sends in turn (lib.mjs), 20,000 of them.
  const requests = Array.from({ length: 20_000 }, (_, i) => ({
    method: 'GET',
    path:
      args.path === 'me'
        ? '/api/users/me'
        : args.path === 'key'
          ? `/api/tasks/${gen.nodeId}/${keyOf((i * 7919) % args.tasks)}/key`
          : `/api/tasks/${gen.nodeId}/${ids[i % ids.length]}`,
  }))
  const sides = { direct: stack.api, a: webA.base, b: stack.web }
  for (const [side, base] of Object.entries(sides)) {
    const res = await fetch(`${base}${requests[0].path}`, { headers })
    if (!res.ok) throw new Error(`${side} answered ${res.status}: ${await res.text()}`)
  }
  const results = { direct: [], a: [], b: [] }
  const order = Object.keys(sides)
  for (let r = 0; r < args.rounds; r++) {
    const turn = [...order.slice(r % 3), ...order.slice(0, r % 3)]
    for (const side of turn) {
      const before = loadavg()
      const out = await runLoad(args.tool, {
        url: sides[side],
        headers,
        connections: args.connections,
        duration: args.seconds,
        requests,
      })
      results[side].push(out.rps)
      console.log(
        JSON.stringify({
          round: r,
          side,
          rps: out.rps,
          p50: out.p50,
          p99: out.p99,
          errors: out.errors,
          non2xx: out.non2xx,
          tool: args.tool,
          loadavg: before,
        }),
      )
    }
  }
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]
  const m = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, median(v)]))
  console.log(
    JSON.stringify({
      path: args.path,
      medians: m,
      'a/direct': Math.round((m.a / m.direct) * 100) / 100,
      'b/direct': Math.round((m.b / m.direct) * 100) / 100,
      'b/a': Math.round((m.b / m.a) * 100) / 100,
      'b/a per round': results.a.map((x, i) => Math.round((results.b[i] / x) * 100) / 100),
      loadavg: loadavg(),
    }),
  )
} finally {
  webA?.stop()
  await stack?.stop()
  cluster.stop()
}
