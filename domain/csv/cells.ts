import { isBlank } from '../fields/checks'
import { RANGE_JOINER } from '../fields/dates'
import type { FieldDefinition } from '../fields/types'
import { buildValueSchema, formatValue } from '../fields/value'
import { sameValue } from '../tasks/values'
import type { CsvLanguage } from './headers'

/*
 * One custom value as a CSV cell and back, by the field registry: a cell holds the value as a
 * user types it (a date 31.12.2026, an option's title, "yes"), and when that text would not read
 * back to the same stored value (a title two options share, seconds of a date-time), the stored
 * form itself. Reading a cell gives what a form posts; the registry's rules then check it.
 */

const YES = { ru: 'да', en: 'yes', zh: '是' } as const
const NO = { ru: 'нет', en: 'no', zh: '否' } as const
const TRUE_WORDS = new Set(['да', 'yes', '是', 'true', '1', 'on'])
const FALSE_WORDS = new Set(['нет', 'no', '否', 'false', '0', 'off'])

const LIST_JOINER = ', '

/** A select's option by value first, then by title (what a user typed); undefined: none. */
function option(def: FieldDefinition, text: string): string | number | undefined {
  const options = def.settings.options ?? []
  const t = text.trim()
  const byValue = options.find((o) => String(o.value) === t)
  if (byValue) return byValue.value
  const byTitle = options.filter((o) => o.title.trim().toLowerCase() === t.toLowerCase())
  return byTitle.length === 1 ? byTitle[0]!.value : undefined
}
const optionValue = (def: FieldDefinition, text: string) => option(def, text) ?? text.trim()

const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** A cell's text as the raw value a form would post for `def` (blank: null). */
export function fromCell(def: FieldDefinition, text: string): unknown {
  if (isBlank(text)) return null
  switch (def.type) {
    case 'checkbox':
    case 'switch': {
      const w = text.trim().toLowerCase()
      return TRUE_WORDS.has(w) ? true : FALSE_WORDS.has(w) ? false : text
    }
    case 'select':
    case 'radio':
      if (def.settings.multiple !== true) return optionValue(def, text)
      // A title may itself hold a comma: the whole cell is one option when it names one.
      return option(def, text) !== undefined
        ? [option(def, text)]
        : splitList(text).map((t) => optionValue(def, t))
    case 'week':
    case 'daterange':
    case 'timerange':
      return text.split(RANGE_JOINER.trim()).map((s) => s.trim())
    case 'multidate':
      return splitList(text)
    case 'progress':
      return text.trim().replace(/\s*%$/, '')
    case 'file':
    case 'json':
    case 'address':
      try {
        return JSON.parse(text) as unknown
      } catch {
        return def.type === 'json' ? text : { __csv_invalid: text }
      }
    default:
      return text
  }
}

/** The stored form of a value as text: text as it is, a list of texts joined, anything else JSON. */
function storedText(def: FieldDefinition, value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value) && value.every((v) => typeof v === 'string') && def.type !== 'file')
    return value.join(['week', 'daterange', 'timerange'].includes(def.type) ? RANGE_JOINER : LIST_JOINER)
  return JSON.stringify(value)
}

/** Each definition's rule, built once (an export reads the same definitions for every row). */
const rules = new WeakMap<FieldDefinition, ReturnType<typeof buildValueSchema>>()
function ruleOf(def: FieldDefinition) {
  let rule = rules.get(def)
  if (!rule) {
    rule = buildValueSchema(def)
    rules.set(def, rule)
  }
  return rule
}

const reads = (def: FieldDefinition, text: string, value: unknown) => {
  const parsed = ruleOf(def).safeParse(fromCell(def, text))
  return parsed.success && sameValue(parsed.data, value)
}

/** A stored value as a cell in `lang`; nothing is ''. */
export function toCell(def: FieldDefinition, value: unknown, lang: CsvLanguage): string {
  if (value === undefined || value === null) return ''
  if (def.type === 'checkbox' || def.type === 'switch') return value === true ? YES[lang] : NO[lang]
  if (['file', 'json', 'address'].includes(def.type)) return storedText(def, value)
  const shown = formatValue(def, value, lang)
  if (typeof shown === 'string' && reads(def, shown, value)) return shown
  return storedText(def, value)
}
