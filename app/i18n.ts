import type { InitOptions } from 'i18next'
/**
 * i18next settings shared by the server (a fresh instance per request) and the browser.
 *
 * Keys are flat (`keySeparator: false`): catalogue codes such as `value_error` and `value_error.email`
 * are both keys, which nesting cannot express. Placeholders use single braces, `{max}`, as the
 * catalogue's English texts do. The server holds every language (app/lib/i18n-resources.server.ts).
 * The browser gets the page's language as one JSON (`textsUrl`: /resources/texts/{lng}?v={hash},
 * cached for a year, preloaded by the page's head) and hydrates once it has it, so the server's
 * text is never replaced by keys; the page itself does not carry the texts (66 KB a page, issue
 * 24). Another language is fetched from /locales (the static files) when the user switches. The
 * texts stay out of the JavaScript bundle, and a language the browser never uses is never
 * downloaded.
 *
 * Namespaces: `common` (the catalogue and what every page needs) and one file per area of the app
 * (`shell`: the layout, menus, profile, task creation and admin pages; `admin-users`;
 * `admin-ui`; `fields`: the field components of app/fields and the generic form; `admin-fields`: /admin/fields
 * and /admin/forms; `admin-workflow`: statuses, status groups, processes, teams;
 * `tasks`: the create page and the task card; `admin-boards`: /admin/boards and /admin/widgets;
 * `boards`: the board pages and their widgets; `notifications`: the inbox, its preferences and
 * watching a task; `search`: the search page /lk/tasks; `queries`: saved task queries; `bulk`: the
 * bulk edit from the search results and /lk/tasks/batches; `header`: the header's quick find and the
 * personal menu's nodes; `kanban`: the kanban widget and its settings). Every
 * namespace is loaded and searched, so `t` finds a key in whichever file holds it; a key lives in
 * one file only (app/i18n.test.ts checks that, and that every language has every key of every
 * namespace). Registering one: its name below, its files in app/lib/i18n-resources.server.ts.
 */
export const SUPPORTED_LANGUAGES = ['ru', 'en', 'zh'] as const
export type Language = (typeof SUPPORTED_LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'ru'
export const DEFAULT_NS = 'common'

/** The files of public/locales/{lng}/ (app/i18n.test.ts checks them against this list). */
export const NAMESPACES = [
  'common',
  'shell',
  'admin-users',
  'admin-ui',
  'fields',
  'admin-fields',
  'admin-workflow',
  'tasks',
  'admin-boards',
  'boards',
  'notifications',
  'admin-plugins',
  'queries',
  'header',
  'search',
  'bulk',
  'kanban',
] as const
export type Namespace = (typeof NAMESPACES)[number]

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value)
}

export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  lng: DEFAULT_LANGUAGE,
  defaultNS: DEFAULT_NS,
  ns: [...NAMESPACES],
  fallbackNS: NAMESPACES.filter((ns) => ns !== DEFAULT_NS),
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  react: { useSuspense: false },
  returnNull: false,
} satisfies InitOptions

/** Local storage key holding the language with JavaScript (spec §9). */
export const LANGUAGE_STORAGE_KEY = '_l'

/**
 * Every namespace of a language as one JSON (app/routes/resources+/texts.$lng.ts): what the browser
 * starts i18next from. `v` (the texts' hash) names one version, which the browser may keep a year.
 */
export function textsUrl(lng: string, version: string): string {
  return `/resources/texts/${lng}?v=${encodeURIComponent(version)}`
}

/** A namespace of a language as the browser fetches it; `v` (the texts' hash) makes a change reach it at once. */
export function localeUrl(lng: string, ns: string, version: string): string {
  return `/locales/${lng}/${ns}.json?v=${encodeURIComponent(version)}`
}
