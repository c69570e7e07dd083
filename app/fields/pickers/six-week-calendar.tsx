import { PICKER_WEEKS } from '@domain/fields/picker'
import type { CalendarDate } from '@internationalized/date'
import { type ReactNode, useContext } from 'react'
import { Button } from 'react-aria-components/Button'
import {
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridHeader,
  CalendarHeaderCell,
  type CalendarProps,
  CalendarStateContext,
  Heading,
} from 'react-aria-components/Calendar'
import { RangeCalendar, type RangeCalendarProps } from 'react-aria-components/DateRangePicker'
import { RangeCalendarStateContext } from 'react-aria-components/RangeCalendar'
import { ChevronLeftIcon, ChevronRightIcon } from '~/components/ui/icons'
import { useFieldsT } from '../use-fields-t'

/** Always six rows (spec §9: six weeks), so the popover keeps its size from month to month. */
const WEEKS = PICKER_WEEKS

function SixWeeks({ cellClass }: { cellClass?: (date: CalendarDate) => string }) {
  const single = useContext(CalendarStateContext)
  const range = useContext(RangeCalendarStateContext)
  const state = (single ?? range)!
  const start = state.visibleRange.start
  return (
    <tbody>
      {Array.from({ length: WEEKS }, (_, week) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row is a week of the page
        <tr key={week}>
          {state.getDatesInWeek(week, start).map((date, i) =>
            date ? (
              <CalendarCell
                key={date.toString()}
                date={date}
                className={`ff-cell ${cellClass?.(date) ?? ''}`}
              />
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell is its position
              <td key={i} />
            ),
          )}
        </tr>
      ))}
    </tbody>
  )
}

function Header() {
  const { t } = useFieldsT()
  return (
    <header className="ff-cal-header">
      <Button slot="previous" className="ff-icon-button" aria-label={t('fields.picker.previous')}>
        <ChevronLeftIcon />
      </Button>
      <Heading className="ff-cal-heading" />
      <Button slot="next" className="ff-icon-button" aria-label={t('fields.picker.next')}>
        <ChevronRightIcon />
      </Button>
    </header>
  )
}

function Grid({ cellClass }: { cellClass?: (date: CalendarDate) => string }) {
  return (
    <CalendarGrid className="ff-cal-grid">
      <CalendarGridHeader>
        {(day) => <CalendarHeaderCell className="ff-cal-day">{day}</CalendarHeaderCell>}
      </CalendarGridHeader>
      <SixWeeks cellClass={cellClass} />
    </CalendarGrid>
  )
}

/**
 * `footer` goes after the calendar, not inside it: react-aria's Calendar gives every Button in it
 * the previous/next slots and refuses one without.
 */
type Extra = { cellClass?: (date: CalendarDate) => string; footer?: ReactNode }

/** react-aria's Calendar (single or multiple selection) with six weeks and an optional footer. */
export function SixWeekCalendar<M extends 'single' | 'multiple' = 'single'>({
  cellClass,
  footer,
  ...props
}: CalendarProps<CalendarDate, M> & Extra) {
  return (
    <>
      <Calendar {...props} className="ff-calendar">
        <Header />
        <Grid cellClass={cellClass} />
      </Calendar>
      {footer}
    </>
  )
}

/** react-aria's RangeCalendar with six weeks and an optional footer. */
export function SixWeekRangeCalendar({
  cellClass,
  footer,
  ...props
}: RangeCalendarProps<CalendarDate> & Extra) {
  return (
    <>
      <RangeCalendar {...props} className="ff-calendar">
        <Header />
        <Grid cellClass={cellClass} />
      </RangeCalendar>
      {footer}
    </>
  )
}
