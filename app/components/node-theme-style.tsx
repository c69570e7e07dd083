import { createContext, useContext, useEffect, useState } from 'react'
import { composeThemeCss, NODE_THEME_STYLE_ID } from '~/lib/node-theme'
import { useNonce } from './nonce-provider'

/** The composed theme CSS, given by entry.server.tsx; absent in the browser. */
const ServerThemeContext = createContext<string | null>(null)
export const ServerThemeProvider = ServerThemeContext.Provider

interface Applied {
  version: string | null
  css: string
}

/** On hydration: exactly what the server rendered, so React finds the same text. */
function fromDom(): Applied {
  const el = typeof document === 'undefined' ? null : document.getElementById(NODE_THEME_STYLE_ID)
  return { version: el?.getAttribute('data-version') || null, css: el?.textContent ?? '' }
}

/**
 * The node's theme (its CSS and font faces) as a <style> with the page's nonce. The server renders
 * it into the page, so the first paint is themed and no JavaScript is needed. In the browser the
 * theme is kept in IndexedDB by version (app/lib/theme-cache.client.ts): a newer version the root
 * loader reports later (after an administrator's change) is fetched once and applied in place, and
 * when the server could not load the theme, the cached one is used.
 */
export function NodeThemeStyle({ domain, version }: { domain: string; version: string | null }) {
  const nonce = useNonce()
  const serverCss = useContext(ServerThemeContext)
  const [applied, setApplied] = useState<Applied>(() =>
    serverCss !== null ? { version, css: serverCss } : fromDom(),
  )

  useEffect(() => {
    let cancelled = false
    import('~/lib/theme-cache.client').then(async ({ fetchNodeTheme, indexedDbStorage, syncTheme }) => {
      const { theme } = await syncTheme(indexedDbStorage(), domain, version, () => fetchNodeTheme(domain))
      if (cancelled || !theme) return
      setApplied((now) =>
        now.version === theme.version ? now : { version: theme.version, css: composeThemeCss(theme) },
      )
    })
    return () => {
      cancelled = true
    }
  }, [domain, version])

  return (
    <style
      id={NODE_THEME_STYLE_ID}
      nonce={nonce || undefined}
      data-version={applied.version ?? undefined}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: composed by composeThemeCss, '<' escaped
      dangerouslySetInnerHTML={{ __html: applied.css }}
    />
  )
}
