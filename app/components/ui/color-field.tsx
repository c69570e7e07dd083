import type { FieldMetadata } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

interface ColorFieldProps {
  meta: FieldMetadata<string>
  label: string
  /** The colour a new value starts from. */
  fallback: string
}

/**
 * A colour as #rrggbb: the browser's own picker (`<input type="color">`, it posts without
 * JavaScript and always a valid value), with the value written beside it.
 */
export function ColorField({ meta, label, fallback }: ColorFieldProps) {
  const { t } = useTranslation()
  const [value, setValue] = useState(meta.initialValue || fallback)
  const errors = meta.errors ?? []
  const errorId = `${meta.id}-error`
  return (
    <div className="field color-field">
      <label className="field-label" htmlFor={meta.id}>
        {label}
      </label>
      <div className="color-field-control">
        <input
          key={meta.key}
          id={meta.id}
          name={meta.name}
          type="color"
          className="color-input"
          defaultValue={meta.initialValue || fallback}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length > 0 ? errorId : undefined}
        />
        <code className="color-field-value" aria-hidden="true">
          {value.toLowerCase()}
        </code>
      </div>
      {errors.length > 0 ? (
        <p className="field-error" id={errorId}>
          {errors.map((code) => t(code)).join(' ')}
        </p>
      ) : null}
    </div>
  )
}
