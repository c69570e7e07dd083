import { createContext, useContext, useState } from 'react'
import { I18N_TEXTS_ID } from '~/i18n'

/** The page language's texts as JSON, given by entry.server.tsx; absent in the browser. */
const ServerTextsContext = createContext<string | null>(null)
export const ServerTextsProvider = ServerTextsContext.Provider

/**
 * The texts of the page's language, in the page as JSON (`<script type="application/json">`: data,
 * never run, so the CSP has nothing to allow). The browser starts i18next from them before
 * hydrating (app/entry.client.tsx) without waiting for the network; other languages are fetched
 * when the user switches. On hydration the element keeps what the server wrote.
 */
export function I18nTexts() {
  const server = useContext(ServerTextsContext)
  const [json] = useState(
    () =>
      server ??
      (typeof document === 'undefined' ? '' : (document.getElementById(I18N_TEXTS_ID)?.textContent ?? '')),
  )
  return (
    <script
      id={I18N_TEXTS_ID}
      type="application/json"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own texts, '<' escaped (entry.server.tsx)
      dangerouslySetInnerHTML={{ __html: json }}
    />
  )
}
