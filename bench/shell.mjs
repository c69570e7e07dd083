#!/usr/bin/env node
// Issue 3 (web shell) figures: the server-rendered HTML of /lk (signed in, the whole access check
// and render) under autocannon, and the JavaScript the login page makes the browser load, gzipped.
//   node bench/shell.mjs [--db=pglite|postgres] [--duration=10] [--connections=10]
// Prints JSON lines and writes bench/out/shell.json. Everything shares the machine's cores with the
// server (the upstream, the web app and autocannon): say so beside every figure.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { freePort, parseArgs, root, runAutocannon, signIn, startPostgres, startStack } from './lib.mjs'

const args = { ...parseArgs(process.argv.slice(2)), duration: 10, connections: 10 }
for (const a of process.argv.slice(2)) {
  const [k, v] = a.replace(/^--/, '').split('=')
  if (k === 'duration') args.duration = Number(v)
  if (k === 'connections') args.connections = Number(v)
}

/** Every script the login page loads: the module preloads, and the scripts and imports it names. */
async function loginPageJs(web) {
  const html = await (await fetch(`${web}/auth/login`)).text()
  const urls = new Set()
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1])
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1])
  for (const m of html.matchAll(/import\s*(?:[^'"]*from\s*)?"(\/build\/[^"]+\.js)"/g)) urls.add(m[1])
  const files = []
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(`${web}${url}`)).arrayBuffer())
    files.push({ url, raw: body.length, gzip: gzipSync(body).length })
  }
  const sum = (k) => files.reduce((n, f) => n + f[k], 0)
  return {
    files: files.length,
    rawKB: +(sum('raw') / 1024).toFixed(1),
    gzipKB: +(sum('gzip') / 1024).toFixed(1),
    list: files,
  }
}

/** A free loopback port for the throwaway PostgreSQL (other checkouts may be running one). */
const pg = args.db === 'postgres' ? startPostgres(await freePort()) : null
const stack = await startStack({ databaseUrl: pg?.url })
const results = { db: args.db, cores: cpus().length, node: process.version }
try {
  const token = await signIn(stack.api)
  const headers = { cookie: `_token=${token}` }
  const check = await fetch(`${stack.web}/lk`, { headers, redirect: 'manual' })
  if (check.status !== 200) throw new Error(`/lk answered ${check.status}`)
  const html = await check.text()
  results.lkHtmlKB = +(Buffer.byteLength(html) / 1024).toFixed(1)
  // Warm-up (the route modules, the pool's connections, the node-look cache).
  await runAutocannon({ url: `${stack.web}/lk`, headers, connections: 2, duration: 2 })
  results.lk = []
  for (const connections of [1, args.connections]) {
    const r = await runAutocannon({ url: `${stack.web}/lk`, headers, connections, duration: args.duration })
    const row = { db: args.db, path: '/lk', connections, duration: args.duration, ...r }
    results.lk.push(row)
    console.log(JSON.stringify(row))
  }
  results.loginJs = await loginPageJs(stack.web)
  console.log(
    JSON.stringify({
      loginJs: { files: results.loginJs.files, rawKB: results.loginJs.rawKB, gzipKB: results.loginJs.gzipKB },
    }),
  )
} finally {
  await stack.stop()
  pg?.stop()
}
mkdirSync(join(root, 'bench/out'), { recursive: true })
writeFileSync(join(root, `bench/out/shell-${args.db}.json`), JSON.stringify(results, null, 2))
