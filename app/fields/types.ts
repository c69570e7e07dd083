import type { FieldDefinition, FieldType } from '@domain/fields/types'
import type { AppendIcon } from '@domain/forms/append-icon'
import type { ComponentType } from 'react'
import type { ChoiceOption } from './options'

/** The states every field can be in (spec §4 field flags); has-errors is `errors` being non-empty. */
export interface FieldFlags {
  disabled?: boolean
  readonly?: boolean
  /** Waiting for something (options, an upload, a save): shown, and the field takes no input. */
  loading?: boolean
  /** A clear button while the field is editable and holds a value. */
  clearable?: boolean
}

/** An uploaded file as the form posts it (domain/fields/kinds/file.ts). */
export interface FileRef {
  url: string
  name: string
  size?: number
  type?: string
}

/** What every field component takes: the same for all 28 types, so one registry renders any. */
export interface FieldProps extends FieldFlags {
  def: FieldDefinition
  /** The name its native inputs post under, as conform reads it ('cf_address' → 'cf_address.city'). */
  name: string
  /** The id of its main control (its label points there). */
  id: string
  label: string
  /**
   * The initial value, either as a form holds it (conform's initialValue: text, lists of text,
   * groups of them) or as it is stored (numbers, booleans, lists, objects): each component reads both.
   */
  defaultValue?: unknown
  /** Catalogue codes from the domain's rules (translated by the field, with its own limits). */
  errors?: readonly string[]
  /** Errors of a composite's children, by child name ('city'). */
  childErrors?: Readonly<Record<string, readonly string[]>>
  /**
   * The icon after the control (spec §3 form field appendIcon): absent, the type's own (date
   * pickers 'calendar'); null, none.
   */
  appendIcon?: AppendIcon | null
  /** The field's own placeholder; default the definition's. */
  placeholder?: string
  /** Options of a select whose options are data (statuses, users…), already mapped (options.ts). */
  options?: readonly ChoiceOption[]
  /** File fields: uploads one picked file and gives its reference. Absent: files cannot be added. */
  upload?: (file: File) => Promise<FileRef>
  /** Code fields: every box is filled. */
  onComplete?: (code: string) => void
  /** The value as the form would post it, after each change by the user. */
  onValueChange?: (value: unknown) => void
}

export type FieldComponent = ComponentType<FieldProps>

/** One component per field type: a missing type fails the type check where the map is written. */
export type FieldComponents = Record<FieldType, FieldComponent>
