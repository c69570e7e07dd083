import type { InitOptions } from 'i18next'
import en from '../public/locales/en/common.json'
import ru from '../public/locales/ru/common.json'
import zh from '../public/locales/zh/common.json'

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

export const resources = {
  ru: { common: ru },
  en: { common: en },
  zh: { common: zh },
} as const

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
