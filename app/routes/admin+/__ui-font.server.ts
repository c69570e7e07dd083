import { FONT_MAX_BYTES, FONT_TYPES, type FontType } from '~/components/admin-ui/schemas'

/*
 * A font upload becomes a data: URL stored in settings.theme.fonts (the upstream keeps no files for
 * it, as for the logo). The kind is read from the bytes, never from the file name.
 */

export type FontCheck =
  | { ok: true; type: FontType; dataUrl: string }
  | { ok: false; code: 'ui.fonts.error.file' | 'ui.fonts.error.too_large' | 'ui.fonts.error.type' }

const tag = (bytes: Uint8Array) => String.fromCharCode(...bytes.subarray(0, 4))

/** woff2 and woff by their signatures; TrueType by its sfnt version (1.0 or 'true'). */
export function sniffFont(bytes: Uint8Array): FontType | null {
  const head = tag(bytes)
  if (head === 'wOF2') return 'woff2'
  if (head === 'wOFF') return 'woff'
  if (head === '\u0000\u0001\u0000\u0000' || head === 'true') return 'ttf'
  return null
}

export function fontFromBytes(bytes: Uint8Array): FontCheck {
  if (bytes.length < 12) return { ok: false, code: 'ui.fonts.error.file' }
  if (bytes.length > FONT_MAX_BYTES) return { ok: false, code: 'ui.fonts.error.too_large' }
  const type = sniffFont(bytes)
  if (!type) return { ok: false, code: 'ui.fonts.error.type' }
  return {
    ok: true,
    type,
    dataUrl: `data:${FONT_TYPES[type]};base64,${Buffer.from(bytes).toString('base64')}`,
  }
}
