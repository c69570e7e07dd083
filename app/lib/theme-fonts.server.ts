import { createHash } from 'node:crypto'
import { routes } from './routes'

/*
 * The node theme's fonts as the web app serves them (issue 25). They are stored as data: URLs (up
 * to 10 faces of 191 KB); inlined into each page's @font-face they made every page of such a node
 * ~255 KB heavier per face. Instead each data: font is decoded once per node version and served at
 * GET /resources/theme-font/{i}?v={hash} (app/routes/resources+/theme-font.$i.ts), the hash being
 * the file's: an unchanged face keeps its URL (and the browser's copy) across theme edits, and the
 * URL's answer never changes, so it is cached for a year. Fonts given as URLs are loaded from there.
 */

export interface ServedFont {
  /** The first 16 hex digits of the file's SHA-256: the URL's `v`. */
  hash: string
  /** The content type the font is served with. */
  type: string
  bytes: Uint8Array<ArrayBuffer>
}

// A stored type (what the upload read from the file's bytes, or what an API client wrote) → the
// registered font type browsers expect.
const TYPES: Record<string, string> = {
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  truetype: 'font/ttf',
  sfnt: 'font/sfnt',
  otf: 'font/otf',
  opentype: 'font/otf',
}

const DATA_URL = /^data:(?:font\/|application\/(?:x-)?font-?)([a-z0-9.+-]+)[^,]*;base64,/i

/** A data: font decoded, or null when the font is a URL the browser loads itself. */
export function servedFont(url: string): ServedFont | null {
  const m = DATA_URL.exec(url)
  if (!m) return null
  // A copy in its own ArrayBuffer (not Node's shared pool): what a Response body takes.
  const bytes = new Uint8Array(Buffer.from(url.slice(m[0].length), 'base64'))
  return {
    hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16),
    type: TYPES[m[1]!.toLowerCase()] ?? 'application/octet-stream',
    bytes,
  }
}

/** Where the page loads font `index` from: its served URL, or the stored URL when it is not data:. */
export const pageFontUrl = (url: string, served: ServedFont | null, index: number): string =>
  served ? routes.themeFont(index, served.hash) : url
