import type { InitOptions } from 'i18next'
import commonEn from '../public/locales/en/common.json'
import shellEn from '../public/locales/en/shell.json'
import commonRu from '../public/locales/ru/common.json'
import shellRu from '../public/locales/ru/shell.json'
import commonZh from '../public/locales/zh/common.json'
import shellZh from '../public/locales/zh/shell.json'

/**
 * i18next settings shared by the server (a fresh instance per request) and the browser.
 *
 * Keys are flat (`keySeparator: false`): catalogue codes such as `value_error` and `value_error.email`
 * are both keys, which nesting cannot express. Placeholders use single braces, `{max}`, as the
 * catalogue's English texts do. The three languages are bundled (a few KB each), so no request waits
 * on a translation file; they are also served from /locales for other clients.
 *
 * Namespaces: `common` (the catalogue and what every page needs) and one file per area of the app
 * (`shell`: the layout, menus, profile, task creation and admin pages). Every namespace is loaded
 * and searched, so `t` finds a key in whichever file holds it; a key lives in one file only
 * (app/i18n.test.ts checks that, and that every language has every key of every namespace).
 */
export const SUPPORTED_LANGUAGES = ['ru', 'en', 'zh'] as const
export type Language = (typeof SUPPORTED_LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'ru'
export const DEFAULT_NS = 'common'

export const resources = {
  ru: { common: commonRu, shell: shellRu },
  en: { common: commonEn, shell: shellEn },
  zh: { common: commonZh, shell: shellZh },
} as const

export type Namespace = keyof (typeof resources)[Language]
export const NAMESPACES = Object.keys(resources[DEFAULT_LANGUAGE]) as Namespace[]

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value)
}

export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  lng: DEFAULT_LANGUAGE,
  defaultNS: DEFAULT_NS,
  ns: NAMESPACES,
  fallbackNS: NAMESPACES.filter((ns) => ns !== DEFAULT_NS),
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  react: { useSuspense: false },
  returnNull: false,
} satisfies InitOptions

/** Local storage key holding the language with JavaScript (spec §9). */
export const LANGUAGE_STORAGE_KEY = '_l'
