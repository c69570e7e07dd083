#!/usr/bin/env node
// Issue 13 benchmark: N open live streams through one web process (GET /events, forwarded to the
// upstream's stream) — the resident memory of the web process and of the upstream process per
// stream, read from /proc before and after opening them. The stack is scripts/start.mjs (as in
// production) over PostgreSQL; the clients are this process.
//   node bench/live-web.mjs --database-url=postgres://… [--streams=1000]
// Prints JSON with the load average.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import pg from 'pg'
import { signIn, startStack } from './lib.mjs'

const opts = { streams: 1000, url: process.env.DATABASE_URL ?? '' }
for (const a of process.argv.slice(2)) {
  const [k, v = ''] = a.replace(/^--/, '').split('=')
  if (k === 'streams') opts.streams = Number(v)
  if (k === 'database-url') opts.url = v
}
const name = `nodus_live_bench_${Date.now()}`
const admin = new pg.Client({ connectionString: opts.url })
await admin.connect()
await admin.query(`create database ${name}`)
const dbUrl = new URL(opts.url)
dbUrl.pathname = `/${name}`

const pidOn = (port) => {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' })
  return Number(/pid=(\d+)/.exec(out)?.[1])
}
const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])

const stack = await startStack({ databaseUrl: dbUrl.toString(), webPort: 3714, apiPort: 3715 })
try {
  const token = await signIn(stack.web)
  const [webPid, apiPid] = [pidOn(3714), pidOn(3715)]
  // Warm both: one stream opened and closed.
  const warm = new AbortController()
  const first = await fetch(`${stack.web}/events`, {
    headers: { cookie: `_token=${token}` },
    signal: warm.signal,
  })
  await first.body.getReader().read()
  warm.abort()
  await new Promise((r) => setTimeout(r, 1000))
  const before = { web: rssKb(webPid), api: rssKb(apiPid) }
  const ctrl = new AbortController()
  const open = async () => {
    const res = await fetch(`${stack.web}/events`, {
      headers: { cookie: `_token=${token}` },
      signal: ctrl.signal,
    })
    if (res.status !== 200) throw new Error(`stream: ${res.status}`)
    const reader = res.body.getReader()
    let text = ''
    while (!text.includes('event: ready')) text += new TextDecoder().decode((await reader.read()).value)
    // Read on, so that nothing backs up.
    void (async () => {
      try {
        while (!(await reader.read()).done) {}
      } catch {}
    })()
  }
  const started = Date.now()
  for (let i = 0; i < opts.streams; i += 50)
    await Promise.all(Array.from({ length: Math.min(50, opts.streams - i) }, open))
  const openMs = Date.now() - started
  await new Promise((r) => setTimeout(r, 2000))
  const after = { web: rssKb(webPid), api: rssKb(apiPid) }
  console.log(
    JSON.stringify({
      streams: opts.streams,
      open_all_ms: openMs,
      web_rss_mb: { before: +(before.web / 1024).toFixed(1), open: +(after.web / 1024).toFixed(1) },
      web_kb_per_stream: +((after.web - before.web) / opts.streams).toFixed(1),
      api_rss_mb: { before: +(before.api / 1024).toFixed(1), open: +(after.api / 1024).toFixed(1) },
      api_kb_per_stream: +((after.api - before.api) / opts.streams).toFixed(1),
      loadavg: loadavg().map((x) => +x.toFixed(2)),
    }),
  )
  ctrl.abort()
} finally {
  await stack.stop()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
}
