import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locs } from '../../test/details'
import { makeFields, makeTask, makeTaskProcess, userWith } from '../../test/task-factories'
import { startWorkflowApi } from '../../test/workflow-factories'
import { nodes, statuses } from '../db/schema'
import { nodeConfig } from './node-config'

/*
 * The task calls read the node's configuration from a cache keyed by nodes.config_version. These
 * check that every kind of change reaches the next call (the triggers bump the version), that
 * creating tasks does not (the process's task counter is not configuration), and that a
 * transaction's own uncommitted change never lands in the cache.
 */

let w: Awaited<ReturnType<typeof startWorkflowApi>>
let p: Awaited<ReturnType<typeof makeTaskProcess>>
beforeAll(async () => {
  w = await startWorkflowApi()
  await makeFields(w.h, w.adminToken, w.startId)
  p = await makeTaskProcess(w.h, w.adminToken, w.startId)
})
afterAll(() => w.h.close())

const db = () => w.h.database.db
const call = (method: string, path: string, token: string, body?: unknown) =>
  w.h.call(method, path, { token, body })
const version = async () =>
  (await db().select({ v: nodes.configVersion }).from(nodes).where(eq(nodes.id, w.startId)))[0]!.v
const byKey = (key: string, token = w.adminToken) => call('GET', `/tasks/${w.startId}/${key}/key`, token)

describe('the node configuration cache', () => {
  it('keeps its version while tasks are created and edited; any workflow change bumps it', async () => {
    const before = await version()
    const t = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
    await call('PATCH', `/tasks/${w.startId}/${t.id}`, w.adminToken, { version: 1, title: 'x' })
    expect(await version()).toBe(before)
    const res = await call('PATCH', `/statuses/${w.startId}/${p.statusIds[0]}`, w.adminToken, {
      color: '#123456',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await version()).toBeGreaterThan(before)
  })

  it('shows a renamed status on the next read of a task', async () => {
    const t = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
    expect((await byKey(t.key)).body.data.status.name).not.toBe('Renamed now')
    await call('PATCH', `/statuses/${w.startId}/${t.status.id}`, w.adminToken, { name: 'Renamed now' })
    expect((await byKey(t.key)).body.data.status.name).toBe('Renamed now')
  })

  it('obeys transitions added after a task was read', async () => {
    const t = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
    expect((await byKey(t.key)).body.data.allowed_moves).toHaveLength(2)
    const set = await call('PATCH', `/processes/${w.startId}/${p.process.id}`, w.adminToken, {
      transitions: [{ from_status_id: p.statusIds[0], to_status_id: p.statusIds[1] }],
    })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect((await byKey(t.key)).body.data.allowed_moves).toHaveLength(1)
    const move = await call('PATCH', `/tasks/${w.startId}/${t.id}`, w.adminToken, {
      version: 1,
      status_id: p.statusIds[2],
    })
    expect([move.status, locs(move.body)]).toEqual([422, ['body.status_id:workflow.move_not_allowed']])
    await call('PATCH', `/processes/${w.startId}/${p.process.id}`, w.adminToken, { transitions: [] })
  })

  it("checks custom fields with a field's new settings", async () => {
    const t = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
    const edit = (v: number, note: string) =>
      call('PATCH', `/tasks/${w.startId}/${t.id}`, w.adminToken, {
        version: v,
        custom_fields: { cf_note: note },
      })
    expect((await edit(1, 'twelve chars')).status).toBe(200)
    const fields = await call('GET', `/fields/${w.startId}?search=cf_note`, w.adminToken)
    const note = fields.body.data.find((f: { name: string }) => f.name === 'cf_note')
    const set = await call('PATCH', `/fields/${w.startId}/${note.id}`, w.adminToken, {
      version: note.version,
      settings: { max_length: 5 },
    })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    const res = await edit(2, 'twelve again')
    expect([res.status, locs(res.body)]).toEqual([422, ['body.custom_fields.cf_note:validation.max_length']])
  })

  it('follows a process key into the rights that name it', async () => {
    const q = await makeTaskProcess(w.h, w.adminToken, w.startId)
    const viewer = await userWith(w.h, w.startId, [`task_view:${q.process.key}`])
    // The viewer reads an empty list first: the configuration is cached with the old key.
    expect((await call('GET', `/tasks/${w.startId}`, viewer.token)).status).toBe(200)
    const renamed = `${q.process.key.slice(0, 7)}Z`
    const set = await call('PATCH', `/processes/${w.startId}/${q.process.id}`, w.adminToken, { key: renamed })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    const t = await makeTask(w.h, w.adminToken, w.startId, q.process.id)
    expect(t.key).toBe(`${renamed}-1`)
    expect((await byKey(t.key, viewer.token)).status).toBe(200)
  })

  it('never caches what a transaction changed and then rolled back', async () => {
    const seen = await nodeConfig(db(), w.startId)
    const id = p.statusIds[1]!
    const name = seen.statuses.get(id)!.name
    await expect(
      db().transaction(async (tx) => {
        await tx.update(statuses).set({ name: 'Never committed' }).where(eq(statuses.id, id))
        expect((await nodeConfig(tx, w.startId)).statuses.get(id)!.name).toBe('Never committed')
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect((await nodeConfig(db(), w.startId)).statuses.get(id)!.name).toBe(name)
    expect(
      (await byKey((await makeTask(w.h, w.adminToken, w.startId, p.process.id)).key)).body.data.status,
    ).toBeDefined()
  })
})
