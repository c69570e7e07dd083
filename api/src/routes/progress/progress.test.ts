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
const ids = (list: { id: string }[]) => list.map((s) => s.id)

describe('POST /progress/{nodeId}', () => {
  it('creates a progress with its statuses in the order given', async () => {
    const [a, b, c] = [
      await makeStatus(w.h, w.adminToken, w.startId),
      await makeStatus(w.h, w.adminToken, w.startId),
      await makeStatus(w.h, w.adminToken, w.startId),
    ]
    const res = await call('POST', `/progress/${w.startId}`, w.adminToken, {
      name: 'Delivery',
      status_ids: [c.id, a.id, b.id],
    })
    expect(res.status).toBe(201)
    expect(res.body.detail).toEqual([{ type: 'progress.progress_created', msg: 'Progress created' }])
    expect(res.body.data).toEqual({ id: expect.any(String), name: 'Delivery', statuses: [c, a, b] })
  })

  it('creates an empty progress (statuses come later with bind-status)', async () => {
    const res = await call('POST', `/progress/${w.startId}`, w.adminToken, { name: 'Empty' })
    expect([res.status, res.body.data.statuses]).toEqual([201, []])
  })

  it('refuses a status twice (422), and another node’s or an unknown status (404) with its index', async () => {
    const s = await makeStatus(w.h, w.adminToken, w.startId)
    const twice = await refused(() =>
      call('POST', `/progress/${w.startId}`, w.adminToken, { name: 'x', status_ids: [s.id, s.id] }),
    )
    expect([twice.status, locs(twice.body)]).toEqual([422, ['body.status_ids.1:progress.duplicate_status']])
    const demo = await makeStatus(w.h, w.adminToken, w.demoId)
    for (const id of [demo.id, UNKNOWN_ID]) {
      const res = await refused(() =>
        call('POST', `/progress/${w.startId}`, w.adminToken, { name: 'x', status_ids: [s.id, id] }),
      )
      expect([res.status, locs(res.body)]).toEqual([404, ['body.status_ids.1:statuses.status_not_found']])
    }
  })

  it('refuses a non-admin (403), another node (404), no token (401), a missing name (422)', async () => {
    const user = await refused(() => call('POST', `/progress/${w.startId}`, w.userToken, { name: 'x' }))
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const other = await refused(() => call('POST', `/progress/${w.demoId}`, w.userToken, { name: 'x' }))
    expect([other.status, other.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
    const anon = await refused(() =>
      call('POST', `/progress/${w.startId}`, tamper(w.adminToken), { name: 'x' }),
    )
    expect(anon.status).toBe(401)
    const bad = await refused(() => call('POST', `/progress/${w.startId}`, w.adminToken, { status_ids: 'a' }))
    expect(locs(bad.body).sort()).toEqual(['body.name:value_error.missing', 'body.status_ids:value_error'])
  })
})

describe('GET /progress/{nodeId} and /progress/{nodeId}/{processId}', () => {
  it('lists progress with their statuses in order, searched by name, paginated', async () => {
    const { progress } = await makeFlow(w.h, w.adminToken, w.startId, 2)
    await call('PATCH', `/progress/${w.startId}/${progress.id}`, w.adminToken, { name: 'Searchable flow' })
    const res = await call('GET', `/progress/${w.startId}?search=searchable`, w.userToken)
    expect(res.status).toBe(200)
    expect(res.body.meta).toEqual({ total: 1, page: 1, per_page: 10 })
    expect(res.body.data).toEqual([{ ...progress, name: 'Searchable flow' }])
    const all = await call('GET', `/progress/${w.startId}?per_page=1&page=2`, w.userToken)
    expect(all.body.data).toHaveLength(1)
  })

  it('answers the progress of a process', async () => {
    const { progress } = await makeFlow(w.h, w.adminToken, w.startId)
    const process = await makeProcess(w.h, w.adminToken, w.startId, progress.id)
    const res = await call('GET', `/progress/${w.startId}/${process.id}`, w.userToken)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual(progress)
  })

  it("answers another node's process, an unknown one and another node with 404", async () => {
    const theirs = await makeFlow(w.h, w.adminToken, w.demoId, 1)
    const process = await makeProcess(w.h, w.adminToken, w.demoId, theirs.progress.id)
    for (const id of [process.id, UNKNOWN_ID, theirs.progress.id]) {
      const res = await call('GET', `/progress/${w.startId}/${id}`, w.adminToken)
      expect([res.status, locs(res.body)]).toEqual([404, ['params.id:processes.process_not_found']])
    }
    const other = await call('GET', `/progress/${w.demoId}/${process.id}`, w.userToken)
    expect([other.status, other.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
  })
})

describe('PATCH /progress/{nodeId}/{progressId}', () => {
  it('renames, and reorders, adds and removes statuses through status_ids', async () => {
    const {
      progress,
      statusIds: [a, b, c],
    } = await makeFlow(w.h, w.adminToken, w.startId)
    const d = await makeStatus(w.h, w.adminToken, w.startId)
    const reorder = await call('PATCH', `/progress/${w.startId}/${progress.id}`, w.adminToken, {
      status_ids: [c, a, b],
    })
    expect(reorder.status).toBe(200)
    expect(reorder.body.detail[0].type).toBe('progress.progress_edited')
    expect([reorder.body.data.name, ids(reorder.body.data.statuses)]).toEqual([progress.name, [c, a, b]])
    const swap = await call('PATCH', `/progress/${w.startId}/${progress.id}`, w.adminToken, {
      name: 'Renamed',
      status_ids: [d.id, b, c],
    })
    expect([swap.body.data.name, ids(swap.body.data.statuses)]).toEqual(['Renamed', [d.id, b, c]])
    const renamed = await call('PATCH', `/progress/${w.startId}/${progress.id}`, w.adminToken, {
      name: 'Again',
    })
    expect(ids(renamed.body.data.statuses)).toEqual([d.id, b, c])
  })

  it('refuses removing a status a process names (409) and emptying a used progress (422)', async () => {
    const {
      progress,
      statusIds: [a, b, c],
    } = await makeFlow(w.h, w.adminToken, w.startId)
    await makeProcess(w.h, w.adminToken, w.startId, progress.id, {
      field_rules: [{ status_id: c, field: 'cf_result', rule: 'required' }],
    })
    const path = `/progress/${w.startId}/${progress.id}`
    const named = await refused(() => call('PATCH', path, w.adminToken, { status_ids: [a, b] }))
    expect([named.status, locs(named.body)]).toEqual([409, ['body.status_ids:progress.status_in_use']])
    const empty = await refused(() => call('PATCH', path, w.adminToken, { status_ids: [] }))
    // c is named, so that is the first refusal; an unnamed progress shows the second.
    expect(empty.status).toBe(409)
    const other = await makeFlow(w.h, w.adminToken, w.startId, 1)
    await makeProcess(w.h, w.adminToken, w.startId, other.progress.id)
    const emptied = await refused(() =>
      call('PATCH', `/progress/${w.startId}/${other.progress.id}`, w.adminToken, { status_ids: [] }),
    )
    expect([emptied.status, locs(emptied.body)]).toEqual([422, ['body.status_ids:progress.progress_empty']])
    // Reordering what a process names is fine.
    const ok = await call('PATCH', path, w.adminToken, { status_ids: [c, b, a] })
    expect(ids(ok.body.data.statuses)).toEqual([c, b, a])
  })

  it("answers another node's progress or statuses with 404, a user with 403", async () => {
    const mine = await makeFlow(w.h, w.adminToken, w.startId, 1)
    const theirs = await makeFlow(w.h, w.adminToken, w.demoId, 1)
    const path = await refused(() =>
      call('PATCH', `/progress/${w.startId}/${theirs.progress.id}`, w.adminToken, { name: 'x' }),
    )
    expect([path.status, path.body.detail[0].type]).toEqual([404, 'progress.progress_not_found'])
    const body = await refused(() =>
      call('PATCH', `/progress/${w.startId}/${mine.progress.id}`, w.adminToken, {
        status_ids: [mine.statusIds[0], theirs.statusIds[0]],
      }),
    )
    expect([body.status, locs(body.body)]).toEqual([404, ['body.status_ids.1:statuses.status_not_found']])
    const user = await refused(() =>
      call('PATCH', `/progress/${w.startId}/${mine.progress.id}`, w.userToken, { name: 'x' }),
    )
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
  })
})

describe('DELETE /progress/{nodeId}/{progressId}', () => {
  it('deletes a progress no process uses; its statuses stay', async () => {
    const { progress, statusIds } = await makeFlow(w.h, w.adminToken, w.startId, 2)
    const res = await call('DELETE', `/progress/${w.startId}/${progress.id}`, w.adminToken)
    expect(res.body).toEqual({
      data: { id: progress.id },
      detail: [{ type: 'progress.progress_deleted', msg: 'Progress deleted' }],
    })
    // The statuses are free now: they can be deleted.
    for (const id of statusIds)
      expect((await call('DELETE', `/statuses/${w.startId}/${id}`, w.adminToken)).status).toBe(200)
  })

  it('refuses a progress a process uses (409)', async () => {
    const { progress } = await makeFlow(w.h, w.adminToken, w.startId, 1)
    await makeProcess(w.h, w.adminToken, w.startId, progress.id)
    const res = await refused(() => call('DELETE', `/progress/${w.startId}/${progress.id}`, w.adminToken))
    expect([res.status, locs(res.body)]).toEqual([409, ['params.id:progress.progress_in_use']])
  })

  it("answers another node's or an unknown progress with 404, a user with 403", async () => {
    const theirs = await makeProgress(w.h, w.adminToken, w.demoId, [])
    for (const id of [theirs.id, UNKNOWN_ID]) {
      const res = await refused(() => call('DELETE', `/progress/${w.startId}/${id}`, w.adminToken))
      expect([res.status, res.body.detail[0].type]).toEqual([404, 'progress.progress_not_found'])
    }
    const mine = await makeProgress(w.h, w.adminToken, w.startId, [])
    const user = await refused(() => call('DELETE', `/progress/${w.startId}/${mine.id}`, w.userToken))
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
  })
})
