import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import type { Harness } from './harness'

/*
 * Uploads as a browser's form sends them, and images made on the spot (sharp draws them), for the
 * attachment and thumbnail tests.
 */

export interface UploadFile {
  bytes: Buffer
  name: string
  type?: string
}

/** A multipart upload of one file part (or of a text field alone when `file` is null). */
export async function uploadFile(
  h: Harness,
  token: string,
  nodeId: string,
  taskId: string,
  file: UploadFile | null,
  query = '',
) {
  const form = new FormData()
  if (file)
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    )
  else form.append('note', 'no file here')
  const res = await fetch(`${h.url}/attachments/${nodeId}/${taskId}${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  return { status: res.status, body: (await res.json()) as any }
}

/** A JPEG photo as a camera writes it: `width`×`height` pixels stored, an EXIF orientation tag. */
export const jpegPhoto = (width: number, height: number, orientation = 1) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .withMetadata({ orientation })
    .toBuffer()

/** A half-transparent PNG. */
export const pngImage = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } })
    .png()
    .toBuffer()

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const out = Buffer.alloc(body.length + 8)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), body.length + 4)
  return out
}

/** A decompression bomb: a valid PNG of a few KB whose header claims `side`×`side` grey pixels. */
export function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 8 // bit depth; colour type 0 (grey), the rest 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc((side + 1) * 16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}
