import { PICKER_LABELS } from '@domain/fields/picker'
import type { AppendIcon as AppendIconName } from '@domain/forms/append-icon'
import { Button } from 'react-aria-components/Button'
import { DateInput, DateSegment } from 'react-aria-components/DateField'
import { AppendIcon } from '../append-icon'
import { ChevronDownIcon } from '../icons'
import { useFieldsT } from '../use-fields-t'

/** The typed part of a date or time picker: react-aria's segments, which take valid values only. */
export function Segments() {
  return (
    <DateInput className="ff-date-input">
      {(segment) => <DateSegment segment={segment} className="ff-seg" />}
    </DateInput>
  )
}

/**
 * The button that opens a picker's popover, with the calendar icon (spec §9) or the form's
 * appendIcon. With no icon (appendIcon null) it stays, as a plain chevron, so the calendar can
 * still be opened by pointer.
 */
export function CalendarButton({
  label,
  id,
  icon = 'calendar',
}: {
  label?: string
  id?: string
  icon?: AppendIconName | null
}) {
  const { t } = useFieldsT()
  return (
    <Button
      id={id}
      className="ff-icon-button ff-calendar-button"
      aria-label={label ?? t('fields.picker.open')}
    >
      {icon ? <AppendIcon name={icon} /> : <ChevronDownIcon />}
    </Button>
  )
}

/** The row under a picker: Now (single pickers) or Cancel and Select (ranges, several dates). */
export function PickerActions({
  onNow,
  onCancel,
  onSelect,
}: {
  onNow?: () => void
  onCancel?: () => void
  onSelect?: () => void
}) {
  const { t } = useFieldsT()
  return (
    <div className="ff-picker-actions">
      {onNow ? (
        <Button className="button button-ghost button-sm" onPress={onNow}>
          {t(PICKER_LABELS.now)}
        </Button>
      ) : null}
      <span className="ff-spacer" />
      {onCancel ? (
        <Button className="button button-secondary button-sm" onPress={onCancel}>
          {t(PICKER_LABELS.cancel)}
        </Button>
      ) : null}
      {onSelect ? (
        <Button className="button button-primary button-sm" onPress={onSelect}>
          {t(PICKER_LABELS.select)}
        </Button>
      ) : null}
    </div>
  )
}
