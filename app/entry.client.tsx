import { RemixBrowser } from '@remix-run/react'
import i18next, { type BackendModule } from 'i18next'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, I18N_TEXTS_ID, i18nConfig, isLanguage, localeUrl } from './i18n'

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

async function hydrate() {
  // This browser runs scripts: the server may stream the next pages (app/entry.server.tsx).
  // biome-ignore lint/suspicious/noDocumentCookie: a plain flag, read by the server only
  document.cookie = 'js=1; path=/; max-age=31536000; samesite=lax'
  // The server chose the language; the browser takes it from <html lang> so hydration matches.
  const html = document.documentElement
  const lng = isLanguage(html.lang) ? html.lang : DEFAULT_LANGUAGE
  // The page carries its language's texts (app/components/i18n-texts.tsx): no wait for the network.
  const texts = JSON.parse(document.getElementById(I18N_TEXTS_ID)?.textContent || '{}')
  await i18next
    .use(initReactI18next)
    .use(localeBackend(html.dataset.i18n ?? ''))
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
