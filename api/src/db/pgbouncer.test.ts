import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, USER } from '../../test/harness'
import { type Bouncer, pgbouncerMissing, startPgbouncer } from '../../test/pgbouncer'
import { makeFields, makeTask, makeTaskProcess } from '../../test/task-factories'
import { startWorkflowApi } from '../../test/workflow-factories'

/*
 * Through PgBouncer in transaction pooling mode (PRODUCT.md §10, ADR 029): DATABASE_URL at the
 * pooler, DATABASE_LISTEN_URL direct. The `options` startup parameter the pooler refuses does not
 * stop the start; no named statement reaches it (else "prepared statement … does not exist /
 * already exists" under concurrency); caches stay exact through LISTEN on the direct connection.
 * Needs a PostgreSQL server (TEST_DATABASE_URL) and Debian's pgbouncer; skipped, saying why, without.
 */

const missing = pgbouncerMissing()
if (missing) console.log(`[pgbouncer.test] skipped: ${missing}`)

describe.skipIf(Boolean(missing))('through PgBouncer (transaction pooling)', () => {
  let bouncer: Bouncer
  let w: Awaited<ReturnType<typeof startWorkflowApi>>
  let h: Harness
  let processId: string

  beforeAll(async () => {
    // Fewer server connections than the API's pool: transactions really do change connections.
    bouncer = await startPgbouncer({ poolSize: 4 })
    w = await startWorkflowApi({ DB_POOL_SIZE: '10' }, { through: bouncer.through })
    h = w.h
    await makeFields(h, w.adminToken, w.startId)
    processId = (await makeTaskProcess(h, w.adminToken, w.startId)).process.id
  })
  afterAll(async () => {
    await h?.close()
    await bouncer?.stop()
  })

  it('starts although the pooler refuses the options startup parameter, and goes through it', async () => {
    expect(h.config.DATABASE_URL).toContain(`:${bouncer.port}/`)
    expect(h.config.DATABASE_LISTEN_URL).not.toContain(`:${bouncer.port}/`)
    const res = await h.call('GET', '/health')
    expect(res.status).toBe(200)
    expect(res.body.data.status).toBe('ok')
  })

  it('answers concurrent task writes and repeated queries without a 5xx', async () => {
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        makeTask(h, w.adminToken, w.startId, processId, { title: `b${i}` }),
      ),
    )
    const calls = await Promise.all([
      ...created.map((t) => h.call('GET', `/tasks/${w.startId}/${t.id}`, { token: w.adminToken })),
      // The same query text many times: on a direct connection it would become a named statement.
      ...Array.from({ length: 24 }, () =>
        h.call('POST', `/tasks/rql/${w.startId}`, {
          token: w.adminToken,
          body: { query: 'order by key', per_page: 5 },
        }),
      ),
    ])
    const failed = calls.filter((c) => c.status !== 200)
    expect(failed.map((c) => JSON.stringify(c.body)).slice(0, 3)).toEqual([])
    expect(bouncer.log()).not.toMatch(/prepared statement/i)
  })

  it('keeps the sessions cache exact: a revoked token is refused at once', async () => {
    const token = await h.login(USER)
    const me = (t: string) =>
      fetch(`${h.url}/users/me`, { headers: { authorization: `Bearer ${t}` } }).then((r) => r.status)
    expect(await me(token)).toBe(200)
    expect(await me(token)).toBe(200)
    const out = await fetch(`${h.url}/users/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(out.status).toBe(200)
    expect(await me(token)).toBe(401)
  })
})
