import { DATA_URL_MAX } from '@domain/nodes/settings-schema'
import { describe, expect, it } from 'vitest'
import { LOGO_MAX_BYTES } from '~/components/admin-ui/schemas'
import { logoFromBytes, sniffImage } from './__ui-logo.server'

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'utf8')] : p)))

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR')
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF')
const WEBP = bytes('RIFF', [36, 0, 0, 0], 'WEBPVP8 ')
const ICO = bytes([0, 0, 1, 0, 1, 0, 16, 16, 0, 0])
const SVG = bytes(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
)

describe('sniffImage', () => {
  it.each([
    ['png', PNG, 'png'],
    ['jpeg', JPEG, 'jpeg'],
    ['webp', WEBP, 'webp'],
    ['ico', ICO, 'ico'],
    ['svg', SVG, 'svg'],
    [
      'svg with a declaration, comment and doctype',
      bytes(
        '\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>',
      ),
      'svg',
    ],
    ['gif (not allowed)', bytes('GIF89a', [1, 0, 1, 0]), null],
    ['an icon directory with no images', bytes([0, 0, 1, 0, 0, 0]), null],
    ['a cursor file', bytes([0, 0, 2, 0, 1, 0]), null],
    ['RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), null],
    ['HTML', bytes('<!doctype html><html><svg></svg>'), null],
    ['text', bytes('hello'), null],
    ['an SVG named .png is still an SVG', SVG, 'svg'],
  ])('%s', (_, input, type) => expect(sniffImage(input)).toBe(type))
})

describe('logoFromBytes', () => {
  it('stores the sniffed type in a base64 data: URL', () => {
    const r = logoFromBytes(PNG)
    expect(r).toEqual({
      ok: true,
      type: 'png',
      dataUrl: `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`,
    })
    expect(logoFromBytes(ICO)).toMatchObject({
      ok: true,
      dataUrl: expect.stringMatching(/^data:image\/x-icon;base64,AAAB/),
    })
    expect(logoFromBytes(SVG)).toMatchObject({
      ok: true,
      dataUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    })
  })

  it.each([
    ['empty', new Uint8Array(0), 'ui.logo.error.empty'],
    ['not an image', bytes('%PDF-1.7'), 'ui.logo.error.type'],
    ['an SVG with a script', bytes('<svg><script>alert(1)</script></svg>'), 'ui.logo.error.unsafe_svg'],
    ['an SVG with an event handler', bytes('<svg onload="alert(1)"></svg>'), 'ui.logo.error.unsafe_svg'],
    [
      'an SVG with a javascript: link',
      bytes('<svg><a href="javascript:x"><text>x</text></a></svg>'),
      'ui.logo.error.unsafe_svg',
    ],
    [
      'an SVG with entities',
      bytes('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "b">]><svg>&a;</svg>'),
      'ui.logo.error.type',
    ],
  ])('refuses %s', (_, input, code) => expect(logoFromBytes(input)).toEqual({ ok: false, code }))

  it('takes a file of exactly the limit and refuses one byte more; the URL fits the setting', () => {
    const max = new Uint8Array(LOGO_MAX_BYTES)
    max.set(PNG)
    const r = logoFromBytes(max)
    expect(r.ok).toBe(true)
    expect(r.ok && r.dataUrl.length).toBeLessThanOrEqual(DATA_URL_MAX)
    const over = new Uint8Array(LOGO_MAX_BYTES + 1)
    over.set(PNG)
    expect(logoFromBytes(over)).toEqual({ ok: false, code: 'ui.logo.error.too_large' })
  })
})
