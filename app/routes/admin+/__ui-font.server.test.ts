import { describe, expect, it } from 'vitest'
import { FONT_MAX_BYTES, splitLineCode, withLine } from '~/components/admin-ui/schemas'
import { fontFromBytes } from './__ui-font.server'

const bytes = (head: string | number[], size = 64) => {
  const out = new Uint8Array(size).fill(1)
  out.set(typeof head === 'string' ? [...head].map((c) => c.charCodeAt(0)) : head)
  return out
}

describe('fontFromBytes', () => {
  it('reads woff2, woff and TrueType from their signatures into a data: URL of that type', () => {
    expect(fontFromBytes(bytes('wOF2'))).toMatchObject({ ok: true, type: 'woff2' })
    expect(fontFromBytes(bytes('wOFF'))).toMatchObject({ ok: true, type: 'woff' })
    const ttf = fontFromBytes(bytes([0, 1, 0, 0]))
    expect(ttf).toMatchObject({ ok: true, type: 'ttf' })
    expect(ttf.ok && ttf.dataUrl.startsWith('data:font/ttf;base64,')).toBe(true)
  })

  it('refuses an image named like a font, an empty file and one over the limit', () => {
    expect(fontFromBytes(bytes([0x89, 0x50, 0x4e, 0x47]))).toEqual({ ok: false, code: 'ui.fonts.error.type' })
    expect(fontFromBytes(new Uint8Array())).toEqual({ ok: false, code: 'ui.fonts.error.file' })
    expect(fontFromBytes(bytes('wOF2', FONT_MAX_BYTES + 1))).toEqual({
      ok: false,
      code: 'ui.fonts.error.too_large',
    })
  })
})

describe('a field error with its line', () => {
  it('round-trips the code and the line', () => {
    expect(splitLineCode(withLine('value_error.css_foreign_url', 12))).toEqual({
      code: 'value_error.css_foreign_url',
      line: 12,
    })
    expect(splitLineCode('value_error.missing')).toEqual({ code: 'value_error.missing' })
  })
})
