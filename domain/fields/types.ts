import type { z } from 'zod'
import type { kinds } from './kinds'

/**
 * Every field type (spec §3), read from the entries under kinds/ so that adding a type is one
 * entry file and one line in kinds/index.ts, never a second list to keep in step.
 */
export type FieldType = (typeof kinds)[number]['type']

/** A choice of select and radio: generic options use title and value (spec §3). */
export interface FieldOption {
  title: string
  value: string | number
}

export interface FieldSettings {
  placeholder?: string
  default?: unknown
  options?: FieldOption[]
  required?: boolean
  min_length?: number
  max_length?: number
  /** select: several options; file: several files; json with structure: a list of rows. */
  multiple?: boolean
  /** select whose options are data rather than `options` (status, assignee…): see SELECT_SOURCES. */
  source?: string
  /** code: how many single-digit boxes (default 4). */
  length?: number
  /** Settings of one type only, declared by that type's settingsFields. */
  [key: string]: unknown
}

/** A field definition (spec §3, PRODUCT.md §5). */
export interface FieldDefinition {
  /** `cf_` + lower snake case for custom fields; dots nest (`cf_address.city`). */
  name: string
  type: FieldType
  /** Text the administrator typed; for built-in definitions (settings, system fields) an i18n key. */
  title: string
  settings: FieldSettings
  /** Child fields of a composite type (json, address), validated and reported by child name. */
  structure?: FieldDefinition[]
  /** Built in, shown as 'System field', cannot be deleted. */
  system?: boolean
  /** The upstream's own: an index on the value is built and valid (issue 28); queries read through it. */
  indexed?: boolean
}

/** What a table filter does with a type (spec §5 table filters). */
export type FilterKind = 'contains' | 'equality' | 'option' | 'range' | 'none'

/** Operators of the query language (PRODUCT.md §6); `is empty` / `is not empty` are one each. */
export type FilterOperator =
  | '='
  | '!='
  | '>'
  | '>='
  | '<'
  | '<='
  | '~'
  | '!~'
  | 'in'
  | 'not in'
  | 'is empty'
  | 'is not empty'

export interface FieldFilter {
  kind: FilterKind
  operators: readonly FilterOperator[]
}

/**
 * A display value: text as it is, or an i18n key for words the interface owns (yes / no), because
 * domain/ returns keys and components translate (STYLE.md §6).
 */
export type Display = string | { key: string }

/** What composites need of their children's types, passed in so that kinds need no registry. */
export interface KindContext {
  /** The full rule of a child field (empty, required, its own type). */
  field(def: FieldDefinition): z.ZodTypeAny
  /** Whether a child's raw value is empty by its own type ('+7 (' is an empty phone). */
  isEmpty(def: FieldDefinition, raw: unknown): boolean
}

export interface FormatContext {
  locale: string
  /** A child's value formatted by its own type (address parts). */
  field(def: FieldDefinition, value: unknown): Display
}

/** A problem in a definition's settings, at a path relative to the definition. */
export interface DefinitionIssue {
  path: (string | number)[]
  code: string
}

/** One field type as its entry file under kinds/ declares it; the registry fills the defaults. */
export interface FieldKindSpec<T extends string = string> {
  readonly type: T
  /** Holds child fields in `structure` (json, address). */
  readonly composite?: boolean
  /**
   * Parses a present value — a form string, or the JSON the upstream receives — into the stored
   * value. Empty values never reach it: see buildValueSchema.
   */
  valueSchema(def: FieldDefinition, ctx: KindContext): z.ZodTypeAny
  /** When a raw value counts as empty. Default: isBlank. */
  isEmpty?(raw: unknown, def: FieldDefinition, ctx: KindContext): boolean
  /** What an empty field stores. Default null; false for check boxes and switches. */
  readonly emptyValue?: null | false
  readonly filter: FieldFilter
  /** A stored, non-null value for display (spec §9 formats). Never throws on old data. */
  format(value: unknown, def: FieldDefinition, ctx: FormatContext): Display
  /** This type's settings, themselves field definitions named by their path in the definition. */
  readonly settingsFields: readonly FieldDefinition[]
  /** Form input as the user leaves the input (mask, digits only, clamp). Default: trim. */
  normalize?(raw: string, def: FieldDefinition): string
  /** Checks across settings (min ≤ max, options given) beyond each setting's own rule. */
  checkDefinition?(def: FieldDefinition): DefinitionIssue[]
}

/** A registered field type: a FieldKindSpec with every default filled in. */
export type FieldKind = Required<FieldKindSpec<FieldType>>
