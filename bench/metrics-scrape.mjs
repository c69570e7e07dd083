#!/usr/bin/env node
// The CPU one /metrics scrape costs the upstream (issue 27): an upstream of its own (PGlite, or
// DATABASE_URL) with METRICS_TOKEN, some traffic so that the histogram has series, then N scrapes;
// the process's CPU time (from /proc) over the scrapes, divided by N.
//   node bench/metrics-scrape.mjs [scrapes=200]
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(import.meta.url), '../..')
const N = Number(process.argv[2] ?? 200)
const port = 30_000 + Math.floor(Math.random() * 10_000)
const dataDir = mkdtempSync(join(tmpdir(), 'nodus-metrics-bench-'))
const TOKEN = 'bench-metrics-token'
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'api/src/server.ts')], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    API_PORT: String(port),
    METRICS_TOKEN: TOKEN,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    ADMIN_PASSWORD: 'bench-admin-password',
  },
  stdio: 'inherit',
})
const base = `http://127.0.0.1:${port}`
const ticks = () => {
  const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8')
    .slice(readFileSync(`/proc/${child.pid}/stat`, 'utf8').lastIndexOf(')') + 2)
    .split(' ')
  return (Number(f[11]) + Number(f[12])) * 10 // utime + stime, clock ticks of 10 ms → ms
}
try {
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('the upstream did not start')
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break
    await new Promise((r) => setTimeout(r, 200))
  }
  const login = await fetch(`${base}/api/users/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'bench-admin-password' }),
  })
  const token = (await login.json()).data.access_token
  for (let i = 0; i < 300; i++)
    await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
      r.arrayBuffer(),
    )
  const auth = { authorization: `Bearer ${TOKEN}` }
  let bytes = 0
  for (let i = 0; i < 20; i++)
    bytes = (await (await fetch(`${base}/metrics`, { headers: auth })).text()).length
  const t0 = ticks()
  const w0 = performance.now()
  for (let i = 0; i < N; i++) await (await fetch(`${base}/metrics`, { headers: auth })).text()
  const cpu = ticks() - t0
  const wall = performance.now() - w0
  console.log(
    JSON.stringify({
      scrapes: N,
      bytes,
      cpu_ms_per_scrape: +(cpu / N).toFixed(2),
      wall_ms_per_scrape: +(wall / N).toFixed(2),
      load: (await import('node:os')).loadavg().map((x) => +x.toFixed(2)),
    }),
  )
} finally {
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
  rmSync(dataDir, { recursive: true, force: true })
}
