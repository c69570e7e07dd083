import type { CalendarData } from '@domain/widgets/kinds/calendar'
import { withWidgetParams } from '@domain/widgets/params'
import { type CalendarDate, parseDate } from '@internationalized/date'
import { Link } from '@remix-run/react'
import { useContext, useEffect, useState } from 'react'
import {
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridHeader,
  CalendarHeaderCell,
  CalendarStateContext,
} from 'react-aria-components/Calendar'
import { I18nProvider } from 'react-aria-components/I18nProvider'
import { useTranslation } from 'react-i18next'
import { StatusDot } from '~/components/admin-workflow/status-dot'
import { ChevronLeftIcon, ChevronRightIcon } from '~/components/ui/icons'
import { routes } from '~/lib/routes'
import { interceptLink, paramsHref, type WidgetViewProps } from '../types'
import { dayLabel, monthLabel, shiftMonth } from './month'

/** Always six rows: the widget keeps its height from month to month. */
const WEEKS = 6

const monthOf = (date: CalendarDate) =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}`

function Weeks({ cell }: { cell: (date: CalendarDate) => JSX.Element }) {
  const state = useContext(CalendarStateContext)!
  const start = state.visibleRange.start
  return (
    <tbody>
      {Array.from({ length: WEEKS }, (_, week) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row is a week of the month's page
        <tr key={week}>
          {state.getDatesInWeek(week, start).map((date, i) =>
            // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell is its position
            date ? cell(date) : <td key={i} />,
          )}
        </tr>
      ))}
    </tbody>
  )
}

/**
 * Calendar widget (spec §2 Widgets): an inline month with a dot on each date that has tasks, the
 * selected day's tasks linking to their cards, dates as dd.MM.yyyy. react-aria's Calendar gives
 * the keyboard its grid; every date and both month arrows are also plain links
 * (`?w.{id}.day=…`, `?w.{id}.month=…`), so the server's markup works without JavaScript and is the
 * markup the browser hydrates — nothing changes shape when the scripts arrive.
 */
export function CalendarWidget({ widget, data, search, onParams }: WidgetViewProps<CalendarData>) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language || 'ru'
  const selected = parseDate(data.day)
  const [focused, setFocused] = useState<CalendarDate>(selected)
  // New data (another month or day) moves the focus with it.
  useEffect(() => setFocused(parseDate(data.day)), [data.day])

  const href = (params: Record<string, string | null>) =>
    paramsHref(withWidgetParams(search, widget.id, params, { replaceAll: true }))
  const prev = shiftMonth(data.month, -1)
  const next = shiftMonth(data.month, 1)

  const cell = (date: CalendarDate) => {
    const day = date.toString()
    const count = data.days[day] ?? 0
    const inMonth = monthOf(date) === data.month
    return (
      <CalendarCell
        key={day}
        date={date}
        className="wc-cell"
        data-has-tasks={count > 0 || undefined}
        data-outside={!inMonth || undefined}
      >
        {({ formattedDate }) => (
          <a
            href={href({ month: monthOf(date), day })}
            className="wc-day"
            tabIndex={-1}
            title={count ? t('widget.calendar.count', { count }) : undefined}
            onClick={onParams ? (e) => e.preventDefault() : undefined}
            data-testid={inMonth ? `calendar-day-${day}` : undefined}
          >
            {formattedDate}
            {count > 0 ? <span className="wc-dot" data-testid="calendar-dot" aria-hidden="true" /> : null}
          </a>
        )}
      </CalendarCell>
    )
  }

  return (
    <div className="wc" data-testid="calendar-widget">
      <I18nProvider locale={locale}>
        <Calendar
          aria-label={widget.title}
          className="wc-calendar"
          value={selected}
          focusedValue={focused}
          onFocusChange={(date) => {
            setFocused(date)
            if (monthOf(date) !== data.month) onParams?.({ month: monthOf(date), day: date.toString() })
          }}
          onChange={(date) => onParams?.({ month: monthOf(date), day: date.toString() })}
        >
          <header className="wc-header">
            <Link
              to={href({ month: prev })}
              className="icon-button wc-arrow"
              aria-label={t('widget.calendar.previous')}
              title={t('widget.calendar.previous')}
              onClick={interceptLink(onParams, { month: prev, day: null })}
              preventScrollReset
              data-testid="calendar-previous"
            >
              <ChevronLeftIcon width={16} height={16} />
            </Link>
            <h3 className="wc-month" data-testid="calendar-month">
              {monthLabel(data.month, locale)}
            </h3>
            <Link
              to={href({ month: next })}
              className="icon-button wc-arrow"
              aria-label={t('widget.calendar.next')}
              title={t('widget.calendar.next')}
              onClick={interceptLink(onParams, { month: next, day: null })}
              preventScrollReset
              data-testid="calendar-next"
            >
              <ChevronRightIcon width={16} height={16} />
            </Link>
          </header>
          <CalendarGrid className="wc-grid">
            <CalendarGridHeader>
              {(day) => <CalendarHeaderCell className="wc-weekday">{day}</CalendarHeaderCell>}
            </CalendarGridHeader>
            <Weeks cell={cell} />
          </CalendarGrid>
        </Calendar>
      </I18nProvider>
      <section className="wc-list" aria-live="polite">
        <h4 className="wc-list-title" data-testid="calendar-selected">
          {dayLabel(data.day)}
        </h4>
        {data.tasks.length === 0 ? (
          <p className="wc-empty" data-testid="calendar-empty">
            {t('widget.calendar.empty')}
          </p>
        ) : (
          <ul className="wc-tasks">
            {data.tasks.map((task) => (
              <li key={task.id} className="wc-task" data-testid="calendar-task">
                <Link to={routes.TaskCard(task.process_key, task.key)} className="wc-task-link">
                  <span className="wt-key">{task.key}</span>
                  <span className="wc-task-title">{task.title}</span>
                </Link>
                {task.status ? (
                  <span className="status-name wc-task-status">
                    <StatusDot color={task.status.color} />
                    {task.status.name}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {data.total > data.tasks.length ? (
          <p className="wc-more">{t('widget.calendar.more', { count: data.total - data.tasks.length })}</p>
        ) : null}
      </section>
    </div>
  )
}
