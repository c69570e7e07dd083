import type { InitOptions } from 'i18next'
import en from '../public/locales/en/common.json'
import ru from '../public/locales/ru/common.json'
import zh from '../public/locales/zh/common.json'
import { adminUiLocales } from './components/admin-ui/locales'
import { adminUsersLocales } from './components/admin-users/locales'

/**
 * i18next settings shared by the server (a fresh instance per request) and the browser.
 *
 * Keys are flat (`keySeparator: false`): catalogue codes such as `value_error` and `value_error.email`
 * are both keys, which nesting cannot express. Placeholders use single braces, `{max}`, as the
 * catalogue's English texts do. The three languages are bundled (a few KB each), so no request waits
 * on a translation file; they are also served from /locales for other clients.
 */
export const SUPPORTED_LANGUAGES = ['ru', 'en', 'zh'] as const
export type Language = (typeof SUPPORTED_LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'ru'
export const DEFAULT_NS = 'common'

/** Every namespace in its three languages. Registering one is one line here. */
export const NAMESPACES = {
  common: { ru, en, zh },
  'admin-users': adminUsersLocales,
  'admin-ui': adminUiLocales,
} as const
export type Namespace = keyof typeof NAMESPACES

function inLanguage<L extends Language>(lng: L) {
  return Object.fromEntries(Object.entries(NAMESPACES).map(([ns, byLng]) => [ns, byLng[lng]])) as {
    [N in Namespace]: (typeof NAMESPACES)[N][L]
  }
}

export const resources = { ru: inLanguage('ru'), en: inLanguage('en'), zh: inLanguage('zh') }

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value)
}

export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  lng: DEFAULT_LANGUAGE,
  defaultNS: DEFAULT_NS,
  ns: [DEFAULT_NS],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  react: { useSuspense: false },
  returnNull: false,
} satisfies InitOptions

/** Local storage key holding the language with JavaScript (spec §9). */
export const LANGUAGE_STORAGE_KEY = '_l'
