/*
 * The content type of an upload, decided from its first bytes (magic numbers), never from what the
 * client claims: a file named photo.png that is an HTML page is served as text, not as an image.
 * The extension only names the kind of a ZIP container (docx, xlsx…) or of plain text (csv).
 */

/** How many leading bytes the sniffer looks at. */
export const SNIFF_BYTES = 4096

const OCTET = 'application/octet-stream'

const startsWith = (head: Uint8Array, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b)
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))

const SIGNATURES: [string, number[], number?][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', ascii('GIF87a')],
  ['image/gif', ascii('GIF89a')],
  ['image/bmp', ascii('BM')],
  ['image/tiff', [0x49, 0x49, 0x2a, 0x00]],
  ['image/tiff', [0x4d, 0x4d, 0x00, 0x2a]],
  ['application/pdf', ascii('%PDF-')],
  ['application/zip', [0x50, 0x4b, 0x03, 0x04]],
  ['application/zip', [0x50, 0x4b, 0x05, 0x06]],
  ['application/gzip', [0x1f, 0x8b]],
  ['application/x-7z-compressed', [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  ['application/vnd.rar', ascii('Rar!')],
  ['application/ogg', ascii('OggS')],
  ['audio/mpeg', ascii('ID3')],
  ['video/mp4', ascii('ftyp'), 4],
]

/** ZIP containers named by their extension (Office Open XML, OpenDocument). */
const ZIP_KINDS: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
}

/** UTF-8 text without NUL bytes; a sequence cut by the end of the head is forgiven. */
function isText(head: Uint8Array, whole: boolean): boolean {
  if (head.includes(0)) return false
  const decoder = new TextDecoder('utf-8', { fatal: true })
  for (let cut = 0; cut <= (whole ? 0 : 3); cut++) {
    try {
      decoder.decode(head.subarray(0, head.length - cut))
      return true
    } catch {}
  }
  return false
}

const extensionOf = (name: string) => /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? ''

/**
 * The content type of a file from its first bytes (`head`, up to SNIFF_BYTES) and its name.
 * `whole`: the head is the entire file (a short file), so text must decode to its very end.
 */
export function sniffContentType(head: Uint8Array, name: string, whole = head.length < SNIFF_BYTES): string {
  if (head.length === 0) return OCTET
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp'
  const found = SIGNATURES.find(([, bytes, at]) => startsWith(head, bytes, at ?? 0))
  if (found) {
    const ext = extensionOf(name)
    return found[0] === 'application/zip' && ZIP_KINDS[ext] ? ZIP_KINDS[ext] : found[0]
  }
  if (isText(head, whole)) {
    const text = new TextDecoder()
      .decode(head)
      .replace(/^\uFEFF/, '')
      .trimStart()
    if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text)) return 'image/svg+xml'
    return extensionOf(name) === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8'
  }
  return OCTET
}

/** Raster images a browser may show inline: everything else downloads (no script runs from an upload). */
export const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

/** Images the card shows a thumbnail for (spec §9). */
export const THUMBNAIL_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
