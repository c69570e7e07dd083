import { type CalendarDate, parseDate } from '@internationalized/date'
import { Popover } from 'react-aria-components/ComboBox'
import { DatePicker, Group } from 'react-aria-components/DatePicker'
import { Dialog } from 'react-aria-components/Dialog'
import { PageLocale } from '~/fields/page-locale'
import { CalendarButton, Segments } from '~/fields/pickers/picker-parts'
import { SixWeekCalendar } from '~/fields/pickers/six-week-calendar'

interface Props {
  /** yyyy-MM-dd */
  date: string
  label: string
  onChange: (date: string) => void
}

/**
 * The schedule's day (spec §4, §9 date picker defaults: the page's language, not clearable, no
 * time, auto-apply — the chosen day applies and the popover closes —, UTC, six weeks, the calendar
 * icon, not inline). Loaded only once the page is interactive: its own chunk, never the first load.
 */
export default function ScheduleDatePicker({ date, label, onChange }: Props) {
  const value = parseDate(date)
  return (
    <PageLocale>
      <DatePicker
        value={value}
        onChange={(next: CalendarDate | null) => {
          if (next) onChange(next.toString())
        }}
        granularity="day"
        shouldForceLeadingZeros
        aria-label={label}
        className="ff-control ws-date-picker"
        data-testid="schedule-date-picker"
      >
        <Group className="input ff-date-group">
          <Segments />
        </Group>
        <div className="ff-adornments">
          <CalendarButton label={label} />
        </div>
        <Popover className="ff-popover" placement="bottom end">
          <Dialog className="ff-picker-dialog" aria-label={label}>
            <SixWeekCalendar />
          </Dialog>
        </Popover>
      </DatePicker>
    </PageLocale>
  )
}
