import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'

/*
 * CSV on and off (docs/plugins.md "CSV"): on with a comma when the node has no CSV configuration,
 * the configuration's separator when it has one, and off — 403 csv.disabled on every CSV call,
 * nothing kept — while it is disabled.
 */

let w: RqlWorld
beforeAll(async () => {
  w = await startRqlWorld()
}, 60_000)
afterAll(async () => {
  await w?.h.close()
})

const FILE = Buffer.from('Title,Status\nFrom a file,Open\n').toString('base64')

const settings = (node = w.nodeId, token = w.userToken) =>
  w.h.call('GET', `/tasks/${node}/csv/settings`, { token })

const exportStatus = async (token = w.userToken) =>
  (await fetch(`${w.h.url}/tasks/${w.nodeId}/csv?lang=en`, { headers: { authorization: `Bearer ${token}` } }))
    .status

const upload = (token = w.adminToken) =>
  w.h.call('POST', `/tasks/${w.nodeId}/csv/imports`, { token, body: { file: FILE } })

const setEnabled = (id: string, enabled: boolean) =>
  w.h.call('PATCH', `/plugin-configs/${w.nodeId}/${id}`, { token: w.adminToken, body: { enabled } })

describe('CSV on and off', () => {
  it('is on with a comma without a configuration; a disabled configuration turns it off, enabling it back on', async () => {
    expect((await settings()).body).toEqual({ data: { enabled: true, delimiter: ',' } })
    expect(await exportStatus()).toBe(200)
    const kept = await upload()
    expect(kept.status, JSON.stringify(kept.body)).toBe(200)

    const created = await w.h.call('POST', `/plugin-configs/${w.nodeId}/csv`, {
      token: w.adminToken,
      body: { name: 'CSV', settings: { delimiter: ';' } },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.data.id as string
    expect((await settings()).body.data).toEqual({ enabled: true, delimiter: ';' })

    expect((await setEnabled(id, false)).status).toBe(200)
    expect((await settings()).body.data).toEqual({ enabled: false, delimiter: ';' })
    expect(await exportStatus()).toBe(403)
    const refused = await upload()
    expect([refused.status, refused.body.detail[0].type]).toEqual([403, 'csv.disabled'])
    expect(refused.body.detail[0].msg).toBe('CSV import and export is turned off by your administrator')
    // An upload made while CSV was on can be neither read nor run while it is off.
    const upId = kept.body.data.id as string
    const read = await w.h.call('GET', `/tasks/${w.nodeId}/csv/imports/${upId}`, { token: w.adminToken })
    expect([read.status, read.body.detail[0].type]).toEqual([403, 'csv.disabled'])
    const ran = await w.h.call('POST', `/tasks/${w.nodeId}/csv/imports/${upId}/run`, {
      token: w.adminToken,
      body: { mapping: ['title', 'status'], process_id: w.process.dev, dry_run: false },
    })
    expect([ran.status, ran.body.detail[0].type]).toEqual([403, 'csv.disabled'])
    // The other node has no configuration: CSV stays on there.
    expect((await settings(w.otherNodeId, w.adminToken)).body.data.enabled).toBe(true)

    expect((await setEnabled(id, true)).status).toBe(200)
    expect(await exportStatus()).toBe(200)
    const again = await w.h.call('GET', `/tasks/${w.nodeId}/csv/imports/${upId}`, { token: w.adminToken })
    expect(again.status).toBe(200)
  })

  it("answers 404 for another node's settings and 401 without a token", async () => {
    const other = await settings(w.otherNodeId, w.userToken)
    expect(other.status).toBe(404)
    const anon = await w.h.call('GET', `/tasks/${w.nodeId}/csv/settings`, {})
    expect(anon.status).toBe(401)
  })
})
