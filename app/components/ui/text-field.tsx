import type { FieldMetadata } from '@conform-to/react'
import { TextField as AriaTextField, Input, Label, Text } from 'react-aria-components'
import { useTranslation } from 'react-i18next'

interface TextFieldProps {
  meta: FieldMetadata<string>
  label: string
  type?: 'text' | 'email' | 'password' | 'tel'
  autoComplete?: string
  placeholder?: string
  autoFocus?: boolean
}

/**
 * A labelled text input bound to a conform field (react-spectrum starter's Field pattern). The input
 * is native, so it posts without JavaScript. Errors are catalogue codes from domain/ schemas,
 * translated here with the field's own limits.
 */
export function TextField({
  meta,
  label,
  type = 'text',
  autoComplete,
  placeholder,
  autoFocus,
}: TextFieldProps) {
  const { t } = useTranslation()
  const errors = meta.errors ?? []
  return (
    <AriaTextField
      key={meta.key}
      name={meta.name}
      type={type}
      defaultValue={meta.initialValue ?? ''}
      isInvalid={errors.length > 0}
      validationBehavior="aria"
      isRequired={meta.required}
      autoComplete={autoComplete}
      className="field"
    >
      <Label className="field-label">{label}</Label>
      <Input className="input" placeholder={placeholder} autoFocus={autoFocus} maxLength={meta.maxLength} />
      {errors.length > 0 ? (
        <Text slot="errorMessage" className="field-error">
          {errors.map((code) => t(code, { max: meta.maxLength, min: meta.minLength })).join(' ')}
        </Text>
      ) : null}
    </AriaTextField>
  )
}
