import { createHash } from 'node:crypto'
import { adminBoardsLocales } from '~/components/admin-boards/locales'
import { adminFieldsLocales } from '~/components/admin-fields/locales'
import { adminPluginsLocales } from '~/components/admin-plugins/locales'
import { adminUiLocales } from '~/components/admin-ui/locales'
import { adminUsersLocales } from '~/components/admin-users/locales'
import { adminWorkflowLocales } from '~/components/admin-workflow/locales'
import { bulkLocales } from '~/components/bulk/locales'
import { headerLocales } from '~/components/layout/locales'
import { notificationsLocales } from '~/components/notifications/locales'
import { queriesLocales } from '~/components/queries/locales'
import { searchLocales } from '~/components/search/locales'
import { tasksLocales } from '~/components/task/locales'
import { fieldsLocales } from '~/fields/locales'
import { DEFAULT_NS, i18nConfig, type Language, type Namespace } from '~/i18n'
import { kanbanLocales } from '~/widgets/kanban/locales'
import { boardsLocales } from '~/widgets/locales'
import commonEn from '../../public/locales/en/common.json'
import shellEn from '../../public/locales/en/shell.json'
import commonRu from '../../public/locales/ru/common.json'
import shellRu from '../../public/locales/ru/shell.json'
import commonZh from '../../public/locales/zh/common.json'
import shellZh from '../../public/locales/zh/shell.json'

/**
 * Every language and namespace, for the server's per-request i18next. A namespace is registered in
 * two places: its name in NAMESPACES (app/i18n.ts) and its files here.
 */
const FILES = {
  common: { ru: commonRu, en: commonEn, zh: commonZh },
  shell: { ru: shellRu, en: shellEn, zh: shellZh },
  'admin-users': adminUsersLocales,
  'admin-ui': adminUiLocales,
  fields: fieldsLocales,
  'admin-fields': adminFieldsLocales,
  'admin-workflow': adminWorkflowLocales,
  tasks: tasksLocales,
  'admin-boards': adminBoardsLocales,
  boards: boardsLocales,
  notifications: notificationsLocales,
  'admin-plugins': adminPluginsLocales,
  queries: queriesLocales,
  bulk: bulkLocales,
  header: headerLocales,
  search: searchLocales,
  kanban: kanbanLocales,
} as const satisfies Record<Namespace, Record<Language, Record<string, string>>>

function inLanguage<L extends Language>(lng: L) {
  return Object.fromEntries(Object.entries(FILES).map(([ns, byLng]) => [ns, byLng[lng]])) as {
    [N in Namespace]: (typeof FILES)[N][L]
  }
}

export const resources = { ru: inLanguage('ru'), en: inLanguage('en'), zh: inLanguage('zh') }

/**
 * What the server translates with: `resources`, but each language's default namespace also holds
 * every other namespace's texts, the earlier of `fallbackNS` winning a key two of them have, as
 * i18next's own walk would. A `t()` of the default namespace then finds its key in the first place
 * it looks instead of missing in up to ten namespaces first — for a plural, once per namespace and
 * plural form: a board page's calendars spent a fifth of its render there (issue 11). Texts come out
 * the same; the page's own copy of the texts (entry.server.tsx) stays `resources`.
 */
function forLookup<L extends Language>(lng: L) {
  const own = resources[lng]
  const merged = Object.assign(
    {},
    ...[...i18nConfig.fallbackNS].reverse().map((ns) => own[ns]),
    own[DEFAULT_NS],
  ) as Record<string, string>
  return { ...own, [DEFAULT_NS]: merged }
}

export const lookupResources = { ru: forLookup('ru'), en: forLookup('en'), zh: forLookup('zh') }

/** Changes whenever a text does: the browser's locale URLs carry it (`?v=`), so no stale copy is used. */
export const RESOURCES_VERSION = createHash('sha256')
  .update(JSON.stringify(resources))
  .digest('base64url')
  .slice(0, 12)

/** A language's texts as the browser gets them (app/routes/resources+/texts.$lng.ts): made once per language. */
const textsJsonCache = new Map<Language, string>()
export function textsJson(lng: Language): string {
  let json = textsJsonCache.get(lng)
  if (json === undefined) {
    json = JSON.stringify(resources[lng])
    textsJsonCache.set(lng, json)
  }
  return json
}
