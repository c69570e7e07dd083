import { RemixBrowser } from '@remix-run/react'
import i18next, { type BackendModule, type ResourceLanguage } from 'i18next'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage, localeUrl, textsUrl } from './i18n'

/** Another language's texts, from /locales, when the user switches (i18next loads them first). */
function localeBackend(version: string): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      fetch(localeUrl(language, namespace, version))
        .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`${res.status} ${res.url}`))))
        .then(
          (texts) => callback(null, texts),
          (error: Error) => callback(error, false),
        )
    },
  }
}

/** The page language's texts (one JSON, preloaded by the page's head and cached a year), or null. */
async function pageTexts(lng: string, version: string): Promise<ResourceLanguage | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const res = await fetch(textsUrl(lng, version))
      if (res.ok) return await res.json()
    } catch {}
  }
  return null
}

async function hydrate() {
  // The server chose the language; the browser takes it from <html lang> so hydration matches.
  const html = document.documentElement
  const lng = isLanguage(html.lang) ? html.lang : DEFAULT_LANGUAGE
  const version = html.dataset.i18n ?? ''
  // Hydrating before the texts are here would replace the server's words by keys. Without them the
  // page stays as the server made it, which works as it does without JavaScript.
  const texts = await pageTexts(lng, version)
  if (!texts) {
    console.error(`the texts of ${lng} could not be loaded: the page stays server-rendered`)
    return
  }
  // This browser runs scripts: the server may stream the next pages (app/entry.server.tsx).
  // biome-ignore lint/suspicious/noDocumentCookie: a plain flag, read by the server only
  document.cookie = 'js=1; path=/; max-age=31536000; samesite=lax'
  await i18next
    .use(initReactI18next)
    .use(localeBackend(version))
    .init({
      ...i18nConfig,
      lng,
      resources: { [lng]: texts },
      partialBundledLanguages: true,
      // Every language has every key (app/i18n.test.ts): no fallback language to download as well.
      fallbackLng: false,
    })
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

hydrate()
