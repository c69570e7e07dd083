import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jpegPhoto, pngBomb, pngImage, type UploadFile, uploadFile } from '../../../test/attachment-factories'
import { makeTask, makeTaskProcess, userWith } from '../../../test/task-factories'
import { UNKNOWN_ID } from '../../../test/tenant-factories'
import { startWorkflowApi } from '../../../test/workflow-factories'
import type { MemoryStorage } from '../../storage/memory-storage'
import { THUMBNAIL_BOX } from '../../storage/thumbnail'

let w: Awaited<ReturnType<typeof startWorkflowApi>>
let p: Awaited<ReturnType<typeof makeTaskProcess>>
let task: { id: string; key: string }
beforeAll(async () => {
  w = await startWorkflowApi()
  p = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
  task = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
})
afterAll(() => w.h.close())

const storage = () => w.h.app.storage as MemoryStorage
const upload = async (file: UploadFile, node = w.startId, taskId = task.id) => {
  const res = await uploadFile(w.h, w.adminToken, node, taskId, file)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as { id: string; url: string; thumbnail_url: string | null }
}
/** The thumbnail route, as the web app's /api forwarding reaches it. */
const thumbnail = (id: string, token = w.adminToken, node = w.startId) =>
  fetch(`${w.h.url}/attachments/${node}/${id}/thumbnail`, { headers: { authorization: `Bearer ${token}` } })
const errorType = async (res: Response) => [res.status, (await res.json()).detail[0].type]
const HIDDEN = [404, 'attachments.attachment_not_found']

describe('thumbnails of image attachments', () => {
  it('makes an upright WebP inside the box for a JPEG photo, without its metadata', async () => {
    // Stored 1200×800 with EXIF orientation 6: the camera was held upright, so the picture is 800×1200.
    const a = await upload({ bytes: await jpegPhoto(1200, 800, 6), name: 'holiday.jpg' })
    expect(a.thumbnail_url).toBe(`/api/attachments/${w.startId}/${a.id}/thumbnail`)
    expect(storage().files.has(`attachments/${w.startId}/${a.id}.thumb`)).toBe(true)

    const res = await thumbnail(a.id, w.userToken)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="holiday.webp"; filename*=UTF-8''holiday.webp`,
    )
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(res.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate')
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(res.headers.get('content-length')).toBe(String(bytes.length))
    const meta = await sharp(bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 213, height: THUMBNAIL_BOX })
    expect([meta.exif, meta.orientation, meta.icc]).toEqual([undefined, undefined, undefined])

    const card = await w.h.call('GET', `/tasks/${w.startId}/${task.id}`, { token: w.adminToken })
    expect(card.body.data.attachments.find((x: { id: string }) => x.id === a.id)).toMatchObject({
      thumbnail_url: a.thumbnail_url,
    })
  })

  it('never enlarges a small image and keeps a PNG’s transparency', async () => {
    const a = await upload({ bytes: await pngImage(100, 40), name: 'icon.png' })
    const meta = await sharp(Buffer.from(await (await thumbnail(a.id)).arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 100, height: 40, hasAlpha: true })
    const wide = await upload({ bytes: await pngImage(2000, 500), name: 'banner.png' })
    const big = await sharp(Buffer.from(await (await thumbnail(wide.id)).arrayBuffer())).metadata()
    expect([big.width, big.height]).toEqual([THUMBNAIL_BOX, 80])
  })

  it('uploads what cannot be decoded with thumbnail_url null (404 thumbnail_not_found); other files get none', async () => {
    const png = await pngImage(300, 300)
    const cases: UploadFile[] = [
      { bytes: Buffer.concat([png.subarray(0, 8), Buffer.alloc(200, 7)]), name: 'corrupt.png' },
      { bytes: png.subarray(0, png.length - 40), name: 'cut.png' },
      { bytes: pngBomb(60_000), name: 'bomb.png' },
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'a.svg' },
      { bytes: Buffer.from('hello'), name: 'notes.txt' },
    ]
    for (const file of cases) {
      const a = await upload(file)
      expect([file.name, a.thumbnail_url]).toEqual([file.name, null])
      expect(storage().files.has(`attachments/${w.startId}/${a.id}`)).toBe(true)
      expect(storage().files.has(`attachments/${w.startId}/${a.id}.thumb`)).toBe(false)
      expect(await errorType(await thumbnail(a.id))).toEqual([404, 'attachments.thumbnail_not_found'])
    }
  })

  it('needs task_view of the task (404 otherwise), in the attachment’s own node', async () => {
    const a = await upload({ bytes: await pngImage(50, 50), name: 'x.png' })
    const viewer = await userWith(w.h, w.startId, [`task_view:${p.process.key}`])
    expect((await thumbnail(a.id, viewer.token)).status).toBe(200)
    const nobody = await userWith(w.h, w.startId, [])
    expect(await errorType(await thumbnail(a.id, nobody.token))).toEqual(HIDDEN)
    expect(await errorType(await thumbnail(UNKNOWN_ID))).toEqual(HIDDEN)

    const theirs = await makeTaskProcess(w.h, w.adminToken, w.demoId, { form: false })
    const theirTask = await makeTask(w.h, w.adminToken, w.demoId, theirs.process.id)
    const theirFile = await upload({ bytes: await pngImage(50, 50), name: 'y.png' }, w.demoId, theirTask.id)
    expect(theirFile.thumbnail_url).toBe(`/api/attachments/${w.demoId}/${theirFile.id}/thumbnail`)
    // Another node's attachment under this node's id, and this node's under another's.
    expect(await errorType(await thumbnail(theirFile.id))).toEqual(HIDDEN)
    expect((await thumbnail(a.id, w.adminToken, w.demoId)).status).toBe(404)
    expect((await thumbnail(a.id, 'not-a-token')).status).toBe(401)
  })

  it('goes with its attachment when that is deleted', async () => {
    const a = await upload({ bytes: await jpegPhoto(640, 480), name: 'bye.jpg' })
    const thumbKey = `attachments/${w.startId}/${a.id}.thumb`
    expect(storage().files.has(thumbKey)).toBe(true)
    const res = await w.h.call('DELETE', `/attachments/${w.startId}/${a.id}`, { token: w.adminToken })
    expect(res.status).toBe(200)
    expect(storage().files.has(`attachments/${w.startId}/${a.id}`)).toBe(false)
    expect(storage().files.has(thumbKey)).toBe(false)
    expect((await thumbnail(a.id)).status).toBe(404)
  })
})
