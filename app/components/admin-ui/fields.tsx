import type { FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Text } from 'react-aria-components/Calendar'
import { Checkbox as AriaCheckbox } from 'react-aria-components/Checkbox'
import { Label } from 'react-aria-components/CheckboxGroup'
import { Input } from 'react-aria-components/ColorField'
import { Switch as AriaSwitch } from 'react-aria-components/Switch'
import { TextField as AriaTextField } from 'react-aria-components/TextField'
import { CheckIcon } from './icons'
import { LOGO_MAX_KB, splitLineCode } from './schemas'
import { useAdminT } from './use-admin-t'

/** Field errors are catalogue or admin-ui codes; a limit in the text comes from the field's constraint. */
export function useErrorText() {
  const { t } = useAdminT()
  return (codes: string[] | undefined, meta?: { maxLength?: number; minLength?: number }) =>
    (codes ?? [])
      .map((message) => {
        const { code, line } = splitLineCode(message)
        return t(code, { max: meta?.maxLength ?? LOGO_MAX_KB, min: meta?.minLength, line })
      })
      .join(' ')
}

interface TextFieldProps {
  meta: FieldMetadata<string | undefined>
  label: string
  description?: ReactNode
  type?: 'text' | 'url'
  placeholder?: string
  /** The label is for assistive technology only (the menu editor's rows have column headings). */
  hideLabel?: boolean
  id?: string
  className?: string
  autoFocus?: boolean
}

/**
 * A labelled native input (react-aria's TextField, so it posts without JavaScript) bound to a
 * conform field, with an optional hint and the translated errors.
 */
export function AdminTextField({
  meta,
  label,
  description,
  type = 'text',
  placeholder,
  hideLabel,
  id,
  className,
  autoFocus,
}: TextFieldProps) {
  const errorText = useErrorText()
  const errors = meta.errors ?? []
  return (
    <AriaTextField
      key={meta.key}
      name={meta.name}
      id={id}
      type={type}
      defaultValue={meta.initialValue ?? ''}
      isInvalid={errors.length > 0}
      validationBehavior="aria"
      isRequired={meta.required}
      className={`field ${className ?? ''}`}
    >
      <Label className={hideLabel ? 'visually-hidden' : 'field-label'}>{label}</Label>
      <Input
        className="input"
        placeholder={placeholder}
        maxLength={meta.maxLength}
        spellCheck={false}
        autoFocus={autoFocus}
      />
      {description ? (
        <Text slot="description" className="aui-hint">
          {description}
        </Text>
      ) : null}
      {errors.length > 0 ? (
        <Text slot="errorMessage" className="field-error">
          {errorText(errors, meta)}
        </Text>
      ) : null}
    </AriaTextField>
  )
}

interface ToggleProps {
  meta: FieldMetadata<boolean | undefined>
  label: string
  description?: string
  /** A switch (a setting that is on or off) or a checkbox (a property of a row). */
  kind?: 'switch' | 'checkbox'
  compact?: boolean
}

/**
 * react-aria's Switch or Checkbox: a real checkbox inside a label, so it posts and toggles without
 * JavaScript. The look follows the native input (`:has(input:checked)` in the style sheet), not
 * react-aria's data attributes, so it is right before hydration too.
 */
export function AdminToggle({ meta, label, description, kind = 'switch', compact }: ToggleProps) {
  const errorText = useErrorText()
  const descriptionId = description ? `${meta.id}-description` : undefined
  const errors = meta.errors ?? []
  const common = {
    name: meta.name,
    defaultSelected: meta.initialValue === 'on',
    'aria-describedby': descriptionId,
    isInvalid: errors.length > 0,
  }
  return (
    <div className={`aui-toggle-field${compact ? ' aui-toggle-compact' : ''}`}>
      {kind === 'switch' ? (
        <AriaSwitch key={meta.key} {...common} className="aui-toggle aui-switch">
          <span className="aui-switch-track" aria-hidden="true">
            <span className="aui-switch-thumb" />
          </span>
          <span className="aui-toggle-label">{label}</span>
        </AriaSwitch>
      ) : (
        <AriaCheckbox key={meta.key} {...common} className="aui-toggle aui-checkbox">
          <span className="aui-checkbox-box" aria-hidden="true">
            <CheckIcon width={12} height={12} strokeWidth={3} />
          </span>
          <span className="aui-toggle-label">{label}</span>
        </AriaCheckbox>
      )}
      {description ? (
        <p id={descriptionId} className="aui-hint">
          {description}
        </p>
      ) : null}
      {errors.length > 0 ? <p className="field-error">{errorText(errors)}</p> : null}
    </div>
  )
}
