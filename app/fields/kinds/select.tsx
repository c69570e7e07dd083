import { type Key, useState } from 'react'
import { Button } from 'react-aria-components/Button'
import { Input } from 'react-aria-components/ColorField'
import { ComboBox, ListBox, ListBoxItem, Popover } from 'react-aria-components/ComboBox'
import { Select, SelectValue } from 'react-aria-components/Select'
import { useHydrated } from '~/components/ui/use-hydrated'
import { ClearButton, errorIdOf, FieldFrame, labelIdOf } from '../field-frame'
import { showsErrors } from '../flags'
import { ChevronDownIcon } from '../icons'
import { type ChoiceOption, optionsOf } from '../options'
import { PageLocale } from '../page-locale'
import type { FieldProps } from '../types'
import { useFieldsT } from '../use-fields-t'
import { FormNotice, useFormNotice } from '../use-form-notice'
import { listOf, textOf } from '../values'

/**
 * select: one option, searchable (react-aria ComboBox), or several (react-aria Select); the list
 * opens in a popover at the end of the page (spec §9: appended to body). Without JavaScript: a
 * native select, single or multiple. Options: the definition's (title/value) or loaded data
 * mapped by options.ts (status name/id, user full_name/id).
 */
export function SelectField(props: FieldProps) {
  const { def, name, id, label, errors } = props
  const { t } = useFieldsT()
  const hydrated = useHydrated()
  const options = optionsOf(def, props.options, t)
  const multiple = def.settings.multiple === true
  if (!hydrated) {
    const initial = multiple ? listOf(props.defaultValue) : textOf(props.defaultValue)
    return (
      <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def}>
        <select
          id={id}
          name={name}
          multiple={multiple}
          className="input select"
          defaultValue={initial}
          disabled={props.disabled}
          aria-invalid={showsErrors(errors, props) || undefined}
        >
          {multiple ? null : <option value="">{props.placeholder ?? t('fields.picker.choose')}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </FieldFrame>
    )
  }
  return multiple ? (
    <MultiSelect {...props} choices={options} />
  ) : (
    <SingleSelect {...props} choices={options} />
  )
}

type SelectProps = FieldProps & { choices: readonly ChoiceOption[] }

function EmptyText({ none, list }: { none: boolean; list?: boolean }) {
  const { t } = useFieldsT()
  return (
    <div className="ff-empty" data-testid="select-empty">
      {none ? (list ? t('empty.list') : t('empty.select')) : t('empty.no_results')}
    </div>
  )
}

function SingleSelect(props: SelectProps) {
  const { def, name, id, label, errors, choices } = props
  const { t } = useFieldsT()
  const [value, setValue] = useState(() => textOf(props.defaultValue))
  const hidden = useFormNotice<HTMLInputElement>(value)
  const invalid = showsErrors(errors, props)
  const change = (key: Key | null) => {
    const next = key === null ? '' : String(key)
    setValue(next)
    props.onValueChange?.(next)
  }
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def}>
      <input type="hidden" name={name} value={value} ref={hidden} disabled={props.disabled} />
      <ComboBox
        selectedKey={value || null}
        onSelectionChange={change}
        defaultItems={choices}
        isDisabled={props.disabled}
        isReadOnly={props.readonly || props.loading}
        isInvalid={invalid}
        menuTrigger="focus"
        allowsEmptyCollection
        aria-labelledby={labelIdOf(id)}
        aria-describedby={invalid ? errorIdOf(id) : undefined}
        className="ff-control ff-combobox"
      >
        <Input id={id} className="input" placeholder={props.placeholder ?? t('fields.picker.choose')} />
        <div className="ff-adornments">
          <ClearButton empty={value === ''} flags={props} onClear={() => change(null)} label={label} />
          <Button className="ff-icon-button" aria-label={label}>
            <ChevronDownIcon />
          </Button>
        </div>
        <Popover className="ff-popover" placement="bottom start">
          <ListBox className="ff-listbox" renderEmptyState={() => <EmptyText none={choices.length === 0} />}>
            {(o: ChoiceOption) => (
              <ListBoxItem id={o.value} textValue={o.label} className="ff-option">
                {o.label}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
    </FieldFrame>
  )
}

function MultiSelect(props: SelectProps) {
  const { def, name, id, label, errors, choices } = props
  const { t } = useFieldsT()
  const [values, setValues] = useState(() => listOf(props.defaultValue))
  const invalid = showsErrors(errors, props)
  const change = (keys: readonly Key[]) => {
    const next = keys.map(String)
    setValues(next)
    props.onValueChange?.(next)
  }
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def}>
      <FormNotice name={name} value={values} />
      {values.map((v) => (
        <input key={v} type="hidden" name={name} value={v} disabled={props.disabled} />
      ))}
      {/* The chosen values are joined by react-aria's list format: in the page's language. */}
      <PageLocale>
        <Select
          selectionMode="multiple"
          value={values}
          onChange={change}
          isDisabled={props.disabled || props.readonly || props.loading}
          isInvalid={invalid}
          aria-labelledby={labelIdOf(id)}
          aria-describedby={invalid ? errorIdOf(id) : undefined}
          placeholder={props.placeholder ?? t('fields.picker.choose')}
          className="ff-control ff-multiselect"
        >
          <Button id={id} className="input ff-select-button">
            <SelectValue className="ff-select-value" />
            <ChevronDownIcon />
          </Button>
          <div className="ff-adornments">
            <ClearButton empty={values.length === 0} flags={props} onClear={() => change([])} label={label} />
          </div>
          <Popover className="ff-popover" placement="bottom start">
            <ListBox className="ff-listbox" items={choices} renderEmptyState={() => <EmptyText none list />}>
              {(o: ChoiceOption) => (
                <ListBoxItem id={o.value} textValue={o.label} className="ff-option">
                  {o.label}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </Select>
      </PageLocale>
    </FieldFrame>
  )
}
