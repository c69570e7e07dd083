import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ApiProcess,
  type Caller,
  demoProcess,
  hasPostgres,
  type PgServer,
  signIn,
  sleep,
  startApiProcess,
  startPostgres,
} from '../processes'
import { loadLoop, tally } from './load'

/*
 * Issue 15 item 1: the upstream process over a PostgreSQL server that goes away. The test owns the
 * server (scripts/pg-test-server.sh): it terminates the upstream's backends under load, stops the
 * server and starts it again. It runs in the embedded pass of `npm test` (it needs PostgreSQL's
 * binaries, which CI installs) and not again in the PostgreSQL pass.
 */
const reason = process.env.TEST_DATABASE_URL
  ? 'runs its own PostgreSQL server in the embedded pass'
  : !(await hasPostgres())
    ? "PostgreSQL's binaries are not installed (scripts/pg-test-server.sh installs them as root)"
    : undefined

describe.skipIf(reason)(
  `the upstream over a PostgreSQL server that goes away${reason ? ` (skipped: ${reason})` : ''}`,
  () => {
    let server: PgServer
    let dbUrl: string
    let api: ApiProcess
    let call: Caller
    let nodeId: string
    let processId: string

    beforeAll(async () => {
      server = await startPostgres()
      dbUrl = await server.createdb('nodus_faults')
      api = await startApiProcess({ DATABASE_URL: dbUrl, DATA_DIR: `${server.dir}/nodus`, SEED_DEMO: '1' })
      call = await signIn(api.url)
      ;({ nodeId, processId } = await demoProcess(api.url, call))
    }, 240_000)

    afterAll(async () => {
      await api?.stop('SIGKILL')
      await server?.stop()
    }, 120_000)

    /** Creates tasks and reads the list, 4 calls at a time. */
    const load = () =>
      loadLoop(4, (n) =>
        n % 2 === 0
          ? {
              what: 'create',
              call: () => call('POST', `/tasks/${nodeId}/${processId}`, { title: `Load ${n}` }),
            }
          : { what: 'list', call: () => call('GET', `/tasks/${nodeId}?per_page=5`) },
      )

    async function terminateBackends() {
      const admin = new pg.Client({ connectionString: dbUrl })
      admin.on('error', () => undefined)
      await admin.connect()
      const { rows } = await admin.query(
        'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
      await admin.end()
      return rows.length
    }

    it('survives its connections being terminated under load: failed calls are 503s, never a crash', async () => {
      const loop = load()
      let terminated = 0
      for (let i = 0; i < 8; i++) {
        await sleep(300)
        terminated += await terminateBackends()
      }
      await sleep(500)
      const outcomes = await loop.stop()
      const summary = JSON.stringify(tally(outcomes))
      expect(api.child.exitCode, `the upstream exited:\n${api.output().slice(-2000)}`).toBeNull()
      expect(terminated, 'backends terminated').toBeGreaterThan(0)
      const bad = outcomes.filter(
        (o) =>
          !(typeof o.status === 'number' && o.status < 300) &&
          !(o.status === 503 && o.code === 'server.database_unavailable' && o.retryAfter),
      )
      expect(bad, summary).toEqual([])
      expect(outcomes.filter((o) => o.status === 201).length, summary).toBeGreaterThan(0)
      // And it serves: the next call is a success.
      expect((await call('GET', `/tasks/${nodeId}?per_page=1`)).status).toBe(200)
    }, 90_000)

    it('answers 503 database_unavailable fast while the server is down, and serves within 1 s of its return', async () => {
      const loop = load()
      await sleep(300)
      await server.halt()
      const haltedAt = Date.now()
      // Every call after the stop has settled (the connections have seen it) is a fast 503.
      await sleep(1_500)
      const health = await fetch(`${api.url}/health`)
      const healthBody = await health.json()
      await sleep(1_500)
      const downFrom = Date.now() - 1_500
      const downOutcomes = loop.outcomes.filter((o) => o.startedAt >= downFrom)
      await server.resume()
      const backAt = Date.now()
      let servedAt = 0
      while (!servedAt && Date.now() - backAt < 10_000) {
        const res = await call('GET', `/tasks/${nodeId}?per_page=1`)
        if (res.status === 200) servedAt = Date.now()
        else await sleep(25)
      }
      await sleep(300)
      const outcomes = await loop.stop()
      const summary = JSON.stringify(tally(outcomes))

      expect(api.child.exitCode, `the upstream exited:\n${api.output().slice(-2000)}`).toBeNull()
      expect(health.status).toBe(503)
      expect(healthBody.data).toMatchObject({ status: 'degraded', database: 'postgres' })
      expect(health.headers.get('retry-after')).toBeTruthy()
      expect(downOutcomes.length, summary).toBeGreaterThan(4)
      for (const o of downOutcomes) {
        expect(o, summary).toMatchObject({ status: 503, code: 'server.database_unavailable' })
        expect(o.retryAfter).toBeTruthy()
        expect(o.ms, 'a 503 while the database is down comes fast').toBeLessThan(2_500)
      }
      // Nothing but successes and 503s around the stop and the return, and never a crash.
      const bad = outcomes.filter(
        (o) =>
          !(typeof o.status === 'number' && o.status < 300) &&
          !(o.status === 503 && o.code === 'server.database_unavailable'),
      )
      expect(bad, summary).toEqual([])
      console.info(
        `[faults] database down: ${downOutcomes.length} calls, slowest ${Math.max(...downOutcomes.map((o) => o.ms))} ms; served again ${servedAt - backAt} ms after its return`,
      )
      expect(servedAt, 'served again after the server came back').toBeGreaterThan(0)
      expect(servedAt - backAt, 'ms from the server’s return to the first success').toBeLessThanOrEqual(1_000)
      expect(haltedAt).toBeLessThan(backAt)
      // Health says ok again.
      expect((await fetch(`${api.url}/health`)).status).toBe(200)
    }, 120_000)

    it('keeps every acknowledged task when the upstream is killed (kill -9) under a create loop', async () => {
      const loop = loadLoop(4, (n) => ({
        what: 'create',
        call: () => call('POST', `/tasks/${nodeId}/${processId}`, { title: `Crash ${n}` }),
      }))
      await sleep(2_000)
      api.child.kill('SIGKILL')
      await new Promise((r) => api.child.once('exit', r))
      const outcomes = await loop.stop()
      const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.id!)
      expect(acknowledged.length, JSON.stringify(tally(outcomes))).toBeGreaterThan(5)

      api = await startApiProcess({ DATABASE_URL: dbUrl, DATA_DIR: `${server.dir}/nodus`, SEED_DEMO: '1' })
      call = await signIn(api.url)
      const missing: string[] = []
      for (const id of acknowledged)
        if ((await call('GET', `/tasks/${nodeId}/${id}`)).status !== 200) missing.push(id)
      expect(missing, `${missing.length} of ${acknowledged.length} acknowledged tasks missing`).toEqual([])
    }, 240_000)
  },
)
