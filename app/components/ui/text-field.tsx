import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { InputField } from './input-field'

interface TextFieldProps {
  meta: FieldMetadata<string>
  label: string
  type?: 'text' | 'email' | 'password' | 'tel'
  autoComplete?: string
  placeholder?: string
  autoFocus?: boolean
  hideLabel?: boolean
  list?: string
  className?: string
}

/**
 * A text input bound to a conform field. Errors are catalogue codes from domain/ schemas,
 * translated here with the field's own limits.
 */
export function TextField({ meta, label, ...rest }: TextFieldProps) {
  const { t } = useTranslation()
  const errors = (meta.errors ?? []).map((code) => t(code, { max: meta.maxLength, min: meta.minLength }))
  return (
    <InputField
      key={meta.key}
      name={meta.name}
      label={label}
      errors={errors}
      defaultValue={meta.initialValue ?? ''}
      required={meta.required}
      maxLength={meta.maxLength}
      {...rest}
    />
  )
}
