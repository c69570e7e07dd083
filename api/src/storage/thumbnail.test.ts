import { Readable } from 'node:stream'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { jpegPhoto, pngBomb } from '../../test/attachment-factories'
import { makeThumbnail, THUMBNAIL_BOX } from './thumbnail'

const from = (bytes: Buffer) => Readable.from([bytes])

describe('makeThumbnail', () => {
  it('fits a photo inside the box, upright by its EXIF orientation', async () => {
    const thumb = await makeThumbnail(from(await jpegPhoto(900, 3000, 8)))
    expect(thumb.ok).toBe(true)
    const meta = await sharp(thumb.ok ? thumb.bytes : Buffer.alloc(0)).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', THUMBNAIL_BOX, 96])
  })

  it('refuses a decompression bomb by its header, before decoding it', async () => {
    const started = Date.now()
    const thumb = await makeThumbnail(from(pngBomb(60_000)))
    expect(thumb.ok ? 'made' : thumb.error.message).toMatch(/pixel limit/)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('answers a failing source or bytes that are no image, never throws', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection lost'))
      },
    })
    expect(await makeThumbnail(failing)).toMatchObject({ ok: false, error: { message: 'connection lost' } })
    expect(await makeThumbnail(from(Buffer.from('GIF89a not really')))).toMatchObject({ ok: false })
  })
})
