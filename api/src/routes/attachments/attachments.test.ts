import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type UploadFile, uploadFile } from '../../../test/attachment-factories'
import { badTokens, expectEachRefused } from '../../../test/bad-tokens'
import { dbState, unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { makeTask, makeTaskProcess, userWith } from '../../../test/task-factories'
import { UNKNOWN_ID } from '../../../test/tenant-factories'
import { startWorkflowApi } from '../../../test/workflow-factories'
import type { MemoryStorage } from '../../storage/memory-storage'
import { contentDisposition } from '.'

let w: Awaited<ReturnType<typeof startWorkflowApi>>
let p: Awaited<ReturnType<typeof makeTaskProcess>>
let task: { id: string; key: string }
const LIMIT = 16 * 1024
beforeAll(async () => {
  w = await startWorkflowApi({ UPLOAD_MAX_MB: String(LIMIT / 1024 / 1024) })
  p = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
  task = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
})
afterAll(() => w.h.close())

const db = () => w.h.database.db
const storage = () => w.h.app.storage as MemoryStorage
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])

/** A multipart upload of one file part, as a browser's form sends it. */
const upload = (
  taskId: string,
  file: UploadFile | null,
  opts: { token?: string; query?: string; node?: string } = {},
) => uploadFile(w.h, opts.token ?? w.adminToken, opts.node ?? w.startId, taskId, file, opts.query)

const get = (id: string, token = w.adminToken) =>
  fetch(`${w.h.url}/attachments/${w.startId}/${id}`, { headers: { authorization: `Bearer ${token}` } })
const del = (id: string, token = w.adminToken) =>
  w.h.call('DELETE', `/attachments/${w.startId}/${id}`, { token })

