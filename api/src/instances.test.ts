import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, type Harness, httpCall, USER } from '../test/harness'
import { type SmtpReceiver, startSmtpReceiver } from '../test/smtp-receiver'
import { openSse } from '../test/sse'
import { makeFields, makeTask, makeTaskProcess } from '../test/task-factories'

/*
 * Several instances on one PostgreSQL (PRODUCT.md §10, issue 27): two upstream processes as
 * `npm start` runs them (same SECRET, one database). A session revoked through one is refused by
 * the other at once; a live event caused on one reaches a stream on the other within a second;
 * each webhook and each e-mail (a real SMTP server) is delivered once, not once per instance; login throttling counts across both;
 * killing one under load loses no acknowledged write while the other keeps answering.
 * Needs a PostgreSQL server (TEST_DATABASE_URL); skipped, saying so, without. Bounded: < 2 min.
 */

const server = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
if (!server) console.log('[instances.test] skipped: no PostgreSQL server (TEST_DATABASE_URL)')

const root = resolve(fileURLToPath(import.meta.url), '../../..')
const SECRET = randomBytes(24).toString('hex')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Instance {
  child: ChildProcess
  url: string
  h: Harness
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const { port } = s.address() as AddressInfo
  await new Promise((r) => s.close(r))
  return port
}

