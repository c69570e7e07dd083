import { z } from 'zod'
import { asText, CODES, isBlank } from '../checks'
import { FILTERS } from '../filters'
import { S } from '../settings'
import type { DefinitionIssue, FieldDefinition, FieldKindSpec, FieldOption } from '../types'

/*
 * Select and radio: the stored value is an option's value, shown as its title (spec §3). A
 * select with a `source` (statuses, users…) has data for options, loaded by whoever renders it;
 * here its value is any id, and only the server can tell whether that id exists.
 */

const ID_MAX = 200

/** The option a raw value names: forms post text, options may hold numbers. */
function pick(def: FieldDefinition, raw: unknown): string | number | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined
  const text = String(raw).trim()
  if (def.settings.source) return text.length <= ID_MAX ? (typeof raw === 'number' ? raw : text) : undefined
  return def.settings.options?.find((o) => String(o.value) === text)?.value
}

function choiceSchema(def: FieldDefinition) {
  return z.unknown().transform((raw, ctx) => {
    const many = def.settings.multiple === true
    // A multiple select posts one value as text and several as a list; blanks are unchosen rows.
    const list = many ? (Array.isArray(raw) ? raw : [raw]).filter((v) => !isBlank(v)) : [raw]
    const values = list.map((v) => pick(def, v))
    if (values.some((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', message: CODES.option })
      return z.NEVER
    }
    return many ? [...new Set(values)] : values[0]
  })
}

function formatChoice(v: unknown, def: FieldDefinition): string {
  const title = (x: unknown) => def.settings.options?.find((o) => String(o.value) === String(x))?.title
  const list = Array.isArray(v) ? v : [v]
  return list.map((x) => title(x) ?? asText(x)).join(', ')
}

function checkOptions(def: FieldDefinition): DefinitionIssue[] {
  const options: FieldOption[] = def.settings.options ?? []
  if (options.length === 0 && !def.settings.source)
    return [{ path: ['settings', 'options'], code: CODES.required }]
  const seen = new Set<string>()
  return options.flatMap((o, i) => {
    const key = String(o.value)
    if (seen.has(key)) return [{ path: ['settings', 'options', i, 'value'], code: CODES.invalid }]
    seen.add(key)
    return []
  })
}

export const select: FieldKindSpec<'select'> = {
  type: 'select',
  valueSchema: choiceSchema,
  format: formatChoice,
  filter: FILTERS.option,
  settingsFields: [S.placeholder, S.required, S.options, S.multiple, S.source, S.default('text')],
  checkDefinition: checkOptions,
}

export const radio: FieldKindSpec<'radio'> = {
  type: 'radio',
  // A radio group is one choice among fixed options: never several, never data-backed.
  valueSchema: (def) =>
    choiceSchema({ ...def, settings: { ...def.settings, multiple: false, source: undefined } }),
  format: formatChoice,
  filter: FILTERS.none,
  settingsFields: [S.required, S.options, S.default('text')],
  checkDefinition: (def) => checkOptions({ ...def, settings: { ...def.settings, source: undefined } }),
}
