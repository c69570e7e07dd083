import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { tamper, UNKNOWN_ID } from '../../../test/tenant-factories'
import {
  makeFlow,
  makeProcess,
  makeProgress,
  makeStatus,
  startWorkflowApi,
} from '../../../test/workflow-factories'

let w: Awaited<ReturnType<typeof startWorkflowApi>>
beforeAll(async () => {
  w = await startWorkflowApi()
})
afterAll(() => w.h.close())

const call = (method: string, path: string, token?: string, body?: unknown) =>
  w.h.call(method, path, { token, body })
const refused = (act: () => ReturnType<typeof call>) => unchanged(w.h.database.db, act)

describe('POST /statuses/{nodeId}', () => {
  it('creates a status, colour in lower case, with a success detail', async () => {
    const res = await call('POST', `/statuses/${w.startId}`, w.adminToken, {
      name: '  In review ',
      description: 'Waiting for a second pair of eyes',
      color: '#FFAA00',
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      data: {
        id: expect.any(String),
        name: 'In review',
        description: 'Waiting for a second pair of eyes',
        color: '#ffaa00',
      },
      detail: [{ type: 'statuses.status_created', msg: 'Status created' }],
    })
  })

  it('refuses a name taken in the node in any case (409), but not in another node', async () => {
    await makeStatus(w.h, w.adminToken, w.startId, { name: 'Taken' })
    const res = await refused(() => call('POST', `/statuses/${w.startId}`, w.adminToken, { name: 'TAKEN' }))
    expect(res.status).toBe(409)
    expect(locs(res.body)).toEqual(['body.name:statuses.status_already_exists'])
    expect((await call('POST', `/statuses/${w.demoId}`, w.adminToken, { name: 'Taken' })).status).toBe(201)
  })

  it('refuses bad input with codes and locs (422)', async () => {
    const res = await refused(() =>
      call('POST', `/statuses/${w.startId}`, w.adminToken, {
        name: ' ',
        color: 'red',
        description: 'x'.repeat(2001),
        extra: 1,
      }),
    )
    expect(res.status).toBe(422)
    expect(locs(res.body).sort()).toEqual(
      [
        'body.name:value_error.missing',
        'body.color:value_error.color',
        'body.description:value_error.any_str.max_length',
        'body:value_error.extra',
      ].sort(),
    )
  })

  it('refuses a non-admin (403), another or unknown node (404), no token (401)', async () => {
    const body = { name: 'Nope' }
    const forbidden = await refused(() => call('POST', `/statuses/${w.startId}`, w.userToken, body))
    expect([forbidden.status, forbidden.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    for (const nodeId of [UNKNOWN_ID]) {
      const res = await refused(() => call('POST', `/statuses/${nodeId}`, w.adminToken, body))
      expect([res.status, res.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
    }
    const other = await refused(() => call('POST', `/statuses/${w.demoId}`, w.userToken, body))
    expect([other.status, other.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
    for (const token of [undefined, tamper(w.adminToken)])
      expect((await refused(() => call('POST', `/statuses/${w.startId}`, token, body))).status).toBe(401)
  })
})

describe('GET /statuses/{nodeId}', () => {
  it('lists by name a page at a time, searches by name, for any authorized user', async () => {
    for (const name of ['Alpha list', 'beta list', 'Gamma list'])
      await makeStatus(w.h, w.adminToken, w.startId, { name })
    const res = await call('GET', `/statuses/${w.startId}?search=LIST&per_page=2`, w.userToken)
    expect(res.status).toBe(200)
    expect(res.body.meta).toEqual({ total: 3, page: 1, per_page: 2 })
    expect(res.body.data.map((s: { name: string }) => s.name)).toEqual(['Alpha list', 'beta list'])
    const next = await call('GET', `/statuses/${w.startId}?search=list&per_page=2&page=2`, w.userToken)
    expect(next.body.data.map((s: { name: string }) => s.name)).toEqual(['Gamma list'])
    const wild = await call('GET', `/statuses/${w.startId}?search=%25`, w.userToken)
    expect(wild.body.meta.total).toBe(0)
  })

  it('defaults to 10 a page and allows at most 500 (422 beyond)', async () => {
    const res = await call('GET', `/statuses/${w.startId}`, w.userToken)
    expect(res.body.meta.per_page).toBe(10)
    const big = await call('GET', `/statuses/${w.startId}?per_page=501`, w.userToken)
    expect([big.status, locs(big.body)]).toEqual([422, ['query.per_page:value_error']])
  })

  it("answers another tenant's node with 404", async () => {
    const res = await call('GET', `/statuses/${w.demoId}`, w.userToken)
    expect([res.status, res.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
  })
})

describe('PATCH /statuses/{nodeId}/{statusId}', () => {
  it('edits only what is given', async () => {
    const s = await makeStatus(w.h, w.adminToken, w.startId, { description: 'kept' })
    const res = await call('PATCH', `/statuses/${w.startId}/${s.id}`, w.adminToken, { color: '#00FF00' })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ ...s, color: '#00ff00' })
    expect(res.body.detail[0].type).toBe('statuses.status_edited')
  })

  it('refuses a taken name (409), another node’s status and an unknown one (404), a user (403)', async () => {
    const a = await makeStatus(w.h, w.adminToken, w.startId)
    const b = await makeStatus(w.h, w.adminToken, w.startId)
    const taken = await refused(() =>
      call('PATCH', `/statuses/${w.startId}/${b.id}`, w.adminToken, { name: a.name }),
    )
    expect([taken.status, locs(taken.body)]).toEqual([409, ['body.name:statuses.status_already_exists']])
    const demo = await makeStatus(w.h, w.adminToken, w.demoId)
    for (const id of [demo.id, UNKNOWN_ID]) {
      const res = await refused(() =>
        call('PATCH', `/statuses/${w.startId}/${id}`, w.adminToken, { name: 'x' }),
      )
      expect([res.status, res.body.detail[0].type]).toEqual([404, 'statuses.status_not_found'])
    }
    const user = await refused(() =>
      call('PATCH', `/statuses/${w.startId}/${a.id}`, w.userToken, { name: 'x' }),
    )
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
  })
})

describe('DELETE /statuses/{nodeId}/{statusId}', () => {
  it('deletes a status nothing uses', async () => {
    const s = await makeStatus(w.h, w.adminToken, w.startId)
    const res = await call('DELETE', `/statuses/${w.startId}/${s.id}`, w.adminToken)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      data: { id: s.id },
      detail: [{ type: 'statuses.status_deleted', msg: 'Status deleted' }],
    })
    const again = await refused(() => call('DELETE', `/statuses/${w.startId}/${s.id}`, w.adminToken))
    expect([again.status, again.body.detail[0].type]).toEqual([404, 'statuses.status_not_found'])
  })

  it('refuses a status a progress holds, or a transition or a field rule names (409)', async () => {
    const { progress, statusIds } = await makeFlow(w.h, w.adminToken, w.startId)
    const inProgress = await refused(() =>
      call('DELETE', `/statuses/${w.startId}/${statusIds[0]}`, w.adminToken),
    )
    expect([inProgress.status, locs(inProgress.body)]).toEqual([
      409,
      ['params.statusId:statuses.status_in_use'],
    ])
    // A transition, then a field rule, name a status the progress no longer holds… they cannot:
    // the status must be in the progress to be named. So: named and held; unbinding is refused,
    // and deleting stays refused.
    await makeProcess(w.h, w.adminToken, w.startId, progress.id, {
      transitions: [{ from_status_id: statusIds[0], to_status_id: statusIds[1] }],
      field_rules: [{ status_id: statusIds[2], field: 'title', rule: 'readonly' }],
    })
    for (const id of statusIds) {
      const res = await refused(() => call('DELETE', `/statuses/${w.startId}/${id}`, w.adminToken))
      expect(res.body.detail[0].type).toBe('statuses.status_in_use')
    }
  })

  it("answers another node's status with 404 and a user with 403", async () => {
    const demo = await makeStatus(w.h, w.adminToken, w.demoId)
    const res = await refused(() => call('DELETE', `/statuses/${w.startId}/${demo.id}`, w.adminToken))
    expect([res.status, res.body.detail[0].type]).toEqual([404, 'statuses.status_not_found'])
    const mine = await makeStatus(w.h, w.adminToken, w.startId)
    const user = await refused(() => call('DELETE', `/statuses/${w.startId}/${mine.id}`, w.userToken))
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
  })
})

describe('POST /statuses/bind-status/{nodeId}', () => {
  const bind = (body: unknown, token = w.adminToken) =>
    call('POST', `/statuses/bind-status/${w.startId}`, token, body)
  const order = (res: { body: { data: { statuses: { id: string }[] } } }) =>
    res.body.data.statuses.map((s) => s.id)

  it('puts a status at a position, last by default, and moves one already there', async () => {
    const [a, b, c] = [
      await makeStatus(w.h, w.adminToken, w.startId),
      await makeStatus(w.h, w.adminToken, w.startId),
      await makeStatus(w.h, w.adminToken, w.startId),
    ]
    const p = await makeProgress(w.h, w.adminToken, w.startId, [a.id])
    const last = await bind({ progress_id: p.id, status_id: b.id })
    expect(last.status).toBe(200)
    expect(last.body.detail[0].type).toBe('statuses.status_bound')
    expect(order(last)).toEqual([a.id, b.id])
    expect(order(await bind({ progress_id: p.id, status_id: c.id, position: 0 }))).toEqual([c.id, a.id, b.id])
    expect(order(await bind({ progress_id: p.id, status_id: b.id, position: 1 }))).toEqual([c.id, b.id, a.id])
    expect(order(await bind({ progress_id: p.id, status_id: c.id, position: 99 }))).toEqual([
      b.id,
      a.id,
      c.id,
    ])
    const out = await bind({ progress_id: p.id, status_id: a.id, unbind: true })
    expect([out.body.detail[0].type, order(out)]).toEqual(['statuses.status_unbound', [b.id, c.id]])
    const kept = await call('GET', `/progress/${w.startId}?search=${encodeURIComponent(p.name)}`, w.userToken)
    expect(kept.body.data[0].statuses.map((s: { id: string }) => s.id)).toEqual([b.id, c.id])
  })

  it('refuses unbinding a status the progress does not hold (422)', async () => {
    const { progress } = await makeFlow(w.h, w.adminToken, w.startId, 1)
    const s = await makeStatus(w.h, w.adminToken, w.startId)
    const res = await refused(() => bind({ progress_id: progress.id, status_id: s.id, unbind: true }))
    expect([res.status, locs(res.body)]).toEqual([422, ['body.status_id:statuses.status_not_bound']])
  })

  it("refuses unbinding a status a process names (409), or a used progress's last one (422)", async () => {
    const { progress, statusIds } = await makeFlow(w.h, w.adminToken, w.startId, 2)
    await makeProcess(w.h, w.adminToken, w.startId, progress.id, {
      transitions: [{ from_status_id: statusIds[0], to_status_id: statusIds[1] }],
    })
    const named = await refused(() =>
      bind({ progress_id: progress.id, status_id: statusIds[1], unbind: true }),
    )
    expect([named.status, locs(named.body)]).toEqual([409, ['body.status_id:progress.status_in_use']])

    const single = await makeFlow(w.h, w.adminToken, w.startId, 1)
    await makeProcess(w.h, w.adminToken, w.startId, single.progress.id)
    const empty = await refused(() =>
      bind({ progress_id: single.progress.id, status_id: single.statusIds[0], unbind: true }),
    )
    expect([empty.status, locs(empty.body)]).toEqual([422, ['body.status_id:progress.progress_empty']])
  })

  it("answers another node's progress or status in the body with 404", async () => {
    const mine = await makeFlow(w.h, w.adminToken, w.startId, 1)
    const theirs = await makeFlow(w.h, w.adminToken, w.demoId, 1)
    const progressRes = await refused(() =>
      bind({ progress_id: theirs.progress.id, status_id: mine.statusIds[0] }),
    )
    expect([progressRes.status, locs(progressRes.body)]).toEqual([
      404,
      ['body.progress_id:progress.progress_not_found'],
    ])
    const statusRes = await refused(() =>
      bind({ progress_id: mine.progress.id, status_id: theirs.statusIds[0] }),
    )
    expect([statusRes.status, locs(statusRes.body)]).toEqual([
      404,
      ['body.status_id:statuses.status_not_found'],
    ])
  })

  it('refuses a user (403) and bad input (422)', async () => {
    const { progress, statusIds } = await makeFlow(w.h, w.adminToken, w.startId, 1)
    const user = await refused(() => bind({ progress_id: progress.id, status_id: statusIds[0] }, w.userToken))
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const bad = await refused(() => bind({ progress_id: 'x', position: -1 }))
    expect(locs(bad.body).sort()).toEqual(
      [
        'body.progress_id:value_error.uuid',
        'body.status_id:value_error.missing',
        'body.position:value_error',
      ].sort(),
    )
  })
})
