import type { Schema } from './upstream/types'

/**
 * A node's theme as the page uses it (spec §1, §4; PRODUCT.md §8): its CSS and its font files,
 * composed into one style sheet. Shared by the server (which renders it into the page) and the
 * browser (which caches it in IndexedDB and applies a newer version without a reload).
 */

/** The contract's `NodeAssets` without its settings; `version` changes with them: the cache key. */
export type ThemeAssets = Pick<Schema<'NodeAssets'>, 'version' | 'css' | 'fonts'>

/** One of the theme's fonts: a file URL, or a face (file, family, weight, style). */
export type ThemeFontEntry = ThemeAssets['fonts'][number]

/** The file a font entry loads. */
export const fontSrc = (font: ThemeFontEntry): string => (typeof font === 'string' ? font : font.src)

/** The element holding the node's style sheet (read back by the browser on hydration). */
export const NODE_THEME_STYLE_ID = 'node-theme'

const FORMATS: Record<string, string> = { woff2: 'woff2', woff: 'woff', ttf: 'truetype', otf: 'opentype' }

/**
 * The family a font file provides: its file name without the extension (`/fonts/Inter.woff2` →
 * `Inter`), so the node's CSS can say `font-family: "Inter"`; a data: URL has no name, so it is
 * `NodeFont1`, `NodeFont2`… in list order.
 */
export function fontFamily(url: string, index: number): string {
  if (url.startsWith('data:')) return `NodeFont${index + 1}`
  const file = url.split(/[?#]/)[0]!.split('/').pop() ?? ''
  const name = decodeURIComponentSafe(file)
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[^\w -]/g, '')
  return name || `NodeFont${index + 1}`
}

function fontFormat(url: string): string | null {
  const ext = url.startsWith('data:')
    ? /^data:(?:font\/|application\/(?:x-)?font-?)([a-z0-9]+)/i.exec(url)?.[1]
    : /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]
  return FORMATS[ext?.toLowerCase() ?? ''] ?? null
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** A CSS string literal. */
const cssString = (s: string) => `"${s.replace(/[\\"]/g, '\\$&').replace(/[\n\r\f]/g, '')}"`

/**
 * The style sheet of a node: one @font-face per font file, then the node's CSS. A `<` can never
 * appear raw (it could close the <style> element): the settings schema refuses it in the CSS, and
 * here it is escaped everywhere, URLs included. `fontUrl` says where the page loads a font from
 * (the server's cached font URLs, app/lib/theme-fonts.server.ts); by default the stored URL itself.
 * The format is always read from the stored URL.
 */
export function composeThemeCss(
  theme: Pick<ThemeAssets, 'css' | 'fonts'>,
  fontUrl: (url: string, index: number) => string = (url) => url,
): string {
  const faces = theme.fonts.map((font, i) => {
    const url = fontSrc(font)
    const format = fontFormat(url)
    const src = `url(${cssString(fontUrl(url, i))})${format ? ` format(${cssString(format)})` : ''}`
    const family = typeof font === 'string' ? fontFamily(url, i) : font.family
    // Weight and style come from the settings' enums; kept to their characters all the same.
    const weight = typeof font === 'string' ? '' : `;font-weight:${(font.weight ?? '400').replace(/\D/g, '')}`
    const style =
      typeof font === 'string' ? '' : `;font-style:${font.style === 'italic' ? 'italic' : 'normal'}`
    return `@font-face{font-family:${cssString(family)};src:${src}${weight}${style};font-display:swap}`
  })
  return [...faces, theme.css].filter(Boolean).join('\n').replace(/</g, '\\3c ')
}

/**
 * The origins (other than the page's own) that the node's logo and font URLs load from, for the
 * Content-Security-Policy; paths and data: URLs need none.
 */
export function assetOrigins(urls: (string | undefined)[]): string[] {
  const out = new Set<string>()
  for (const url of urls) {
    if (!url || !/^https?:\/\//i.test(url)) continue
    try {
      out.add(new URL(url).origin)
    } catch {}
  }
  return [...out]
}
