import { Transform, type TransformCallback } from 'node:stream'

/**
 * React 18.3's streaming renderer writes its 2 KB buffer whole when a multi-byte character does not
 * fit at its end, so the page gets one to three NUL bytes there (facebook/react#31134, fixed in
 * React 19): in Russian or Chinese text this happens on ordinary pages. UTF-8 never uses the byte
 * 0x00 inside a character, and a page never holds U+0000, so dropping every 0x00 is exact.
 */
export function stripNul(chunk: Buffer): Buffer {
  if (chunk.indexOf(0) === -1) return chunk
  const out = Buffer.allocUnsafe(chunk.length)
  let n = 0
  for (const byte of chunk) if (byte !== 0) out[n++] = byte
  return out.subarray(0, n)
}

/** The stream the HTML goes through on its way out (in place of a PassThrough). */
export function htmlBodyStream(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      done(null, stripNul(chunk))
    },
  })
}
