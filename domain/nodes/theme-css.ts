/*
 * The one rule for a node's theme CSS (spec §4 "theme CSS"; PRODUCT.md §10), used by the upstream's
 * settings schema and, through it, by the /admin/ui form. It refuses what the page could not use
 * safely or the Content-Security-Policy would block anyway (app/lib/csp.server.ts):
 * - a `<` anywhere: the CSS is rendered inside <style>, so `</style>` would end it;
 * - loading from elsewhere: `@import`, `url()` or `image-set()` naming another origin or a scheme
 *   other than data: (style-src allows only this site; img-src and font-src this site and data:).
 * Comments are blanked and CSS escapes decoded first, so `u\72l(` or `@im\70ort` are seen for what
 * they are. The answer names the first offending line (1-based).
 */

export type ThemeCssCode = 'value_error.unsafe_css' | 'value_error.css_foreign_url'

export interface ThemeCssProblem {
  code: ThemeCssCode
  line: number
}

/** Comments become spaces (newlines kept), so offsets and line numbers stay those of the input. */
function blankComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, (c) => c.replace(/[^\n]/g, ' '))
}

/**
 * CSS escapes (`\75`, `\75 `, `\u`) decoded, with the offset in the input of each character of the
 * result, so a match is reported at the input's line.
 */
function decodeEscapes(css: string): { text: string; at: number[] } {
  let text = ''
  const at: number[] = []
  const cssEscape = /\\([0-9a-f]{1,6}\s?|[^\n0-9a-f])/giy
  for (let i = 0; i < css.length; ) {
    cssEscape.lastIndex = i
    const m = css[i] === '\\' ? cssEscape.exec(css) : null
    if (!m) {
      text += css[i]
      at.push(i++)
      continue
    }
    const hex = /^[0-9a-f]+/i.exec(m[1]!)?.[0]
    const code = hex ? Number.parseInt(hex, 16) : -1
    const ch = !hex ? m[1]! : code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd'
    text += ch
    for (let k = 0; k < ch.length; k++) at.push(i)
    i += m[0].length
  }
  return { text, at }
}

// A URL loaded from elsewhere: any scheme but data:, or protocol-relative `//host`.
const FOREIGN = '(?:(?!data:)[a-z][a-z0-9+.-]*:|//)'
const RULES: RegExp[] = [
  // @import "x", @import url(x), @import url("x")
  new RegExp(String.raw`@import\s*(?:url\(\s*)?["']?\s*${FOREIGN}`, 'gi'),
  // url(x), url("x"), url('x') anywhere (backgrounds, cursors, @font-face src)
  new RegExp(String.raw`\burl\(\s*["']?\s*${FOREIGN}`, 'gi'),
  // image-set("x" 1x), which takes bare strings as well as url()
  new RegExp(String.raw`image-set\(\s*(?:[^)]*?[,(\s])?["']\s*${FOREIGN}`, 'gi'),
  // @import without a URL we can read (a variable, a function): refused rather than guessed
  /@import(?!\s*(?:url\(|["']))/gi,
]

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length

/** The first problem of a theme's CSS, or null when the page may use it as it is. */
export function themeCssProblem(css: string): ThemeCssProblem | null {
  const { text, at } = decodeEscapes(blankComments(css))
  const lt = text.indexOf('<')
  if (lt !== -1) return { code: 'value_error.unsafe_css', line: lineAt(css, at[lt]!) }
  let first = -1
  for (const rule of RULES) {
    rule.lastIndex = 0
    const m = rule.exec(text)
    if (m && (first === -1 || m.index < first)) first = m.index
  }
  return first === -1 ? null : { code: 'value_error.css_foreign_url', line: lineAt(css, at[first]!) }
}
