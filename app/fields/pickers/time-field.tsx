import type { Time } from '@internationalized/date'
import { useState } from 'react'
import { Label } from 'react-aria-components/CheckboxGroup'
import { TimeField as AriaTimeField } from 'react-aria-components/TimeField'
import { useHydrated } from '~/components/ui/use-hydrated'
import { AppendIcon, appendIconFor } from '../append-icon'
import { ClearButton, errorIdOf, FieldFrame, labelIdOf } from '../field-frame'
import { showsErrors } from '../flags'
import { PageLocale } from '../page-locale'
import type { FieldProps } from '../types'
import { useFieldsT } from '../use-fields-t'
import { FormNotice, useFormNotice } from '../use-form-notice'
import { postTime, toTime } from './moments'
import { NativeMoment } from './native-moment'
import { Segments } from './picker-parts'

interface TimeInputProps {
  value: Time | null
  onChange: (t: Time | null) => void
  props: FieldProps
  /** A visible label of its own (the parts of a time range); else the field's label names it. */
  label?: string
  id?: string
}

/** Hours and minutes, 24-hour, typed into react-aria's segments (valid values only). */
function TimeInput({ value, onChange, props, label, id }: TimeInputProps) {
  const invalid = showsErrors(props.errors, props)
  const icon = appendIconFor(props)
  return (
    <AriaTimeField
      value={value}
      onChange={onChange}
      hourCycle={24}
      shouldForceLeadingZeros
      isDisabled={props.disabled}
      isReadOnly={props.readonly || props.loading}
      isInvalid={invalid}
      aria-labelledby={label ? undefined : labelIdOf(props.id)}
      aria-describedby={invalid ? errorIdOf(props.id) : undefined}
      className="ff-time"
    >
      {label ? <Label className="ff-sublabel">{label}</Label> : null}
      <div
        className="input ff-date-group"
        id={id}
        data-invalid={invalid || undefined}
        data-disabled={props.disabled || undefined}
      >
        <Segments />
        {icon ? <AppendIcon name={icon} className="ff-muted-icon" /> : null}
      </div>
    </AriaTimeField>
  )
}

/** time: 'HH:mm' in UTC (spec §9). Without JavaScript: the browser's time input. */
export function TimeField(props: FieldProps) {
  const { def, name, id, label, errors } = props
  const hydrated = useHydrated()
  const [value, setValue] = useState(() => toTime(props.defaultValue))
  const posted = postTime(value)
  const hidden = useFormNotice<HTMLInputElement>(posted)
  if (!hydrated) return <NativeMoment {...props} inputType="time" values={[posted]} names={[name]} />
  const change = (next: Time | null) => {
    setValue(next)
    props.onValueChange?.(postTime(next))
  }
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def}>
      <input type="hidden" name={name} value={posted} ref={hidden} disabled={props.disabled} />
      <PageLocale>
        <div className="ff-control">
          <TimeInput value={value} onChange={change} props={props} id={id} />
          <div className="ff-adornments">
            <ClearButton empty={value === null} flags={props} onClear={() => change(null)} label={label} />
          </div>
        </div>
      </PageLocale>
    </FieldFrame>
  )
}

/** timerange: a start and an end time of a day (posted as `name[0]`, `name[1]`). */
export function TimeRangeField(props: FieldProps) {
  const { def, name, id, label, errors } = props
  const { t } = useFieldsT()
  const hydrated = useHydrated()
  const initial = Array.isArray(props.defaultValue) ? props.defaultValue : []
  const [range, setRange] = useState(() => [toTime(initial[0]), toTime(initial[1])] as const)
  const posted = range.map(postTime)
  const names = [`${name}[0]`, `${name}[1]`]
  if (!hydrated) return <NativeMoment {...props} inputType="time" values={posted} names={names} />
  const change = (i: 0 | 1, next: Time | null) => {
    const both = (i === 0 ? [next, range[1]] : [range[0], next]) as [Time | null, Time | null]
    setRange(both)
    props.onValueChange?.(both.map(postTime))
  }
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def} group>
      <FormNotice name={name} value={posted} />
      {names.map((n, i) => (
        <input key={n} type="hidden" name={n} value={posted[i]} disabled={props.disabled} />
      ))}
      <PageLocale>
        <div className="ff-range-row">
          <TimeInput
            value={range[0]}
            onChange={(v) => change(0, v)}
            props={props}
            label={t('fields.picker.from')}
            id={id}
          />
          <TimeInput
            value={range[1]}
            onChange={(v) => change(1, v)}
            props={props}
            label={t('fields.picker.to')}
          />
        </div>
      </PageLocale>
    </FieldFrame>
  )
}
