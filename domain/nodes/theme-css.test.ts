import { describe, expect, it } from 'vitest'
import { nodeSettingsSchema } from './settings-schema'
import { themeCssProblem } from './theme-css'

describe('themeCssProblem', () => {
  it('accepts CSS that loads from this site or data: URLs', () => {
    for (const css of [
      ':root { --accent: #f60 }\nbody { font-family: "Inter" }',
      'a { background: url(/img/a.png) } b { background: url("data:image/png;base64,AAAA") }',
      '@import "/theme/extra.css";\n@import url(/x.css);',
      '.x { content: "see https://example.com" }',
    ])
      expect(themeCssProblem(css)).toBeNull()
  })

  it('refuses a < (it could close the <style>) at its line', () => {
    expect(themeCssProblem('a{}\nb{}\n</style><script>')).toEqual({ code: 'value_error.unsafe_css', line: 3 })
    expect(themeCssProblem('a{content:"\\3c/style>"}')).toEqual({ code: 'value_error.unsafe_css', line: 1 })
  })

  it('refuses loading from another origin, however it is written, at its line', () => {
    const cases: [string, number][] = [
      ['@import "https://evil.example/x.css";', 1],
      ['a{}\n@import url(//evil.example/x.css);', 2],
      ['a{}\n\nb { background: url( "http://evil.example/p.png") }', 3],
      ["b { background: url('javascript:alert(1)') }", 1],
      ['b { background-image: image-set("https://evil.example/a.png" 1x) }', 1],
      ['b { background: u\\72l(https://evil.example/a.png) }', 1],
      ['@im\\70ort "https://evil.example/x.css";', 1],
      ['b { background: url(/* hidden */https://evil.example/a.png) }', 1],
      ['@import theme-var;', 1],
      ['@font-face { font-family: X;\n src: url(https://fonts.example/x.woff2) }', 2],
    ]
    for (const [css, line] of cases)
      expect(themeCssProblem(css), css).toEqual({ code: 'value_error.css_foreign_url', line })
  })

  it('is the rule of the settings schema, with the line in the issue', () => {
    const r = nodeSettingsSchema.safeParse({
      theme: { css: 'a{}\nb{background:url(https://x.example/a.png)}' },
    })
    expect(r.success).toBe(false)
    const issue = r.error!.issues[0]!
    expect(issue).toMatchObject({ path: ['theme', 'css'], message: 'value_error.css_foreign_url' })
    expect((issue as { params?: unknown }).params).toEqual({ line: 2 })
  })

  it('takes font faces with family, weight and style beside plain font URLs', () => {
    const fonts = [
      '/fonts/a.woff2',
      { src: 'data:font/woff2;base64,d09GMg==', family: 'Brand Sans', weight: '700', style: 'italic' },
    ]
    expect(nodeSettingsSchema.safeParse({ theme: { fonts } }).success).toBe(true)
    const bad = nodeSettingsSchema.safeParse({
      theme: { fonts: [{ src: '/a.woff2', family: 'x;}', weight: '750' }] },
    })
    expect(bad.success).toBe(false)
  })
})
