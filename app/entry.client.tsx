import { RemixBrowser } from '@remix-run/react'
import i18next from 'i18next'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage, resources } from './i18n'

async function hydrate() {
  // The server chose the language; the browser takes it from <html lang> so hydration matches.
  const lang = document.documentElement.lang
  await i18next
    .use(initReactI18next)
    .init({ ...i18nConfig, resources, lng: isLanguage(lang) ? lang : DEFAULT_LANGUAGE })
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
