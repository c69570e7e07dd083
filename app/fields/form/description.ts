import { buildFormSchema } from '@domain/fields/form'
import type { FieldDefinition } from '@domain/fields/types'
import type { AppendIcon } from '@domain/forms/append-icon'

/*
 * A form as the administrator describes it (spec §3 form field settings, PRODUCT.md §5): its
 * layout, where each field sits, and which fields are shown and which may be changed. No React:
 * the action beside a page builds the same schema from it as the page does.
 */

export const FORM_LAYOUTS = ['simple', 'tabs', 'board'] as const
export type FormLayout = (typeof FORM_LAYOUTS)[number]

/** Where one field sits: width in the 12-column grid (default 12) and, in tabs and boards, its tab. */
export interface FormFieldPlace {
  name: string
  grid?: number
  tab?: string
  /** The icon after the control (spec §3): absent, the type's own; null, none. */
  appendIcon?: AppendIcon | null
}

export interface FormTab {
  key: string
  /** Text, or an i18n key. */
  title: string
}

export interface FormDescription {
  layout: FormLayout
  /** The fields in their order; definitions not listed are not part of the form. */
  fields: FormFieldPlace[]
  /** Tabs (layout tabs) or columns (layout board), in order. */
  tabs?: FormTab[]
  /** Names the user may change (absent: all); the others are shown read-only (spec §5). */
  editable?: string[]
  /** Names shown (absent: all). */
  visible?: string[]
}

const listed = (list: readonly string[] | undefined, name: string) =>
  !list || list.some((n) => name === n || name.startsWith(`${n}.`))

export const isVisible = (form: FormDescription, name: string) => listed(form.visible, name)
export const isEditableIn = (form: FormDescription, name: string) =>
  isVisible(form, name) && listed(form.editable, name)

/** Grid width: 1–12, default 12 (spec §9). */
export const widthOf = (place: FormFieldPlace) =>
  typeof place.grid === 'number' && place.grid >= 1 && place.grid <= 12 ? Math.round(place.grid) : 12

/** The definitions a form shows, in its order. */
export function formFields(defs: readonly FieldDefinition[], form: FormDescription) {
  const byName = new Map(defs.map((d) => [d.name, d]))
  return form.fields.flatMap((place) => {
    const def = byName.get(place.name)
    return def && isVisible(form, place.name) ? [{ def, place }] : []
  })
}

/**
 * The form's schema (domain buildFormSchema): the fields it shows and lets the user change, so
 * read-only and hidden values posted anyway are dropped, never saved. The browser (conform) and the
 * action parse with this same schema.
 */
export function formSchemaOf(defs: readonly FieldDefinition[], form: FormDescription) {
  const shown = formFields(defs, form).map((f) => f.def)
  return buildFormSchema(shown, { editable: shown.map((d) => d.name).filter((n) => isEditableIn(form, n)) })
}
