import { RemixI18Next } from 'remix-i18next/server'
import { DEFAULT_LANGUAGE, i18nConfig, resources, SUPPORTED_LANGUAGES } from '~/i18n'
import { localeCookie } from './session.server'

/**
 * Language detection and server-side translation. The language is, in order: `?lng=`, the `lng`
 * cookie (a Remix cookie, set by /resources/locale), then Russian. Accept-Language is deliberately
 * not consulted: the spec makes Russian the default (a node's own `settings.locale` is the next
 * candidate, when the theme work reads the node's assets).
 */
export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: localeCookie,
    order: ['searchParams', 'cookie'],
  },
  i18next: { ...i18nConfig, resources },
})
