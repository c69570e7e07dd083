import type { Readable } from 'node:stream'
import sharp from 'sharp'

/*
 * The card's picture of an image attachment (spec §9): the image turned upright by its EXIF
 * orientation, fitted inside a 320×320 box (never enlarged), sRGB WebP without metadata (no EXIF:
 * a photo's location stays in the original, which needs the same right anyway). WebP keeps a PNG's
 * transparency, which JPEG would lose. Animated GIF and WebP give their first frame.
 */

export const THUMBNAIL_BOX = 320
export const THUMBNAIL_CONTENT_TYPE = 'image/webp'

/**
 * Decompression bombs: an image whose header claims more pixels than this is not decoded at all
 * (a 20 KB PNG can claim 50 000 × 50 000). 100 megapixels covers today's cameras and phones but
 * not their 200 MP modes; those keep no thumbnail.
 */
export const THUMBNAIL_MAX_PIXELS = 100_000_000

/** A hostile image that decodes slowly stops here (libvips' own clock), not at the request's end. */
const TIMEOUT_SECONDS = 20

/**
 * The thumbnail of the image in `input`, or why it cannot be made (not an image after all,
 * truncated, corrupt, too many pixels, too slow). Never throws: an upload never fails for its picture.
 */
export async function makeThumbnail(
  input: Readable,
): Promise<{ ok: true; bytes: Buffer } | { ok: false; error: Error }> {
  try {
    // sharp gathers a piped stream into one buffer before decoding anyway: so do we, and a failing
    // source is then a plain rejection here rather than an unhandled error event on sharp's stream.
    const chunks: Buffer[] = []
    for await (const chunk of input) chunks.push(Buffer.from(chunk as Buffer))
    const bytes = await sharp(Buffer.concat(chunks), {
      limitInputPixels: THUMBNAIL_MAX_PIXELS,
      failOn: 'error',
      pages: 1,
    })
      .autoOrient()
      .resize(THUMBNAIL_BOX, THUMBNAIL_BOX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 2 })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .toBuffer()
    return { ok: true, bytes }
  } catch (err) {
    input.destroy()
    return { ok: false, error: err instanceof Error ? err : new Error(String(err)) }
  }
}
