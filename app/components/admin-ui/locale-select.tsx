import type { FieldMetadata } from '@conform-to/react'
import { Button } from 'react-aria-components/Button'
import { Text } from 'react-aria-components/Calendar'
import { Label } from 'react-aria-components/CheckboxGroup'
import { ListBox, ListBoxItem, Popover } from 'react-aria-components/ComboBox'
import { Select as AriaSelect, SelectValue } from 'react-aria-components/Select'
import { useHydrated } from '~/components/ui/use-hydrated'
import { SUPPORTED_LANGUAGES } from '~/i18n'
import { useErrorText } from './fields'
import { ChevronDownIcon } from './icons'
import { useAdminT } from './use-admin-t'

interface LocaleSelectProps {
  meta: FieldMetadata<string | undefined>
  label: string
  description?: string
}

/**
 * The node's language. Server-rendered (and without JavaScript) it is a native <select>, which
 * works everywhere; once scripts run, react-aria's Select takes its place and posts through the
 * hidden native select it renders with the same name.
 */
export function LocaleSelect({ meta, label, description }: LocaleSelectProps) {
  const { t } = useAdminT()
  const errorText = useErrorText()
  const hydrated = useHydrated()
  const errors = meta.errors ?? []
  const options = SUPPORTED_LANGUAGES.map((lng) => ({ id: lng, label: t(`language.${lng}`) }))
  const descriptionId = `${meta.id}-description`
  const errorId = `${meta.id}-error`

  if (!hydrated) {
    return (
      <div className="field aui-select-field">
        <label htmlFor={meta.id} className="field-label">
          {label}
        </label>
        <div className="aui-select-native-wrap">
          <select
            id={meta.id}
            name={meta.name}
            defaultValue={meta.initialValue}
            className="input aui-select-native"
            aria-invalid={errors.length > 0 || undefined}
            aria-describedby={
              [description ? descriptionId : '', errors.length ? errorId : ''].join(' ').trim() || undefined
            }
          >
            {options.map((o) => (
              <option key={o.id} value={o.id} lang={o.id}>
                {o.label}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="aui-select-chevron" />
        </div>
        {description ? (
          <p id={descriptionId} className="aui-hint">
            {description}
          </p>
        ) : null}
        {errors.length ? (
          <p id={errorId} className="field-error">
            {errorText(errors)}
          </p>
        ) : null}
      </div>
    )
  }

  return (
    <AriaSelect
      key={meta.key}
      name={meta.name}
      defaultValue={meta.initialValue ?? null}
      isInvalid={errors.length > 0}
      validationBehavior="aria"
      className="field aui-select-field"
    >
      <Label className="field-label">{label}</Label>
      <Button className="input aui-select-button">
        <SelectValue className="aui-select-value" />
        <ChevronDownIcon className="aui-select-chevron" />
      </Button>
      {description ? (
        <Text slot="description" className="aui-hint">
          {description}
        </Text>
      ) : null}
      {errors.length ? (
        <Text slot="errorMessage" className="field-error">
          {errorText(errors)}
        </Text>
      ) : null}
      <Popover className="aui-popover" offset={6}>
        <ListBox className="aui-listbox" items={options}>
          {(o) => (
            <ListBoxItem id={o.id} textValue={o.label} className="aui-option" lang={o.id}>
              <span>{o.label}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  )
}