/** One upstream process (node --import tsx api/src/server.ts) on `databaseUrl`. */
async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'nodus-instance-'))
  let out = ''
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'api/src/server.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      API_PORT: String(port),
      SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      USER_EMAIL: USER.email,
      USER_PASSWORD: USER.password,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      WEBHOOKS_ALLOW_PRIVATE: '1',
      WEBHOOKS_POLL_MS: '200',
      SMTP_ALLOW_PRIVATE: '1',
      EMAIL_POLL_MS: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (b) => {
    out += b
  })
  child.stderr?.on('data', (b) => {
    out += b
  })
  const url = `http://127.0.0.1:${port}/api`
  const until = Date.now() + 60_000
  while (
    !(await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > until) {
      child.kill('SIGKILL')
      throw new Error(`the instance did not start\n${out}`)
    }
    await sleep(100)
  }
  const call = httpCall(url)
  const h = {
    url,
    call,
    async login(who = ADMIN) {
      const res = await call('POST', '/users/token', { body: who })
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`)
      return res.body.data.access_token as string
    },
  } as unknown as Harness
  return {
    child,
    url,
    h,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, sleep(5_000)])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

describe.skipIf(!server)('two instances on one PostgreSQL', () => {
  let name: string
  let databaseUrl: string
  let a: Instance
  let b: Instance
  let admin: string
  let nodeId: string
  let userId: string
  let userToken: string
  let processId: string
  let receiver: Server
  let hookBase: string
  let smtp: SmtpReceiver
  const received: { taskId: string }[] = []

  beforeAll(async () => {
    name = `nodus_instances_${randomBytes(5).toString('hex')}`
    const c = new pg.Client({ connectionString: server })
    await c.connect()
    await c.query(`create database ${name}`)
    await c.end()
    const u = new URL(server!)
    u.pathname = `/${name}`
    databaseUrl = u.toString()
    receiver = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => {
        body += c
      })
      req.on('end', () => {
        received.push({ taskId: JSON.parse(body).data.task.id })
        res.end('ok')
      })
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
    hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    smtp = await startSmtpReceiver()
    // One after the other: the first migrates and seeds.
    a = await startInstance(databaseUrl)
    b = await startInstance(databaseUrl)
    admin = await a.h.login(ADMIN)
    const c2 = new pg.Client({ connectionString: databaseUrl })
    await c2.connect()
    nodeId = (await c2.query(`select id from nodes where domain = 'start'`)).rows[0].id
    userId = (await c2.query('select id from users where email = $1', [USER.email])).rows[0].id
    await c2.end()
    await makeFields(a.h, admin, nodeId)
    processId = (await makeTaskProcess(a.h, admin, nodeId)).process.id
  }, 120_000)
  afterAll(async () => {
    await a?.stop()
    await b?.stop()
    await new Promise((r) => receiver?.close(r))
    await smtp?.close()
    if (databaseUrl) {
      const c = new pg.Client({ connectionString: server })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    }
  })

  it('a right revoked, then granted, through one is in force on the other at once', async () => {
    const task = await makeTask(a.h, admin, nodeId, processId)
    userToken = await b.h.login(USER)
    const view = () =>
      b.h.call('GET', `/tasks/${nodeId}/${task.id}`, { token: userToken }).then((r) => r.status)
    /** Polls the other instance until it answers `status`: at once, well within a second. */
    const inForce = async (status: number, what: string) => {
      const since = Date.now()
      while ((await view()) !== status) {
        expect(Date.now() - since, `the other instance ignores the ${what}`).toBeLessThan(1_000)
        await sleep(5)
      }
      console.log(
        `[instances.test] the ${what} was in force on the other instance after ${Date.now() - since} ms`,
      )
    }
    // The seeded user views every process; asked twice, the other instance has cached that.
    expect([await view(), await view()]).toEqual([200, 200])
    const c = new pg.Client({ connectionString: databaseUrl })
    await c.connect()
    const rows = (
      await c.query(
        `select id from rights where node_id = $1 and subject_id = $2 and right_code = 'task_view'`,
        [nodeId, userId],
      )
    ).rows as { id: string }[]
    await c.end()
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) {
      const revoked = await a.h.call('DELETE', `/rights/${nodeId}/${r.id}`, { token: admin })
      expect(revoked.status, JSON.stringify(revoked.body)).toBe(200)
    }
    await inForce(404, 'revocation')
    const granted = await a.h.call('POST', `/rights/${nodeId}`, {
      token: admin,
      body: { user_id: userId, right_code: 'task_view' },
    })
    expect(granted.status, JSON.stringify(granted.body)).toBe(200)
    await inForce(200, 'grant')
  })

  it('a session revoked through one is refused by the other at once', async () => {
    const token = await a.h.login(USER)
    const me = (i: Instance) =>
      fetch(`${i.url}/users/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status)
    // Cached on both.
    expect([await me(a), await me(b), await me(b)]).toEqual([200, 200, 200])
    const out = await fetch(`${a.url}/users/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(out.status).toBe(200)
    const since = Date.now()
    while ((await me(b)) !== 401) {
      expect(Date.now() - since, 'the other instance still accepts the revoked session').toBeLessThan(1_000)
      await sleep(5)
    }
  })

  it('a live event caused on one reaches a stream on the other within a second', async () => {
    const task = await makeTask(a.h, admin, nodeId, processId)
    // The user's stream (granted task_view above): one's own change is not news to one's own card.
    const s = await openSse(`${b.url}/events/${nodeId}/stream?task=${task.id}`, {
      authorization: `Bearer ${userToken}`,
    })
    try {
      expect(s.status).toBe(200)
      await s.find((f) => f.event === 'ready')
      const since = Date.now()
      const edited = await a.h.call('PATCH', `/tasks/${nodeId}/${task.id}`, {
        token: admin,
        body: { version: task.version, title: 'Edited on A' },
      })
      expect(edited.status, JSON.stringify(edited.body)).toBe(200)
      const frame = await s.find((f) => f.event === 'task', 5_000)
      console.log(`[instances.test] the live event crossed in ${Date.now() - since} ms`)
      expect(frame.data.key).toBe(task.key)
      expect(Date.now() - since).toBeLessThan(1_000)
    } finally {
      s.close()
    }
  })

  it('delivers each webhook once, not once per instance', async () => {
    const hook = await a.h.call('POST', `/plugin-configs/${nodeId}/webhooks`, {
      token: admin,
      body: {
        name: 'once',
        settings: { url: `${hookBase}/once`, events: ['task.created'], secret: 'x'.repeat(24) },
      },
    })
    expect(hook.status, JSON.stringify(hook.body)).toBe(201)
    const ids: string[] = []
    for (let i = 0; i < 10; i++) ids.push((await makeTask(i % 2 ? b.h : a.h, admin, nodeId, processId)).id)
    const until = Date.now() + 20_000
    while (ids.some((id) => !received.some((r) => r.taskId === id)) && Date.now() < until) await sleep(100)
    // Time for a second delivery to show up, were there one.
    await sleep(1_000)
    for (const id of ids) expect(received.filter((r) => r.taskId === id).length, id).toBe(1)
  })

  it('mails each notification once, not once per instance', async () => {
    const config = await a.h.call('POST', `/plugin-configs/${nodeId}/email`, {
      token: admin,
      body: {
        name: 'Office SMTP',
        settings: {
          host: '127.0.0.1',
          port: smtp.port,
          tls: 'none',
          user: smtp.user,
          password: smtp.password,
          from: 'nodus@example.com',
        },
      },
    })
    expect(config.status, JSON.stringify(config.body)).toBe(201)
    // The user asks for e-mail on assignment, through the other instance.
    const token = await b.h.login(USER)
    const prefs = await b.h.call('PUT', `/notifications/${nodeId}/preferences`, {
      token,
      body: { items: [{ process_id: processId, kind: 'assigned', channel: 'email' }] },
    })
    expect(prefs.status, JSON.stringify(prefs.body)).toBe(200)
    const mode = await b.h.call('PUT', `/notifications/${nodeId}/email`, {
      token,
      body: { mode: 'instant', digest_time: '09:00', time_zone: 'UTC', language: 'en' },
    })
    expect(mode.status, JSON.stringify(mode.body)).toBe(200)
    const keys: string[] = []
    for (let i = 0; i < 10; i++)
      keys.push(
        (
          await makeTask(i % 2 ? b.h : a.h, admin, nodeId, processId, {
            assignee_id: userId,
            title: `Mail ${i}`,
          })
        ).key,
      )
    const mailsFor = (key: string) =>
      smtp.to(USER.email).filter((r) => r.mail.subject?.includes(`${key} Mail`)).length
    const until = Date.now() + 20_000
    while (keys.some((k) => mailsFor(k) === 0) && Date.now() < until) await sleep(100)
    // Time for a second mail to arrive, were there one: both instances poll every 200 ms.
    await sleep(1_500)
    for (const k of keys) expect(mailsFor(k), k).toBe(1)
  })

  it('counts login failures across both: then even the right password is refused on either', async () => {
    const wrong = { email: USER.email, password: 'not-the-password' }
    for (let i = 0; i < 5; i++) {
      const res = await (i % 2 ? b : a).h.call('POST', '/users/token', { body: wrong })
      expect(res.body.detail[0].type, JSON.stringify(res.body)).toBe('users.incorrect_username_or_password')
    }
    for (const i of [a, b]) {
      const res = await i.h.call('POST', '/users/token', { body: USER })
      expect(res.status).toBe(429)
      expect(res.body.detail[0].type).toBe('users.too_many_attempts')
    }
  })

  it('killing one under load loses no acknowledged write, and the other keeps answering', async () => {
    const acknowledged: string[] = []
    const failuresOnB: number[] = []
    let killed = false
    const writer = async (i: Instance, tag: string) => {
      for (let n = 0; n < 400 && !(i === a && killed); n++) {
        const res = await i.h
          .call('POST', `/tasks/${nodeId}/${processId}`, { token: admin, body: { title: `${tag}-${n}` } })
          .catch(() => null)
        if (res?.status === 201) acknowledged.push(res.body.data.id)
        else if (i === b) failuresOnB.push(res?.status ?? 0)
        if (i === b && killed && n > 5) break
      }
    }
    const load = [writer(a, 'a1'), writer(a, 'a2'), writer(b, 'b1'), writer(b, 'b2')]
    await sleep(1_500)
    a.child.kill('SIGKILL')
    killed = true
    await Promise.all(load)
    expect(failuresOnB).toEqual([])
    expect(acknowledged.length).toBeGreaterThan(10)
    const c = new pg.Client({ connectionString: databaseUrl })
    await c.connect()
    try {
      const { rows } = await c.query('select count(*)::int as n from tasks where id = any($1::uuid[])', [
        acknowledged,
      ])
      expect(rows[0].n).toBe(acknowledged.length)
    } finally {
      await c.end()
    }
  })
})
