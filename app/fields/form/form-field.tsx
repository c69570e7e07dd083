import { useField } from '@conform-to/react'
import type { FieldDefinition } from '@domain/fields/types'
import type { ChoiceOption } from '../options'
import { getFieldComponent } from '../registry'
import type { FieldProps } from '../types'
import { useFieldsT } from '../use-fields-t'
import { type FormDescription, type FormFieldPlace, isEditableIn, widthOf } from './description'

/** What the page gives every field of a form: data-backed options by field name, the uploader. */
export interface FormFieldServices {
  options?: Readonly<Record<string, readonly ChoiceOption[]>>
  upload?: FieldProps['upload']
}

/** Errors under a field, by name relative to it ('cf_address.city' → 'city', 'cf_rows[0].x' → '[0].x'). */
export function childErrorsOf(all: Record<string, string[]> | undefined, name: string) {
  const out: Record<string, string[]> = {}
  for (const [key, codes] of Object.entries(all ?? {}))
    if (key.startsWith(`${name}.`) || key.startsWith(`${name}[`))
      out[key.slice(name.length).replace(/^\./, '')] = codes
  return out
}

/** A form's field id: the form's id and the name, as one HTML id. */
export const fieldIdOf = (formId: string, name: string) => `${formId}-${name.replace(/[^\w-]/g, '-')}`

/**
 * One field of a generic form: its type's component (registry), bound to conform by name — the
 * initial value, the errors (its own and its children's), read-only when the form's editable list
 * leaves it out — in its grid cell.
 */
export function FormField({
  def,
  place,
  form,
  formId,
  services,
}: {
  def: FieldDefinition
  place: FormFieldPlace
  form: FormDescription
  formId: string
  services: FormFieldServices
}) {
  const [meta] = useField(def.name)
  const { t } = useFieldsT()
  const Component = getFieldComponent(def.type)
  return (
    <div className="gf-cell" style={{ gridColumn: `span ${widthOf(place)}` }} data-field={def.name}>
      <Component
        key={meta.key}
        def={def}
        name={meta.name}
        id={fieldIdOf(formId, def.name)}
        label={t(def.title)}
        defaultValue={meta.initialValue}
        errors={meta.errors}
        childErrors={childErrorsOf(meta.allErrors, def.name)}
        readonly={!isEditableIn(form, def.name)}
        options={services.options?.[def.name]}
        upload={services.upload}
        appendIcon={place.appendIcon}
      />
    </div>
  )
}
