import { nodeSettingsSchema } from '@domain/nodes/settings-schema'
import { LOGO_MAX_BYTES, LOGO_TYPES, type LogoType } from '~/components/admin-ui/schemas'

/*
 * A logo upload becomes a data: URL stored in settings.logo.* (the upstream keeps no files for
 * it). The kind is read from the bytes, never from the file name or the browser's Content-Type.
 */

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((b, i) => bytes[at + i] === b)
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))

// An SVG document: optional BOM, XML declaration, comments and doctype, then the <svg> element.
const SVG_START =
  /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE\s+svg[^>[]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>/]/i
// An <img> never runs an SVG's scripts, but the same URL could be opened on its own: refuse them
// (and entity tricks) rather than store them.
const SVG_ACTIVE = /<script|<foreignObject|<!ENTITY|\bon[a-z]+\s*=|javascript:|<iframe|<embed|<object/i

export type LogoCheck =
  | { ok: true; type: LogoType; dataUrl: string }
  | {
      ok: false
      code:
        | 'ui.logo.error.empty'
        | 'ui.logo.error.too_large'
        | 'ui.logo.error.type'
        | 'ui.logo.error.unsafe_svg'
    }

export function sniffImage(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  if (startsWith(bytes, [0, 0, 1, 0]) && bytes.length >= 6 && (bytes[4]! | (bytes[5]! << 8)) > 0) return 'ico'
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096))
  if (SVG_START.test(head)) return 'svg'
  return null
}

/** Checks an uploaded file and turns it into the data: URL the setting stores. */
export function logoFromBytes(bytes: Uint8Array): LogoCheck {
  if (bytes.length === 0) return { ok: false, code: 'ui.logo.error.empty' }
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, code: 'ui.logo.error.too_large' }
  const type = sniffImage(bytes)
  if (!type) return { ok: false, code: 'ui.logo.error.type' }
  if (type === 'svg' && SVG_ACTIVE.test(new TextDecoder().decode(bytes))) {
    return { ok: false, code: 'ui.logo.error.unsafe_svg' }
  }
  const dataUrl = `data:${LOGO_TYPES[type]};base64,${Buffer.from(bytes).toString('base64')}`
  // The upstream checks it again; this keeps the answer a field error and not a failed save.
  const valid = nodeSettingsSchema.shape.logo.unwrap().shape.main.safeParse(dataUrl).success
  return valid ? { ok: true, type, dataUrl } : { ok: false, code: 'ui.logo.error.too_large' }
}
