import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isPrivateAddress } from '@domain/outbound/address'
import { guardedLookup, PrivateTargetError } from '@domain/outbound/guard.server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeFields, makeTask, makeTaskProcess } from '../../../test/task-factories'
import { startWorkflowApi } from '../../../test/workflow-factories'
import { verifySignature } from './signature'
import { deliveryWorker } from './start'

/*
 * Webhooks against a real HTTP receiver started here: what a task change sends, signed with the
 * configured secret; retries after a 500; the query filter; other nodes' events never delivered;
 * private targets refused unless allowed; the delivery log; "send a test".
 */

interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
}

let w: Awaited<ReturnType<typeof startWorkflowApi>>
let receiver: Server
let base: string
const received: Received[] = []
/** Status codes to answer next on a path, in order (then 200). */
const answers: Record<string, number[]> = {}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => {
      body += c
    })
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body })
      res.statusCode = answers[req.url ?? '']?.shift() ?? 200
      res.end(res.statusCode === 200 ? 'ok' : 'boom')
    })
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  w = await startWorkflowApi({
    WEBHOOKS_ALLOW_PRIVATE: '1',
    WEBHOOKS_RETRY_BASE_MS: '50',
    WEBHOOKS_POLL_MS: '60000',
    WEBHOOKS_TIMEOUT_MS: '2000',
  })
  await makeFields(w.h, w.adminToken, w.startId)
})
afterAll(async () => {
  await w?.h.close()
  await new Promise((r) => receiver.close(r))
})

const SECRET = 'receiver-shared-secret-123'
const call = (method: string, path: string, token?: string, body?: unknown) =>
  w.h.call(method, path, { token, body })

