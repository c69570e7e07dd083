import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { type Database, openDatabase } from '../src/db/client'
import { rightsOf } from '../src/repositories/rights-repository'
import { seed } from '../src/seed'
import { ADMIN, USER } from './harness'

// Always PGlite on disk, whatever TEST_DATABASE_URL says: this is about the embedded database
// keeping its data, and the seed recognising a database it already filled.
const dir = mkdtempSync(join(tmpdir(), 'nodus-restart-'))
const config = loadConfig({
  DATA_DIR: dir,
  SECRET: 'a-fixed-secret-for-the-restart-test',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  USER_EMAIL: USER.email,
  USER_PASSWORD: USER.password,
  LOG_LEVEL: 'silent',
})
let running: { app: FastifyInstance; database: Database } | undefined

async function boot() {
  const database = await openDatabase({ dataDir: config.dataDir })
  await seed(database.db, config, { info() {}, warn() {} })
  const app = await buildApp(config, database, { logger: false })
  running = { app, database }
  const call = async (method: 'GET' | 'POST', url: string, token?: string, body?: object) => {
    const res = await app.inject({
      method,
      url: `/api${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body ? { payload: body } : {}),
    })
    return { status: res.statusCode, body: res.json() }
  }
  const userCount = async () => {
    const res = await database.db.execute(sql`select count(*)::int as n from users`)
    return (res as unknown as { rows: { n: number }[] }).rows[0]!.n
  }
  return { app, database, call, userCount }
}

async function shutdown() {
  await running?.app.close()
  await running?.database.close()
  running = undefined
}

afterAll(async () => {
  await shutdown()
  rmSync(dir, { recursive: true, force: true })
})

describe('a restart on the same DATA_DIR', () => {
  it('keeps sessions, users and rights, and does not seed twice', { timeout: 120_000 }, async () => {
    const first = await boot()
    const token = (await first.call('POST', '/users/token', undefined, ADMIN)).body.data
      .access_token as string
    const me = await first.call('GET', '/users/me', token)
    const start = (
      (await first.database.db.execute(sql`select id from nodes where domain = 'start'`)) as unknown as {
        rows: { id: string }[]
      }
    ).rows[0]!.id
    const created = await first.call('POST', '/users', token, {
      email: 'kept@example.com',
      password: 'kept-password',
      fio: { name: 'Kept' },
      node_id: start,
    })
    expect(created.status).toBe(201)
    const users = await first.userCount()
    expect(users).toBe(3)
    await shutdown()

    const second = await boot()
    expect(await second.userCount()).toBe(users)
    const again = await second.call('GET', '/users/me', token)
    expect(again.status).toBe(200)
    expect(again.body.data.id).toBe(me.body.data.id)
    const list = await second.call('GET', `/users/${start}?search=kept`, token)
    expect(list.body.data).toMatchObject([{ id: created.body.data.id, full_name: 'Kept' }])
    expect(await rightsOf(second.database.db, start, created.body.data.id)).toEqual({ is_authorized: null })
    const login = await second.call('POST', '/users/token', undefined, {
      email: 'kept@example.com',
      password: 'kept-password',
    })
    expect(login.status).toBe(200)
  })
})
