import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp } from '../src/app'
import { type Config, loadConfig } from '../src/config'
import { type Database, openDatabase } from '../src/db/client'
import { seed } from '../src/seed'

export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' }
export const USER = { email: 'user@example.com', password: 'user-password-1' }

export interface Harness {
  app: FastifyInstance
  database: Database
  config: Config
  /** Base URL of the listening upstream, e.g. http://127.0.0.1:PORT/api */
  url: string
  /** fetch against the upstream; `token` adds the bearer, `body` is sent as JSON. */
  call(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  ): Promise<{ status: number; body: any; headers: Headers }>
  login(who?: { email: string; password: string }): Promise<string>
  close(): Promise<void>
}

/**
 * A real upstream listening on a free port over a fresh, seeded database: PGlite in memory, or a
 * database of its own on the server in TEST_DATABASE_URL / DATABASE_URL (the CI's PostgreSQL 15).
 * One per test file: a new PGlite takes seconds to initialise.
 */
/** `Harness['call']` over HTTP to a running upstream at `url` (this process's or another's). */
export function httpCall(url: string): Harness['call'] {
  return async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    if (opts.body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(url + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    })
    const text = await res.text()
    let body: unknown = text
    try {
      body = text ? JSON.parse(text) : null
    } catch {}
    return { status: res.status, body, headers: res.headers }
  }
}

let template: Promise<Blob> | undefined
/** The migrated PGlite that the api project's global setup dumped (pglite-template.ts), if any. */
function pgliteTemplate(): Promise<Blob> | undefined {
  const file = process.env.NODUS_TEST_PGLITE_TEMPLATE
  if (!file) return undefined
  template ??= readFile(file).then((bytes) => new Blob([bytes]))
  return template
}

export async function startApi(
  env: Record<string, string> = {},
  opts: {
    /** The URL to reach the test's database through (PgBouncer); LISTEN then uses the direct one. */
    through?: (direct: string) => string
  } = {},
): Promise<Harness> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  let dropDb: (() => Promise<void>) | undefined
  let databaseUrl: string | undefined
  if (serverUrl) {
    const name = `nodus_test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const u = new URL(serverUrl)
    u.pathname = `/${name}`
    databaseUrl = u.toString()
    dropDb = async () => {
      const c = new pg.Client({ connectionString: serverUrl })
      await c.connect()
      // pool.end() resolves before its sockets have closed: dropping WITH (FORCE) at once would kill
      // them mid-goodbye, and their FATAL would surface as an uncaught error in the test run.
      for (let i = 0; i < 100; i++) {
        const open = 'select count(*)::int as n from pg_stat_activity where datname = $1'
        const { rows } = await c.query(open, [name])
        if (rows[0].n === 0) break
        await new Promise((r) => setTimeout(r, 20))
      }
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    }
  }
  const config = loadConfig({
    DATA_DIR: ':memory:',
    SECRET: randomBytes(24).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    USER_EMAIL: USER.email,
    USER_PASSWORD: USER.password,
    LOG_LEVEL: 'silent',
    // Tests build what they need on the minimal seed; seed.test.ts covers the demo workflow.
    SEED_DEMO: '0',
    ...(databaseUrl && opts.through
      ? { DATABASE_URL: opts.through(databaseUrl), DATABASE_LISTEN_URL: databaseUrl }
      : databaseUrl
        ? { DATABASE_URL: databaseUrl }
        : {}),
    ...env,
  })
  const database = await openDatabase({
    pgliteFrom: await pgliteTemplate(),
    databaseUrl: config.DATABASE_URL,
    listenUrl: config.DATABASE_LISTEN_URL,
    pooler: config.DATABASE_POOLER,
    dataDir: config.dataDir,
  })
  await seed(database.db, config, { info() {}, warn() {} })
  const app = await buildApp(config, database, { logger: false })
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  const url = `${address}/api`

  const send = httpCall(url)
  const call: Harness['call'] = async (method, path, opts = {}) => {
    // Tests also change rows straight in the database: the process hears of it before the call.
    await app.changes.sync()
    return send(method, path, opts)
  }

  return {
    app,
    database,
    config,
    url,
    call,
    async login(who = ADMIN) {
      const res = await call('POST', '/users/token', { body: who })
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`)
      return res.body.data.access_token as string
    },
    async close() {
      await app.close()
      await database.close()
      await dropDb?.()
    },
  }
}
