import { describe, expect, it } from 'vitest'
import { assetOrigins, composeThemeCss, fontFamily } from './node-theme'

describe('fontFamily', () => {
  it('names a font file by its file name, a data: URL by its place in the list', () => {
    expect(fontFamily('/fonts/Inter.woff2', 0)).toBe('Inter')
    expect(fontFamily('https://cdn.example/f/PT%20Sans.ttf?v=2#x', 1)).toBe('PT Sans')
    expect(fontFamily('data:font/woff2;base64,AAAA', 2)).toBe('NodeFont3')
    expect(fontFamily('https://cdn.example/', 0)).toBe('NodeFont1')
  })
})

describe('composeThemeCss', () => {
  it('puts one @font-face per font before the node CSS', () => {
    const css = composeThemeCss({ css: ':root{--accent:#f60}', fonts: ['/fonts/Inter.woff2', '/f/Mono.otf'] })
    expect(css.split('\n')).toEqual([
      '@font-face{font-family:"Inter";src:url("/fonts/Inter.woff2") format("woff2");font-display:swap}',
      '@font-face{font-family:"Mono";src:url("/f/Mono.otf") format("opentype");font-display:swap}',
      ':root{--accent:#f60}',
    ])
  })

  it('reads the format of a data: font from its type', () => {
    expect(composeThemeCss({ css: '', fonts: ['data:font/woff;base64,AAAA'] })).toContain('format("woff")')
  })

  it('is empty for a node without a theme', () => {
    expect(composeThemeCss({ css: '', fonts: [] })).toBe('')
  })

  it('can never close the <style> element, whatever the URLs hold', () => {
    const css = composeThemeCss({
      css: 'a{}',
      fonts: ['https://x.example/</style><script>alert(1)</script>.woff'],
    })
    expect(css).not.toContain('<')
    expect(css).toContain('\\3c /style>')
  })

  it('escapes quotes in URLs', () => {
    expect(composeThemeCss({ css: '', fonts: ['https://x.example/a".woff'] })).toContain(
      'url("https://x.example/a\\".woff")',
    )
  })
})

describe('assetOrigins', () => {
  it('lists the other origins of http(s) URLs, once each; paths and data: URLs need none', () => {
    expect(
      assetOrigins([
        'https://cdn.example/logo.svg',
        'https://cdn.example/small.svg',
        '/logo.svg',
        'data:image/png;base64,AAAA',
        undefined,
        'http://img.example:8080/x.png',
      ]),
    ).toEqual(['https://cdn.example', 'http://img.example:8080'])
  })
})
