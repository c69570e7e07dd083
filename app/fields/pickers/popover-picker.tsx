import { displayText, formatValue } from '@domain/fields/value'
import type { ReactNode } from 'react'
import { Button } from 'react-aria-components/Button'
import { Popover } from 'react-aria-components/ComboBox'
import { Dialog, DialogTrigger } from 'react-aria-components/Dialog'
import { AppendIcon, appendIconFor } from '../append-icon'
import { ClearButton, errorIdOf, labelIdOf } from '../field-frame'
import { showsErrors } from '../flags'
import type { FieldProps } from '../types'
import { useFieldsT } from '../use-fields-t'

interface PopoverPickerProps {
  props: FieldProps
  /** The stored value, shown in the spec §9 format on the button. */
  stored: unknown
  empty: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
  onClear: () => void
  children: ReactNode
}

/**
 * A button showing the value (spec §9 formats) with the calendar icon, opening a popover with the
 * picker (the icon: the form's appendIcon, the calendar by default): the frame of the month, quarter, year, week, range and several-dates pickers.
 */
export function PopoverPicker({
  props,
  stored,
  empty,
  open,
  onOpenChange,
  onClear,
  children,
}: PopoverPickerProps) {
  const { t } = useFieldsT()
  const { id, label, def } = props
  const invalid = showsErrors(props.errors, props)
  const text = empty ? '' : displayText(formatValue(def, stored), t)
  const icon = appendIconFor(props)
  return (
    <div className="ff-control">
      <DialogTrigger isOpen={open} onOpenChange={onOpenChange}>
        <Button
          id={id}
          className="input ff-picker-button"
          isDisabled={props.disabled || props.readonly || props.loading}
          aria-labelledby={`${labelIdOf(id)} ${id}`}
          aria-describedby={invalid ? errorIdOf(id) : undefined}
          data-invalid={invalid || undefined}
        >
          <span className={text ? 'ff-picker-text' : 'ff-picker-text ff-placeholder'}>
            {text || props.placeholder || def.settings.placeholder || t('fields.picker.choose')}
          </span>
          {icon ? <AppendIcon name={icon} className="ff-muted-icon" /> : null}
        </Button>
        <Popover className="ff-popover" placement="bottom start">
          <Dialog className="ff-picker-dialog" aria-label={label}>
            {children}
          </Dialog>
        </Popover>
      </DialogTrigger>
      <div className="ff-adornments ff-adornments-inset">
        <ClearButton empty={empty} flags={props} onClear={onClear} label={label} />
      </div>
    </div>
  )
}
