import { RemixI18Next } from 'remix-i18next/server'
import { DEFAULT_LANGUAGE, i18nConfig, SUPPORTED_LANGUAGES } from '~/i18n'
import { lookupResources } from './i18n-resources.server'
import { getNodeLook } from './node-assets.server'
import { localeCookie } from './session.server'

/**
 * Language detection and server-side translation. The language is, in order: `?lng=`, the `lng`
 * cookie (a Remix cookie, set by /resources/locale: the user's choice), the node's own
 * `settings.locale` (from its assets, cached), then Russian. Accept-Language is deliberately not
 * consulted: the spec makes Russian the default.
 */
export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: localeCookie,
    order: ['searchParams', 'cookie', 'custom'],
    findLocale: async (request) => (await getNodeLook(request))?.locale ?? null,
  },
  i18next: { ...i18nConfig, resources: lookupResources },
})