describe('POST /attachments/{nodeId}/{taskId}', () => {
  it('stores the file, sniffs its type from the bytes, lists it on the task latest first, records it', async () => {
    const res = await upload(task.id, { bytes: PNG, name: 'report.pdf', type: 'application/pdf' })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.detail).toEqual([{ type: 'attachments.attachment_created', msg: 'File attached' }])
    const a = res.body.data
    expect(a).toMatchObject({
      type: 'attachment',
      name: 'report.pdf',
      content_type: 'image/png',
      size: PNG.length,
      url: `/api/attachments/${w.startId}/${a.id}`,
      thumbnail_url: null,
      user: { id: w.adminId, full_name: 'Nodus Admin', logo: null },
    })
    expect(storage().files.get(`attachments/${w.startId}/${a.id}`)).toEqual(PNG)
    const second = await upload(
      task.id,
      { bytes: Buffer.from('hello'), name: 'C:\\tmp\\notes.txt' },
      { query: '?type=cf_files' },
    )
    expect(second.body.data).toMatchObject({
      name: 'notes.txt',
      type: 'cf_files',
      content_type: 'text/plain; charset=utf-8',
    })
    const card = await w.h.call('GET', `/tasks/${w.startId}/${task.id}`, { token: w.adminToken })
    expect(card.body.data.attachments.map((x: { id: string }) => x.id)).toEqual([second.body.data.id, a.id])
    expect(card.body.data.version).toBe(1)
    const history = await w.h.call('GET', `/tasks/${w.startId}/${task.id}/history`, { token: w.adminToken })
    expect(history.body.data[0]).toMatchObject({
      field: 'attachments',
      old_value: null,
      new_value: { id: second.body.data.id, name: 'notes.txt' },
    })
  })

  it('refuses a file past the limit with 413 request.too_large, keeping nothing', async () => {
    const before = await dbState(db())
    const files = storage().files.size
    const res = await upload(task.id, { bytes: Buffer.alloc(LIMIT + 1, 0x61), name: 'big.txt' })
    expect([res.status, res.body.detail[0].type]).toEqual([413, 'request.too_large'])
    expect(await dbState(db())).toEqual(before)
    expect(storage().files.size).toBe(files)
    expect((await upload(task.id, { bytes: Buffer.alloc(LIMIT, 0x61), name: 'just.txt' })).status).toBe(201)
  })

  it('refuses no file or an empty one (422 at body.file), a bad type (422), changing nothing', async () => {
    const files = storage().files.size
    const none = await unchanged(db(), () => upload(task.id, null))
    expect([none.status, locs(none.body)]).toEqual([422, ['body.file:value_error.missing']])
    const empty = await unchanged(db(), () => upload(task.id, { bytes: Buffer.alloc(0), name: 'e.txt' }))
    expect([empty.status, locs(empty.body)]).toEqual([422, ['body.file:value_error.missing']])
    const badType = await unchanged(db(), () =>
      upload(task.id, { bytes: PNG, name: 'a.png' }, { query: '?type=../x' }),
    )
    expect([badType.status, locs(badType.body)]).toEqual([422, ['query.type:value_error']])
    const json = await unchanged(db(), () =>
      w.h.call('POST', `/attachments/${w.startId}/${task.id}`, { token: w.adminToken, body: { file: 'x' } }),
    )
    expect([json.status, locs(json.body)]).toEqual([422, ['body.file:value_error.missing']])
    expect(storage().files.size).toBe(files)
  })

  it('needs task_edit (403), a task the caller sees (404), of this node (404)', async () => {
    const viewer = await userWith(w.h, w.startId, [`task_view:${p.process.key}`])
    const r403 = await unchanged(db(), () =>
      upload(task.id, { bytes: PNG, name: 'a.png' }, { token: viewer.token }),
    )
    expect([r403.status, r403.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const theirs = await makeTaskProcess(w.h, w.adminToken, w.demoId, { form: false })
    const theirTask = await makeTask(w.h, w.adminToken, w.demoId, theirs.process.id)
    for (const id of [theirTask.id, UNKNOWN_ID]) {
      const res = await unchanged(db(), () => upload(id, { bytes: PNG, name: 'a.png' }))
      expect([res.status, res.body.detail[0].type]).toEqual([404, 'tasks.task_not_found'])
    }
    const nobody = await userWith(w.h, w.startId, [])
    const hidden = await unchanged(db(), () =>
      upload(task.id, { bytes: PNG, name: 'a.png' }, { token: nobody.token }),
    )
    expect([hidden.status, hidden.body.detail[0].type]).toEqual([404, 'tasks.task_not_found'])
  })

  it('refuses while the task’s status keeps attachments read-only', async () => {
    const q = await makeTaskProcess(w.h, w.adminToken, w.startId, {
      form: false,
      body: (s) => ({ field_rules: [{ status_id: s[0], field: 'attachments', rule: 'readonly' }] }),
    })
    const t = await makeTask(w.h, w.adminToken, w.startId, q.process.id)
    const res = await unchanged(db(), () => upload(t.id, { bytes: PNG, name: 'a.png' }))
    expect([res.status, locs(res.body)]).toEqual([422, ['body.file:workflow.field_readonly']])
  })
})

describe('GET and DELETE /attachments/{nodeId}/{attachmentId}', () => {
  it('streams the bytes with the sniffed type and a Content-Disposition; images inline', async () => {
    const png = (await upload(task.id, { bytes: PNG, name: 'фото 1.png' })).body.data
    const res = await get(png.id, w.userToken)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="____ 1.png"; filename*=UTF-8''${encodeURIComponent('фото 1.png')}`,
    )
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG)
    const html = (
      await upload(task.id, {
        bytes: Buffer.from('<script>alert(1)</script>'),
        name: 'x.html',
        type: 'text/html',
      })
    ).body.data
    const page = await get(html.id)
    expect(page.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(page.headers.get('content-disposition')).toMatch(/^attachment; /)
    expect(contentDisposition('a"b.pdf', 'application/pdf')).toBe(
      `attachment; filename="a_b.pdf"; filename*=UTF-8''a%22b.pdf`,
    )
  })

  it('hides attachments of tasks the caller may not view, and of other nodes (404)', async () => {
    const a = (await upload(task.id, { bytes: PNG, name: 'a.png' })).body.data
    const nobody = await userWith(w.h, w.startId, [])
    for (const [id, token] of [
      [a.id, nobody.token],
      [UNKNOWN_ID, w.adminToken],
    ] as const) {
      const res = await get(id, token)
      expect([res.status, (await res.json()).detail[0].type]).toEqual([
        404,
        'attachments.attachment_not_found',
      ])
      const gone = await unchanged(db(), () => del(id, token))
      expect([gone.status, gone.body.detail[0].type]).toEqual([404, 'attachments.attachment_not_found'])
    }
    const theirs = await makeTaskProcess(w.h, w.adminToken, w.demoId, { form: false })
    const theirTask = await makeTask(w.h, w.adminToken, w.demoId, theirs.process.id)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(PNG)]), 'x.png')
    const up = await fetch(`${w.h.url}/attachments/${w.demoId}/${theirTask.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.adminToken}` },
      body: form,
    })
    const theirFile = (await up.json()).data
    const cross = await get(theirFile.id)
    expect(cross.status).toBe(404)
    await expectEachRefused(w.h, await badTokens(w.h), (token) =>
      w.h.call('DELETE', `/attachments/${w.startId}/${a.id}`, { token }),
    )
  })

  it('deletes with task_edit, removing the bytes and recording it; a viewer gets 403', async () => {
    const a = (await upload(task.id, { bytes: PNG, name: 'bye.png' })).body.data
    const viewer = await userWith(w.h, w.startId, [`task_view:${p.process.key}`])
    const r403 = await unchanged(db(), () => del(a.id, viewer.token))
    expect([r403.status, r403.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const res = await del(a.id)
    expect(res.body).toEqual({
      data: { id: a.id },
      detail: [{ type: 'attachments.attachment_deleted', msg: 'Attachment deleted' }],
    })
    expect(storage().files.has(`attachments/${w.startId}/${a.id}`)).toBe(false)
    expect((await get(a.id)).status).toBe(404)
    const history = await w.h.call('GET', `/tasks/${w.startId}/${task.id}/history`, { token: w.adminToken })
    expect(history.body.data[0]).toMatchObject({
      field: 'attachments',
      old_value: { id: a.id, name: 'bye.png' },
      new_value: null,
    })
    expect((await del(a.id)).status).toBe(404)
  })

  it('refuses a deletion while the status keeps attachments read-only (422 attachment_not_deleted)', async () => {
    const q = await makeTaskProcess(w.h, w.adminToken, w.startId, {
      form: false,
      body: (s) => ({ field_rules: [{ status_id: s[1], field: 'attachments', rule: 'readonly' }] }),
    })
    const t = await makeTask(w.h, w.adminToken, w.startId, q.process.id)
    const a = (await upload(t.id, { bytes: PNG, name: 'keep.png' })).body.data
    await w.h.call('PATCH', `/tasks/${w.startId}/${t.id}`, {
      token: w.adminToken,
      body: { version: 1, status_id: q.statusIds[1] },
    })
    const res = await unchanged(db(), () => del(a.id))
    expect([res.status, locs(res.body)]).toEqual([422, ['params.id:attachments.attachment_not_deleted']])
  })
})
