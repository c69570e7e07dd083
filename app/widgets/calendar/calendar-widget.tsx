import { type CalendarData, cardLine, joiner, shownValues } from '@domain/widgets/kinds/calendar'
import { withWidgetParams } from '@domain/widgets/params'
import { type CalendarDate, parseDate } from '@internationalized/date'
import { Link } from '@remix-run/react'
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { StatusDot } from '~/components/admin-workflow/status-dot'
import { ChevronLeftIcon, ChevronRightIcon } from '~/components/ui/icons'
import { pageCount } from '~/components/ui/page-items'
import { Pagination } from '~/components/ui/pagination'
import { routes } from '~/lib/routes'
import { interceptLink, paramsHref, type WidgetViewProps } from '../types'
import { dayLabel, monthLabel, shiftMonth, utcFormat } from './month'
import { monthOf, monthWeeks, moveFocus, todayUtc, weekdayNames } from './month-grid'

/**
 * Calendar widget (spec §2 Widgets): an inline month with a dot on each date that has tasks, the
 * selected day's tasks linking to their cards, dates as dd.MM.yyyy. The month is a plain table of
 * links (`?w.{id}.day=…`, `?w.{id}.month=…`), so the server's markup works without JavaScript and
 * is the markup the browser hydrates. With JavaScript it is a keyboard grid (ARIA grid pattern:
 * one date in the tab order, arrows, Page Up/Down, Home/End) written here rather than
 * react-aria's Calendar, whose hooks per cell made this widget most of the board page's render.
 * A day's task shows the settings' fields joined by their delimiter (server-formatted text); a day
 * with more tasks than a page pages with the common pagination (`?w.{id}.page=…`, links).
 */
