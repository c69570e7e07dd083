import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'

interface NativeSelectFieldProps {
  meta: FieldMetadata<string>
  label: string
  options: { value: string; label: string }[]
  /** A first, empty option (a choice is then required by the schema, not preselected). */
  placeholder?: string
  /** The label for assistive technology only (a row of a table-like editor has column headers). */
  hideLabel?: boolean
  className?: string
}

/**
 * A labelled native `<select>` bound to a conform field: choosing works without JavaScript (a
 * react-aria Select's popover needs it), keyboard and screen readers know it. Errors are catalogue codes.
 */
export function NativeSelectField(props: NativeSelectFieldProps) {
  const { meta, label, options, placeholder, hideLabel, className } = props
  const { t } = useTranslation()
  const errors = meta.errors ?? []
  const errorId = `${meta.id}-error`
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className={hideLabel ? 'visually-hidden' : 'field-label'} htmlFor={meta.id}>
        {label}
      </label>
      <select
        key={meta.key}
        id={meta.id}
        name={meta.name}
        className="input select"
        defaultValue={meta.initialValue ?? ''}
        required={meta.required}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? errorId : undefined}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errors.length > 0 ? (
        <p className="field-error" id={errorId}>
          {errors.map((code) => t(code)).join(' ')}
        </p>
      ) : null}
    </div>
  )
}
