import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'

interface TextAreaFieldProps {
  meta: FieldMetadata<string>
  label: string
  rows?: number
  placeholder?: string
}

/** A labelled `<textarea>` bound to a conform field; errors are catalogue codes, translated here. */
export function TextAreaField({ meta, label, rows = 3, placeholder }: TextAreaFieldProps) {
  const { t } = useTranslation()
  const errors = (meta.errors ?? []).map((code) => t(code, { max: meta.maxLength, min: meta.minLength }))
  const errorId = `${meta.id}-error`
  return (
    <div className="field">
      <label className="field-label" htmlFor={meta.id}>
        {label}
      </label>
      <textarea
        key={meta.key}
        id={meta.id}
        name={meta.name}
        className="input textarea"
        rows={rows}
        placeholder={placeholder}
        defaultValue={meta.initialValue ?? ''}
        maxLength={meta.maxLength}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? errorId : undefined}
      />
      {errors.length > 0 ? (
        <p className="field-error" id={errorId}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}
