import { RemixBrowser } from '@remix-run/react'
import i18next, { type BackendModule } from 'i18next'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage, localeUrl } from './i18n'

/**
 * The texts come from /locales (preloaded by the page's <head>), one language at a time: the page's
 * now, another when the user switches (i18next loads it before changing).
 */
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
  // The server chose the language; the browser takes it from <html lang> so hydration matches.
  const html = document.documentElement
  await i18next
    .use(initReactI18next)
    .use(localeBackend(html.dataset.i18n ?? ''))
    // Every language has every key (app/i18n.test.ts): no fallback language to download as well.
    .init({ ...i18nConfig, fallbackLng: false, lng: isLanguage(html.lang) ? html.lang : DEFAULT_LANGUAGE })
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
