/*
 * The rich-text whitelist (spec §3, the `editor` type): what HTML an editor's value may hold.
 * A pure function over the HTML string (no DOM), so the browser cleans pasted HTML and the domain
 * cleans what reaches the upstream with the same rules. A small tokenizer: tags on the list are
 * rewritten with only their allowed attributes and balanced; tags whose content is code (script,
 * style…) are dropped with their content; every other tag is unwrapped, keeping its text.
 */

/** The tags an editor's HTML may hold. */
export const RICH_TEXT_TAGS = ['b', 'strong', 'i', 'em', 'u', 'p', 'br', 'ul', 'ol', 'li', 'a'] as const

const ALLOWED = new Set<string>(RICH_TEXT_TAGS)
const VOID = new Set(['br'])
/** Dropped with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'textarea',
  'select',
  'title',
  'head',
  'svg',
  'math',
])

const SAFE_HREF = /^(https?:|mailto:)/i
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  colon: ':',
  tab: '\t',
  newline: '\n',
}

/** Character references decoded, as a browser would before reading a URL's scheme. */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1))
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ''
    }
    return NAMED[ref.toLowerCase()] ?? whole
  })
}

/** The link a user may follow: http, https or mailto only (no javascript:, data:, relative). */
export function safeHref(raw: string): string | null {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  const href = [...decodeEntities(raw)]
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0
      return code > 0x20 && (code < 0x7f || code > 0x9f)
    })
    .join('')
  return SAFE_HREF.test(href) ? href : null
}

const escapeText = (s: string) =>
  s
    .replace(/&(?!(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const TAG =
  /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?|\s*\/)*)\s*>/y
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g

function hrefOf(attrs: string): string | null {
  for (const m of attrs.matchAll(ATTR)) {
    if (m[1].toLowerCase() !== 'href') continue
    return safeHref(m[2] ?? m[3] ?? m[4] ?? '')
  }
  return null
}

/**
 * `html` cleaned to the whitelist: b, strong, i, em, u, p, br, ul, ol, li, and a with an http,
 * https or mailto href (its only attribute). No other attribute survives (on*, style, class);
 * tags are balanced; text is escaped.
 */
export function sanitizeRichText(html: string): string {
  let out = ''
  let text = ''
  const open: string[] = []
  let i = 0
  const flush = () => {
    out += escapeText(text)
    text = ''
  }
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    if (lt < 0) {
      text += html.slice(i)
      break
    }
    text += html.slice(i, lt)
    i = lt
    // Comments, doctypes, processing instructions: gone.
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4)
      i = end < 0 ? html.length : end + 3
      continue
    }
    if (/^<[!?]/.test(html.slice(i, i + 2))) {
      const end = html.indexOf('>', i)
      i = end < 0 ? html.length : end + 1
      continue
    }
    TAG.lastIndex = i
    const m = TAG.exec(html)
    if (!m) {
      // A lone "<" is text.
      text += '<'
      i += 1
      continue
    }
    i = TAG.lastIndex
    const closing = m[1] === '/'
    const name = m[2].toLowerCase()
    if (DROPPED.has(name)) {
      if (!closing && !m[3].trimEnd().endsWith('/')) {
        const end = new RegExp(`</${name}\\s*>`, 'ig')
        end.lastIndex = i
        i = end.exec(html) ? end.lastIndex : html.length
      }
      continue
    }
    if (!ALLOWED.has(name)) continue // unwrapped: its text stays
    flush()
    if (closing) {
      const at = open.lastIndexOf(name)
      if (at < 0) continue
      while (open.length > at) out += `</${open.pop()}>`
      continue
    }
    if (VOID.has(name)) {
      out += `<${name}>`
      continue
    }
    if (name === 'a') {
      const href = hrefOf(m[3])
      // A link without a safe target is its text; its closing tag finds nothing open.
      if (href === null) continue
      out += `<a href="${escapeAttr(href)}">`
    } else out += `<${name}>`
    open.push(name)
  }
  flush()
  while (open.length) out += `</${open.pop()}>`
  return out
}
