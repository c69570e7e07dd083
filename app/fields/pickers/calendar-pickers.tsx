import { pickerOptions } from '@domain/fields/picker'
import type { CalendarDate } from '@internationalized/date'
import { useState } from 'react'
import { useHydrated } from '~/components/ui/use-hydrated'
import { FieldFrame } from '../field-frame'
import { PageLocale } from '../page-locale'
import type { FieldProps } from '../types'
import { FormNotice } from '../use-form-notice'
import { postDate, toDateRange, toDates, todayDate, toWeek, weekDays, weekOf } from './moments'
import { NativeMoment } from './native-moment'
import { PickerActions } from './picker-parts'
import { PopoverPicker } from './popover-picker'
import { SixWeekCalendar, SixWeekRangeCalendar } from './six-week-calendar'

/** Hidden inputs for a list of posted values, and the notice that tells the form of a change. */
function Posted({
  name,
  names,
  values,
  disabled,
}: {
  name: string
  names: string[]
  values: string[]
  disabled?: boolean
}) {
  return (
    <>
      <FormNotice name={name} value={values} />
      {values.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: inputs are positions
        <input key={i} type="hidden" name={names[i]} value={v} disabled={disabled} />
      ))}
    </>
  )
}

/** ISO week ('2024-W05') of a Monday, what `<input type=week>` shows. */
function isoWeek(monday: CalendarDate | null): string {
  if (!monday) return ''
  const thursday = monday.add({ days: 3 })
  const jan1 = thursday.set({ month: 1, day: 1 })
  const week = Math.floor(thursday.compare(jan1) / 7) + 1
  return `${thursday.year}-W${String(week).padStart(2, '0')}`
}

/**
 * week: a day chosen in the calendar picks its week, Monday to Sunday (spec §9: shown as its two
 * dates), applied and closed at once. Without JavaScript: the browser's week input.
 */
export function WeekField(props: FieldProps) {
  const hydrated = useHydrated()
  const [monday, setMonday] = useState(() => toWeek(props.defaultValue))
  const [open, setOpen] = useState(false)
  const days = weekDays(monday)
  const { def, id, label, errors, name } = props
  if (!hydrated) return <NativeMoment {...props} inputType="week" values={[isoWeek(monday)]} names={[name]} />
  const choose = (d: CalendarDate | null) => {
    const next = d ? weekOf(d) : null
    setMonday(next)
    props.onValueChange?.(weekDays(next))
    setOpen(false)
  }
  const inWeek = (d: CalendarDate) =>
    monday && d.compare(monday) >= 0 && d.compare(monday.add({ days: 6 })) <= 0 ? 'ff-cell-in-range' : ''
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def}>
      <Posted
        name={name}
        names={[`${name}[0]`, `${name}[1]`]}
        values={monday ? days : []}
        disabled={props.disabled}
      />
      <PopoverPicker
        props={props}
        stored={days}
        empty={!monday}
        open={open}
        onOpenChange={setOpen}
        onClear={() => choose(null)}
      >
        <PageLocale>
          <SixWeekCalendar
            value={monday}
            onChange={choose}
            firstDayOfWeek="mon"
            cellClass={inWeek}
            footer={pickerOptions(def).actionRow ? <PickerActions onNow={() => choose(todayDate())} /> : null}
          />
        </PageLocale>
      </PopoverPicker>
    </FieldFrame>
  )
}

type Range = { start: CalendarDate; end: CalendarDate }

/**
 * daterange: two dates in a range calendar; nothing applies until Select, Cancel drops the draft
 * (spec §9: range pickers use select/cancel, no auto-apply). Without JavaScript: two date inputs.
 */
export function DateRangeField(props: FieldProps) {
  const hydrated = useHydrated()
  const [range, setRange] = useState<Range | null>(() => toDateRange(props.defaultValue))
  const [draft, setDraft] = useState<Range | null>(range)
  const [open, setOpen] = useState(false)
  const { def, id, label, errors, name } = props
  const posted = range ? [postDate(range.start), postDate(range.end)] : []
  const names = [`${name}[0]`, `${name}[1]`]
  if (!hydrated) return <NativeMoment {...props} inputType="date" values={posted} names={names} />
  const commit = (next: Range | null) => {
    setRange(next)
    props.onValueChange?.(next ? [postDate(next.start), postDate(next.end)] : [])
    setOpen(false)
  }
  const toggle = (isOpen: boolean) => {
    setDraft(range)
    setOpen(isOpen)
  }
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def}>
      <Posted name={name} names={names} values={posted} disabled={props.disabled} />
      <PopoverPicker
        props={props}
        stored={posted}
        empty={!range}
        open={open}
        onOpenChange={toggle}
        onClear={() => commit(null)}
      >
        <PageLocale>
          <SixWeekRangeCalendar
            value={draft}
            onChange={setDraft}
            footer={<PickerActions onCancel={() => toggle(false)} onSelect={() => commit(draft)} />}
          />
        </PageLocale>
      </PopoverPicker>
    </FieldFrame>
  )
}

/**
 * multidate: several dates toggled in the calendar, applied by Select (no auto-apply). Without
 * JavaScript: a date input per chosen date and one empty for another.
 */
export function MultiDateField(props: FieldProps) {
  const hydrated = useHydrated()
  const [dates, setDates] = useState<CalendarDate[]>(() => toDates(props.defaultValue))
  const [draft, setDraft] = useState<readonly CalendarDate[]>(dates)
  const [open, setOpen] = useState(false)
  const { def, id, label, errors, name } = props
  const posted = [...dates].sort((a, b) => a.compare(b)).map(postDate)
  if (!hydrated) {
    const values = [...posted, '']
    return <NativeMoment {...props} inputType="date" values={values} names={values.map(() => name)} />
  }
  const commit = (next: readonly CalendarDate[]) => {
    setDates([...next])
    props.onValueChange?.(next.map(postDate))
    setOpen(false)
  }
  const toggle = (isOpen: boolean) => {
    setDraft(dates)
    setOpen(isOpen)
  }
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def}>
      <Posted name={name} names={posted.map(() => name)} values={posted} disabled={props.disabled} />
      <PopoverPicker
        props={props}
        stored={posted}
        empty={dates.length === 0}
        open={open}
        onOpenChange={toggle}
        onClear={() => commit([])}
      >
        <PageLocale>
          <SixWeekCalendar
            selectionMode="multiple"
            value={draft}
            // react-aria focuses the first chosen date and, with none chosen, fails on the empty
            // list (reads [][0]): today is where an empty picker opens.
            defaultFocusedValue={draft[0] ?? todayDate()}
            onChange={setDraft}
            footer={<PickerActions onCancel={() => toggle(false)} onSelect={() => commit(draft)} />}
          />
        </PageLocale>
      </PopoverPicker>
    </FieldFrame>
  )
}
