import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'

interface CheckboxGroupFieldProps {
  /** A conform list field: each checked box posts its value under the same name. */
  meta: FieldMetadata<string[]>
  label: string
  options: { value: string; label: string }[]
}

/**
 * Several choices as native checkboxes in a fieldset: no JavaScript needed, one click each (a
 * `<select multiple>` wants Ctrl-click). Errors are catalogue codes.
 */
export function CheckboxGroupField({ meta, label, options }: CheckboxGroupFieldProps) {
  const { t } = useTranslation()
  const initial = new Set(
    (Array.isArray(meta.initialValue) ? meta.initialValue : [meta.initialValue]).filter(
      (v): v is string => typeof v === 'string',
    ),
  )
  const errors = Object.values(meta.allErrors ?? {}).flat()
  const errorId = `${meta.id}-error`
  return (
    <fieldset
      className="field checkbox-group"
      aria-invalid={errors.length > 0 || undefined}
      aria-describedby={errors.length > 0 ? errorId : undefined}
    >
      <legend className="field-label">{label}</legend>
      <div className="checkbox-group-options" key={meta.key}>
        {options.map((o) => (
          <label key={o.value} className="checkbox-option">
            <input type="checkbox" name={meta.name} value={o.value} defaultChecked={initial.has(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {errors.length > 0 ? (
        <p className="field-error" id={errorId}>
          {[...new Set(errors)].map((code) => t(code)).join(' ')}
        </p>
      ) : null}
    </fieldset>
  )
}