export function CalendarWidget({ widget, data, search, onParams }: WidgetViewProps<CalendarData>) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language || 'ru'
  const [focused, setFocused] = useState<string>(data.day)
  // Without JavaScript every date is in the tab order; once hydrated, only the focused one.
  const [roving, setRoving] = useState(false)
  const grid = useRef<HTMLTableElement>(null)
  // A date the keyboard moved to in another month: focused once that month's data is here.
  const pending = useRef<string | null>(null)
  useEffect(() => setRoving(true), [])
  useEffect(() => {
    setFocused(data.day)
    if (pending.current) {
      grid.current?.querySelector<HTMLElement>(`[data-date="${pending.current}"]`)?.focus()
      pending.current = null
    }
  }, [data.day])

  const weeks = useMemo(() => monthWeeks(data.month, locale), [data.month, locale])
  const weekdays = weekdayNames(locale)
  const fullDate = utcFormat(locale, { dateStyle: 'full' })
  // A date's "N tasks": one translation per count, not per date (a plural t() is most of a cell's cost).
  const countTitles = new Map<number, string>()
  const countTitle = (count: number) => {
    let title = countTitles.get(count)
    if (title === undefined) {
      title = t('widget.calendar.count', { count })
      countTitles.set(count, title)
    }
    return title
  }
  const today = todayUtc().toString()

  const href = (params: Record<string, string | null>) =>
    paramsHref(withWidgetParams(search, widget.id, params, { replaceAll: true }))
  const prev = shiftMonth(data.month, -1)
  const next = shiftMonth(data.month, 1)

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const to = moveFocus(parseDate(focused), e.key, locale)
    if (!to) return
    e.preventDefault()
    const day = to.toString()
    setFocused(day)
    if (monthOf(to) === data.month) {
      grid.current?.querySelector<HTMLElement>(`[data-date="${day}"]`)?.focus()
    } else {
      pending.current = day
      onParams?.({ month: monthOf(to), day, page: null })
    }
  }

  const cell = (date: CalendarDate) => {
    const day = date.toString()
    const count = data.days[day] ?? 0
    const inMonth = monthOf(date) === data.month
    const selected = day === data.day
    return (
      <td
        key={day}
        role="gridcell"
        className="wc-cell"
        aria-selected={selected}
        data-selected={selected || undefined}
        data-today={day === today || undefined}
        data-has-tasks={count > 0 || undefined}
        data-outside={!inMonth || undefined}
      >
        <a
          href={href({ month: monthOf(date), day })}
          className="wc-day"
          data-date={day}
          tabIndex={roving ? (day === focused ? 0 : -1) : undefined}
          aria-label={fullDate.format(date.toDate('UTC'))}
          title={count ? countTitle(count) : undefined}
          onClick={
            onParams
              ? (e) => {
                  e.preventDefault()
                  setFocused(day)
                  onParams({ month: monthOf(date), day, page: null })
                }
              : undefined
          }
          onFocus={() => setFocused(day)}
          data-testid={inMonth ? `calendar-day-${day}` : undefined}
        >
          {date.day}
          {count > 0 ? <span className="wc-dot" data-testid="calendar-dot" aria-hidden="true" /> : null}
        </a>
      </td>
    )
  }

  return (
    <div className="wc" data-testid="calendar-widget">
      <div className="wc-calendar">
        <header className="wc-header">
          <Link
            to={href({ month: prev })}
            className="icon-button wc-arrow"
            aria-label={t('widget.calendar.previous')}
            title={t('widget.calendar.previous')}
            onClick={interceptLink(onParams, { month: prev, day: null, page: null })}
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
            onClick={interceptLink(onParams, { month: next, day: null, page: null })}
            preventScrollReset
            data-testid="calendar-next"
          >
            <ChevronRightIcon width={16} height={16} />
          </Link>
        </header>
        <table
          ref={grid}
          role="grid"
          aria-label={`${widget.title}, ${monthLabel(data.month, locale)}`}
          className="wc-grid"
          onKeyDown={onParams ? onKeyDown : undefined}
        >
          <thead>
            <tr>
              {weekdays.map((d) => (
                <th key={d.long} scope="col" abbr={d.long} className="wc-weekday">
                  {d.narrow}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0].toString()}>{week.map(cell)}</tr>
            ))}
          </tbody>
        </table>
      </div>
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
                <Link
                  to={routes.TaskCard(task.process_key, task.key)}
                  className="wc-task-link"
                  aria-label={cardLine(task.values, data.delimiter) || task.key}
                >
                  <TaskFields task={task} delimiter={data.delimiter} />
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pagination
          className="wc-pagination"
          page={data.page}
          totalPages={pageCount(data.total, data.per_page)}
          hrefFor={(page) =>
            paramsHref(
              withWidgetParams(search, widget.id, {
                month: data.month,
                day: data.day,
                page: page === 1 ? null : page,
              }),
            )
          }
          onPage={onParams ? (page) => onParams({ page: page === 1 ? null : page }) : undefined}
        />
      </section>
    </div>
  )
}

type DayTask = CalendarData['tasks'][number]

/**
 * A day's task as its fields (view.fields, formatted by the server) joined by the delimiter: the
 * key in its monospace, the status with its coloured dot, the others as text. No field with a value:
 * the key, so the link always reads as something.
 */
function TaskFields({ task, delimiter }: { task: DayTask; delimiter: string }) {
  const shown = shownValues(task.values)
  if (shown.length === 0) return <span className="wt-key">{task.key}</span>
  const between = joiner(delimiter)
  return (
    <span className="wc-task-fields" data-testid="calendar-task-fields">
      {shown.map((v, i) => (
        <span key={v.name} className="wc-task-field" data-field={v.name}>
          {v.name === 'key' ? (
            <span className="wt-key">{v.value as string}</span>
          ) : v.name === 'status' && task.status ? (
            <span className="status-name wc-task-status">
              <StatusDot color={task.status.color} />
              {v.value as string}
            </span>
          ) : (
            <span className="wc-task-value">{v.value as string}</span>
          )}
          {/* After the field, not before the next: a line that wraps ends with it, never starts. */}
          {i < shown.length - 1 ? (
            <span className="wc-delimiter" aria-hidden="true">
              {between}
            </span>
          ) : null}
        </span>
      ))}
    </span>
  )
}