async function hook(path: string, settings: Record<string, unknown> = {}, nodeId = w.startId) {
  const res = await call('POST', `/plugin-configs/${nodeId}/webhooks`, w.adminToken, {
    name: `hook ${path}`,
    settings: { url: `${base}${path}`, events: ['task.created', 'task.moved'], secret: SECRET, ...settings },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data.id as string
}

/** Everything committed so far is queued, then sent (retries included, while they fall due). */
async function settle(rounds = 1) {
  await w.h.app.events.drain()
  for (let i = 0; i < rounds; i++) {
    await deliveryWorker(w.h.app.plugins).run()
    if (rounds > 1) await new Promise((r) => setTimeout(r, 120))
  }
}
const at = (path: string) => received.filter((r) => r.path === path)
const log = async (id: string) =>
  (await call('GET', `/plugin-configs/${w.startId}/${id}/deliveries`, w.adminToken)).body.data

describe('webhooks', () => {
  it('POSTs the event with the task, signed with the secret (timestamp in the signed content)', async () => {
    const id = await hook('/signed')
    const { process } = await makeTaskProcess(w.h, w.adminToken, w.startId)
    const task = await makeTask(w.h, w.adminToken, w.startId, process.id, { title: 'Signed one' })
    await settle()
    const [got] = at('/signed')
    expect(got).toBeDefined()
    const event = JSON.parse(got!.body)
    expect(event).toMatchObject({
      type: 'task.created',
      node_id: w.startId,
      actor_id: w.adminId,
      data: { task: { id: task.id, key: task.key, title: 'Signed one' } },
    })
    const header = String(got!.headers['x-nodus-signature'])
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(verifySignature(SECRET, got!.body, header)).toBe(true)
    expect(verifySignature('another-secret-entirely', got!.body, header)).toBe(false)
    expect(verifySignature(SECRET, `${got!.body} `, header)).toBe(false)
    // A replay far from its time is refused by a receiver that checks `t`.
    expect(verifySignature(SECRET, got!.body, header, Date.now() / 1000 + 301)).toBe(false)
    const [entry] = await log(id)
    expect(entry).toMatchObject({
      event_type: 'task.created',
      status: 'delivered',
      attempts: 1,
      last_status: 200,
    })
  })

  it('tries again after a 500 until it is delivered, and logs each attempt', async () => {
    const id = await hook('/flaky', { events: ['task.created'] })
    answers['/flaky'] = [500, 500]
    const { process } = await makeTaskProcess(w.h, w.adminToken, w.startId)
    await makeTask(w.h, w.adminToken, w.startId, process.id)
    await settle()
    const first = (await log(id))[0]
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_status: 500, last_answer: 'boom' })
    expect(first.next_at).not.toBeNull()
    await settle(8)
    expect(at('/flaky')).toHaveLength(3)
    expect((await log(id))[0]).toMatchObject({ status: 'delivered', attempts: 3, last_status: 200 })
    // Every attempt carries the same body, signed anew.
    const bodies = new Set(at('/flaky').map((r) => r.body))
    expect(bodies.size).toBe(1)
  })

  it('sends only tasks matching the query, only the chosen events, never another node’s', async () => {
    const { process, statusIds } = await makeTaskProcess(w.h, w.adminToken, w.startId)
    await hook('/urgent', { events: ['task.moved'], query: 'title ~ "urgent"' })
    await hook('/theirs', { events: ['task.created', 'task.moved'] }, w.demoId)
    const plain = await makeTask(w.h, w.adminToken, w.startId, process.id, { title: 'calm' })
    const urgent = await makeTask(w.h, w.adminToken, w.startId, process.id, { title: 'urgent fix' })
    for (const t of [plain, urgent]) {
      const res = await call('PATCH', `/tasks/${w.startId}/${t.id}`, w.adminToken, {
        version: t.version,
        status_id: statusIds[1],
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    await settle()
    const sent = at('/urgent').map((r) => JSON.parse(r.body))
    expect(sent.map((e) => [e.type, e.data.task.id])).toEqual([['task.moved', urgent.id]])
    expect(at('/theirs')).toEqual([])
  })

  it('does not send for a disabled configuration', async () => {
    const id = await hook('/off', { events: ['task.created'] })
    expect(
      (await call('PATCH', `/plugin-configs/${w.startId}/${id}`, w.adminToken, { enabled: false })).status,
    ).toBe(200)
    const { process } = await makeTaskProcess(w.h, w.adminToken, w.startId)
    await makeTask(w.h, w.adminToken, w.startId, process.id)
    await settle()
    expect(at('/off')).toEqual([])
  })

  it('"send a test" delivers a signed ping, and says so when the receiver fails', async () => {
    const id = await hook('/ping')
    const ok = await call('POST', `/plugin-configs/${w.startId}/${id}/test`, w.adminToken)
    expect([ok.status, ok.body.detail[0].type], JSON.stringify(ok.body)).toEqual([200, 'plugins.test_sent'])
    const [ping] = at('/ping')
    expect(JSON.parse(ping!.body)).toMatchObject({
      type: 'ping',
      node_id: w.startId,
      data: { config_id: id },
    })
    expect(verifySignature(SECRET, ping!.body, String(ping!.headers['x-nodus-signature']))).toBe(true)
    answers['/ping'] = [503]
    const bad = await call('POST', `/plugin-configs/${w.startId}/${id}/test`, w.adminToken)
    expect([bad.status, bad.body.detail[0].type, bad.body.detail[0].ctx]).toEqual([
      422,
      'plugins.test_failed',
      { reason: 'HTTP 503' },
    ])
    expect((await log(id)).map((d: { event_type: string }) => d.event_type)).toEqual(['ping', 'ping'])
  })
})

describe('private targets', () => {
  let strict: Awaited<ReturnType<typeof startWorkflowApi>>
  beforeAll(async () => {
    strict = await startWorkflowApi()
  })
  afterAll(() => strict?.h.close())

  it('refuses loopback and private addresses when saved, and when a name resolves to one', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://10.1.2.3/x',
      'http://[::1]/x',
      'http://localhost/x',
      'http://192.168.0.5/',
    ]) {
      const res = await strict.h.call('POST', `/plugin-configs/${strict.startId}/webhooks`, {
        token: strict.adminToken,
        body: { name: 'inside', settings: { url, events: ['task.created'], secret: SECRET } },
      })
      expect([url, res.status, res.body.detail[0].type, res.body.detail[0].loc]).toEqual([
        url,
        422,
        'plugins.private_target',
        ['body', 'settings', 'url'],
      ])
    }
    // A name DNS answers with loopback is refused when connecting (checked on the address).
    const refused = await new Promise<Error | null>((r) =>
      guardedLookup(() => false)('localhost', {}, (err) => r(err)),
    )
    expect(refused).toBeInstanceOf(PrivateTargetError)
    const allowed = await new Promise<Error | null>((r) =>
      guardedLookup(() => true)('localhost', {}, (err) => r(err)),
    )
    expect(allowed).toBeNull()
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect([ip, isPrivateAddress(ip)]).toEqual([ip, true])
    for (const ip of ['93.184.216.34', '2606:2800:220:1::248', '8.8.8.8'])
      expect([ip, isPrivateAddress(ip)]).toEqual([ip, false])
  })
})
