import { pickerOptions } from '@domain/fields/picker'
import type { CalendarDate, ZonedDateTime } from '@internationalized/date'
import { useContext, useState } from 'react'
import { Popover } from 'react-aria-components/ComboBox'
import { DatePicker, DatePickerStateContext, Group } from 'react-aria-components/DatePicker'
import { Dialog } from 'react-aria-components/Dialog'
import { useHydrated } from '~/components/ui/use-hydrated'
import { appendIconFor } from '../append-icon'
import { ClearButton, errorIdOf, FieldFrame, labelIdOf } from '../field-frame'
import { showsErrors } from '../flags'
import { PageLocale } from '../page-locale'
import type { FieldProps } from '../types'
import { useFormNotice } from '../use-form-notice'
import { nowDateTime, postDate, postDateTime, toDate, toDateTime, todayDate } from './moments'
import { NativeMoment } from './native-moment'
import { CalendarButton, PickerActions, Segments } from './picker-parts'
import { SixWeekCalendar } from './six-week-calendar'

type Kind = 'date' | 'datetime'
type Value = CalendarDate | ZonedDateTime

const KIND = {
  date: { read: toDate, post: postDate, now: todayDate, native: 'date', granularity: 'day' },
  datetime: {
    read: toDateTime,
    post: postDateTime,
    now: nowDateTime,
    native: 'datetime-local',
    granularity: 'minute',
  },
} as const

/** Now (spec §9 label Сейчас): today or this minute, applied and closed at once. */
function NowAction({ kind }: { kind: Kind }) {
  const state = useContext(DatePickerStateContext)
  return (
    <PickerActions
      onNow={() => {
        state?.setValue(KIND[kind].now())
        state?.close()
      }}
    />
  )
}

/**
 * date and datetime: react-aria's DatePicker — typed segments that accept valid values only, and
 * a calendar (six weeks) that applies the chosen day and closes (spec §9 auto-apply, action row
 * hidden unless the field's settings show it). UTC, the page's language. Without JavaScript: the
 * browser's date or date-time input.
 */
function MomentPicker({ kind, ...props }: FieldProps & { kind: Kind }) {
  const { def, name, id, label, errors } = props
  const k = KIND[kind]
  const hydrated = useHydrated()
  const [value, setValue] = useState<Value | null>(() => k.read(props.defaultValue))
  const posted = k.post(value as never)
  const hidden = useFormNotice<HTMLInputElement>(posted)
  const invalid = showsErrors(errors, props)
  const options = pickerOptions(def)
  if (!hydrated) {
    const native = kind === 'datetime' ? posted.slice(0, 16) : posted
    return <NativeMoment {...props} inputType={k.native} values={[native]} names={[name]} />
  }
  const change = (next: Value | null) => {
    setValue(next)
    props.onValueChange?.(k.post(next as never))
  }
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def}>
      <input type="hidden" name={name} value={posted} ref={hidden} disabled={props.disabled} />
      <PageLocale>
        <DatePicker
          value={value}
          onChange={change}
          granularity={k.granularity}
          hourCycle={24}
          shouldForceLeadingZeros
          isDisabled={props.disabled}
          isReadOnly={props.readonly || props.loading}
          isInvalid={invalid}
          aria-labelledby={labelIdOf(id)}
          aria-describedby={invalid ? errorIdOf(id) : undefined}
          className="ff-control"
        >
          <Group className="input ff-date-group" id={id}>
            <Segments />
          </Group>
          <div className="ff-adornments">
            <ClearButton empty={value === null} flags={props} onClear={() => change(null)} label={label} />
            <CalendarButton icon={appendIconFor(props)} />
          </div>
          <Popover className="ff-popover" placement="bottom end">
            <Dialog className="ff-picker-dialog" aria-label={label}>
              <SixWeekCalendar footer={options.actionRow ? <NowAction kind={kind} /> : null} />
            </Dialog>
          </Popover>
        </DatePicker>
      </PageLocale>
    </FieldFrame>
  )
}

export const DateField = (props: FieldProps) => <MomentPicker {...props} kind="date" />
export const DateTimeField = (props: FieldProps) => <MomentPicker {...props} kind="datetime" />
