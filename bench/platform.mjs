#!/usr/bin/env node
// Issue 2 benchmark: GET /api/users/me and GET /api/nodes/domain/start, directly on the upstream and
// through the web app's /api forwarding, on the embedded database or PostgreSQL.
//   node bench/platform.mjs --db=pglite|postgres [--duration=20] [--connections=32] [--no-wrk]
// Prints a JSON line per scenario and writes bench/out/platform-<db>.json.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs, root, runAutocannon, runWrk, signIn, startPostgres, startStack } from './lib.mjs'

const args = parseArgs(process.argv.slice(2))
const pg = args.db === 'postgres' ? startPostgres() : null
const stack = await startStack({ databaseUrl: pg?.url })
const results = []
try {
  const token = await signIn(stack.api)
  const headers = { authorization: `Bearer ${token}` }
  for (const [tier, base] of [
    ['upstream', stack.api],
    ['web', stack.web],
  ]) {
    for (const path of ['/api/users/me', '/api/nodes/domain/start']) {
      const url = base + path
      const check = await fetch(url, { headers })
      if (!check.ok) throw new Error(`${tier} ${path} answered ${check.status}`)
      const run = { url, headers, connections: args.connections, duration: args.duration }
      const rows = [await runAutocannon(run)]
      if (args.wrk) rows.push(await runWrk(run))
      for (const r of rows) {
        const row = { db: args.db, tier, path, connections: args.connections, duration: args.duration, ...r }
        results.push(row)
        console.log(JSON.stringify(row))
      }
    }
  }
} finally {
  await stack.stop()
  pg?.stop()
}
mkdirSync(join(root, 'bench/out'), { recursive: true })
writeFileSync(join(root, `bench/out/platform-${args.db}.json`), JSON.stringify(results, null, 2))
