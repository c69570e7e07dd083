import type { FieldDefinition } from '../fields/types'
import { restore } from './safety'

/*
 * The columns of a task CSV (PRODUCT.md §7, CSV plugin): the standard fields first, then one per
 * custom field. The upstream writes the file, so the standard headers' words live here, in the
 * three languages of the interface; an import recognises a header in any of them.
 */

export const CSV_LANGUAGES = ['ru', 'en', 'zh'] as const
export type CsvLanguage = (typeof CSV_LANGUAGES)[number]

export const asCsvLanguage = (lang: unknown): CsvLanguage =>
  CSV_LANGUAGES.includes(lang as CsvLanguage) ? (lang as CsvLanguage) : 'ru'

/** Standard columns: which an import can set, which are only ever exported. */
export const STANDARD_COLUMNS = [
  { name: 'key', importable: true, words: { ru: 'Ключ', en: 'Key', zh: '键' } },
  { name: 'title', importable: true, words: { ru: 'Название', en: 'Title', zh: '标题' } },
  { name: 'description', importable: true, words: { ru: 'Описание', en: 'Description', zh: '描述' } },
  { name: 'process', importable: false, words: { ru: 'Процесс', en: 'Process', zh: '流程' } },
  { name: 'status', importable: true, words: { ru: 'Статус', en: 'Status', zh: '状态' } },
  { name: 'assignee', importable: true, words: { ru: 'Исполнитель', en: 'Assignee', zh: '负责人' } },
  { name: 'author', importable: false, words: { ru: 'Автор', en: 'Author', zh: '作者' } },
  { name: 'created_at', importable: false, words: { ru: 'Создана', en: 'Created', zh: '创建时间' } },
  { name: 'updated_at', importable: false, words: { ru: 'Изменена', en: 'Updated', zh: '更新时间' } },
] as const
export type StandardColumn = (typeof STANDARD_COLUMNS)[number]['name']

/** Whether a custom field has a column: a password is never written out, nor read back. */
export const hasColumn = (def: FieldDefinition) => def.type !== 'password'

/**
 * The header of each custom field: its title, or "title (cf_name)" when another field has the
 * same title (two columns of one header could not be told apart on import).
 */
export function customHeaders(customs: readonly FieldDefinition[]): Map<string, string> {
  const defs = customs.filter(hasColumn)
  const titles = new Map<string, number>()
  for (const d of defs)
    titles.set(d.title.trim().toLowerCase(), (titles.get(d.title.trim().toLowerCase()) ?? 0) + 1)
  return new Map(
    defs.map((d) => [
      d.name,
      (titles.get(d.title.trim().toLowerCase()) ?? 0) > 1 || !d.title.trim()
        ? `${d.title} (${d.name})`.trim()
        : d.title,
    ]),
  )
}

/** The header row of an export in `lang`: standard columns, then the custom fields. */
export function exportHeaders(customs: readonly FieldDefinition[], lang: CsvLanguage): string[] {
  return [...STANDARD_COLUMNS.map((c) => c.words[lang]), ...customHeaders(customs).values()]
}

const norm = (s: string) => s.trim().toLowerCase()

/**
 * The field a header names by default: a standard column's word in any language or its name, a
 * custom field's header, title or name. undefined: no field (the column is skipped unless mapped).
 */
export function fieldForHeader(header: string, customs: readonly FieldDefinition[]): string | undefined {
  // An export's header cell may carry the apostrophe that neutralised it (safety.ts).
  const h = norm(restore(header))
  if (!h) return undefined
  for (const c of STANDARD_COLUMNS)
    if (c.importable && (h === c.name || CSV_LANGUAGES.some((l) => norm(c.words[l]) === h))) return c.name
  const headers = customHeaders(customs)
  for (const [name, shown] of headers) if (norm(shown) === h || name === h) return name
  const byTitle = customs.filter((d) => hasColumn(d) && norm(d.title) === h)
  return byTitle.length === 1 ? byTitle[0]!.name : undefined
}

/** The fields an import can map a column to, standard ones first. */
export function importableFields(customs: readonly FieldDefinition[]): string[] {
  return [
    ...STANDARD_COLUMNS.filter((c) => c.importable).map((c) => c.name),
    ...customs.filter(hasColumn).map((d) => d.name),
  ]
}
