import type { FieldDefinition, FieldSettings, FieldType } from './types'

/*
 * Settings a type can have, as field definitions (STYLE.md §8): the admin's field editor renders
 * them with the generic form, and the definition schema validates them with the same rules.
 * Names are paths inside the definition (`settings.placeholder`, `structure`), so the dotted-name
 * rule of forms nests them where the definition keeps them. Titles are i18n keys.
 */

const setting = (key: string, type: FieldType, settings: FieldSettings = {}): FieldDefinition => ({
  name: `settings.${key}`,
  type,
  title: `fields.settings.${key}`,
  settings,
})

/** Where a select's options come from when they are data, not `options` (spec §3 select options). */
export const SELECT_SOURCES = ['users', 'statuses', 'processes', 'teams'] as const

export const S = {
  placeholder: setting('placeholder', 'text', { max_length: 200 }),
  required: setting('required', 'switch'),
  /** The default has the field's own type, so it is checked by the field's own rule. */
  default: (type: FieldType) => setting('default', type),
  minLength: setting('min_length', 'number'),
  maxLength: setting('max_length', 'number'),
  multiple: setting('multiple', 'switch'),
  length: setting('length', 'number', { placeholder: '4' }),
  /** Date pickers: show the row under the calendar (Now); hidden by default (spec §9). */
  actionRow: setting('action_row', 'switch'),
  /** Rows of title and value (spec §3 generic options). */
  options: {
    ...setting('options', 'json', { multiple: true }),
    structure: [
      {
        name: 'title',
        type: 'text',
        title: 'fields.settings.option_title',
        // Half of the row each (spec §3 child fields: grid), so an option is one line.
        settings: { required: true, max_length: 200, grid: 6 },
      },
      {
        name: 'value',
        type: 'text',
        title: 'fields.settings.option_value',
        settings: { required: true, max_length: 100, grid: 6 },
      },
    ],
  } satisfies FieldDefinition,
  source: setting('source', 'select', {
    options: SELECT_SOURCES.map((value) => ({ title: `fields.sources.${value}`, value })),
  }),
  /** Child fields of a composite: a list of field definitions, checked one by one as definitions. */
  structure: {
    name: 'structure',
    type: 'json',
    title: 'fields.settings.structure',
    settings: {},
  } satisfies FieldDefinition,
}

/** What most single-value types take: placeholder, required, a default of their own type. */
export const basicSettings = (type: FieldType, extra: FieldDefinition[] = []): FieldDefinition[] => [
  S.placeholder,
  S.required,
  S.default(type),
  ...extra,
]

/** Text-like types: the above and length bounds. */
export const textSettings = (type: FieldType): FieldDefinition[] =>
  basicSettings(type, [S.minLength, S.maxLength])
