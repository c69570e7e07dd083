import { createHash } from 'node:crypto'
import type { Language, Namespace } from '~/i18n'
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
export const resources = {
  ru: { common: commonRu, shell: shellRu },
  en: { common: commonEn, shell: shellEn },
  zh: { common: commonZh, shell: shellZh },
} as const satisfies Record<Language, Record<Namespace, Record<string, string>>>

/** Changes whenever a text does: the browser's locale URLs carry it (`?v=`), so no stale copy is used. */
export const RESOURCES_VERSION = createHash('sha256')
  .update(JSON.stringify(resources))
  .digest('base64url')
  .slice(0, 12)
