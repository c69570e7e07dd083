import { addDays, formatDate } from '@domain/fields/dates'
import type { ScheduleColumn, ScheduleData, ScheduleTask } from '@domain/widgets/kinds/schedule'
import { withWidgetParams } from '@domain/widgets/params'
import { COLUMN_MIN_PX, clockOf, GRID_PX, HOUR_PX, layoutColumn } from '@domain/widgets/schedule-layout'
import { Link } from '@remix-run/react'
import { type CSSProperties, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronLeftIcon, ChevronRightIcon } from '~/components/ui/icons'
import { useHydrated } from '~/components/ui/use-hydrated'
import { CardLink } from '../card-modal/card-link'
import { interceptLink, paramsHref, type WidgetViewProps } from '../types'
import { arrowState, scrollTarget } from './arrows'

const ScheduleDatePicker = lazy(() => import('./schedule-date-picker'))

const HOURS = Array.from({ length: 24 }, (_, h) => h)
/** The sticky corner above the hours (widgets.css .ws-corner). */
const CORNER_PX = 32

/**
 * Daily schedule (spec §2 Widgets, §4, §9): the day's 24 hours (64 px each) down the side, a
 * column per grouping value (at least 256 px) across, each task a box from its start to its end,
 * overlapping ones side by side (domain/widgets/schedule-layout.ts). The previous and next day are
 * links (`?w.{id}.date=…`) and the day is a GET form, so the server's page works without
 * JavaScript; with it, a date picker chooses the day, the arrows scroll a column at a time, and a
 * click on a task opens the card modal.
 */
export function ScheduleWidget({ widget, data, search, onParams }: WidgetViewProps<ScheduleData>) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const scroller = useRef<HTMLDivElement>(null)
  const [arrows, setArrows] = useState({ left: false, right: false })
  const columns = data.columns

  const measure = useCallback(() => {
    const el = scroller.current
    if (el) setArrows(arrowState(el))
  }, [])
  useEffect(() => {
    measure()
    const el = scroller.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [measure])

  // A new day: back to the first column, and down to its first task (or 08:00).
  const first = useMemo(() => {
    const starts = columns.flatMap((c) => c.tasks.map((task) => Math.max(0, task.start)))
    return starts.length ? Math.min(...starts) : 8 * 60
  }, [columns])
  const startTop = Math.max(0, (first / 60) * HOUR_PX - HOUR_PX / 2)
  useEffect(() => {
    const el = scroller.current
    if (!el) return
    el.scrollTo({ left: 0, top: startTop })
    measure()
  }, [startTop, measure])

  const scroll = (direction: -1 | 1) => {
    const el = scroller.current
    if (!el) return
    const width = el.querySelector<HTMLElement>('.ws-column')?.offsetWidth ?? COLUMN_MIN_PX
    el.scrollTo({ left: scrollTarget(el, width, direction), behavior: 'smooth' })
  }

  const href = (date: string) => paramsHref(withWidgetParams(search, widget.id, { date }))
  const prev = addDays(data.date, -1)
  const next = addDays(data.date, 1)
  const dateParam = `w.${widget.id}.date`

  return (
    <div className="ws" data-testid="schedule-widget" data-date={data.date}>
      <header className="ws-header">
        <Link
          to={href(prev)}
          className="icon-button"
          aria-label={t('widget.schedule.previous_day')}
          title={t('widget.schedule.previous_day')}
          onClick={interceptLink(onParams, { date: prev })}
          preventScrollReset
          data-testid="schedule-previous-day"
        >
          <ChevronLeftIcon width={16} height={16} />
        </Link>
        {hydrated && onParams ? (
          <Suspense fallback={<DayForm date={data.date} name={dateParam} search={search} />}>
            <ScheduleDatePicker
              date={data.date}
              label={t('widget.schedule.date')}
              onChange={(date) => onParams({ date })}
            />
          </Suspense>
        ) : (
          <DayForm date={data.date} name={dateParam} search={search} />
        )}
        <Link
          to={href(next)}
          className="icon-button"
          aria-label={t('widget.schedule.next_day')}
          title={t('widget.schedule.next_day')}
          onClick={interceptLink(onParams, { date: next })}
          preventScrollReset
          data-testid="schedule-next-day"
        >
          <ChevronRightIcon width={16} height={16} />
        </Link>
        <span className="ws-day" data-testid="schedule-day">
          {formatDate(data.date)}
        </span>
        <span className="ws-spacer" />
        <button
          type="button"
          className="icon-button"
          aria-label={t('widget.schedule.scroll_left')}
          title={t('widget.schedule.scroll_left')}
          disabled={!hydrated || !arrows.left}
          onClick={() => scroll(-1)}
          data-testid="schedule-left"
        >
          <ChevronLeftIcon width={16} height={16} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('widget.schedule.scroll_right')}
          title={t('widget.schedule.scroll_right')}
          disabled={!hydrated || !arrows.right}
          onClick={() => scroll(1)}
          data-testid="schedule-right"
        >
          <ChevronRightIcon width={16} height={16} />
        </button>
      </header>
      <Notes data={data} widgetId={widget.id} />
      <div className="ws-scroll" ref={scroller} onScroll={measure} data-testid="schedule-scroll">
        <div className="ws-hours" aria-hidden="true">
          <div className="ws-corner" />
          <div className="ws-hours-grid" style={{ height: GRID_PX }}>
            {HOURS.map((h) => (
              <span key={h} className="ws-hour" style={{ top: h * HOUR_PX }} data-testid="schedule-hour">
                {`${String(h).padStart(2, '0')}:00`}
              </span>
            ))}
            {/* Without JavaScript the browser opens the grid here (CSS scroll-initial-target);
                the grid starts below the 32 px sticky corner. */}
            {startTop > CORNER_PX ? (
              <span className="ws-start" style={{ top: startTop - CORNER_PX }} data-testid="schedule-start" />
            ) : null}
          </div>
        </div>
        {columns.length === 0 ? (
          <section className="ws-column ws-column-empty">
            <h4 className="ws-column-title">&nbsp;</h4>
            <div className="ws-grid" style={{ height: GRID_PX }}>
              <p className="ws-empty" data-testid="schedule-empty">
                {t('widget.schedule.empty')}
              </p>
            </div>
          </section>
        ) : (
          columns.map((column) => <Column key={column.key} column={column} widgetId={widget.id} />)
        )}
      </div>
    </div>
  )
}

/** Without JavaScript (and until the picker's chunk arrives): the day as a GET form. */
function DayForm({ date, name, search }: { date: string; name: string; search: URLSearchParams }) {
  const { t } = useTranslation()
  const kept = [...search].filter(([key]) => key !== name)
  return (
    <form method="get" className="ws-day-form" data-testid="schedule-day-form">
      {kept.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      <input
        type="date"
        name={name}
        defaultValue={date}
        className="input ws-date-input"
        aria-label={t('widget.schedule.date')}
        required
      />
      <button type="submit" className="button button-secondary button-sm">
        {t('widget.schedule.show')}
      </button>
    </form>
  )
}

function Notes({ data, widgetId }: { data: ScheduleData; widgetId: string }) {
  const { t } = useTranslation()
  const invalid = useMemo(() => data.columns.flatMap((c) => layoutColumn(c.tasks).invalid), [data.columns])
  if (!data.untimed && invalid.length === 0) return null
  return (
    <div className="ws-notes">
      {invalid.length ? (
        <p className="ws-note ws-note-warning" role="status" data-testid="schedule-invalid">
          {t('widget.schedule.invalid', { count: invalid.length })}{' '}
          {invalid.map((task, i) => (
            <span key={task.id}>
              {i > 0 ? ', ' : ''}
              <CardLink widgetId={widgetId} task={task} className="wt-key">
                {task.key}
              </CardLink>
            </span>
          ))}
        </p>
      ) : null}
      {data.untimed ? (
        <p className="ws-note" data-testid="schedule-untimed">
          {t('widget.schedule.untimed', { count: data.untimed })}
        </p>
      ) : null}
    </div>
  )
}

function Column({ column, widgetId }: { column: ScheduleColumn; widgetId: string }) {
  const { t } = useTranslation()
  const { boxes } = useMemo(() => layoutColumn(column.tasks), [column.tasks])
  const title = column.title || t('widget.schedule.none')
  return (
    <section className="ws-column" aria-label={title} data-testid="schedule-column">
      <h4 className="ws-column-title" title={title}>
        {title}
      </h4>
      <div className="ws-grid" style={{ height: GRID_PX }}>
        {boxes.map((box) => (
          <TaskBox
            key={box.task.id}
            task={box.task}
            widgetId={widgetId}
            style={
              {
                top: box.top,
                height: box.height,
                '--lane': box.lane,
                '--lanes': box.lanes,
                '--status': box.task.status?.color ?? 'var(--border-strong)',
              } as CSSProperties
            }
            cut={box.fromBefore || box.toAfter}
          />
        ))}
      </div>
    </section>
  )
}

function TaskBox({
  task,
  widgetId,
  style,
  cut,
}: {
  task: ScheduleTask
  widgetId: string
  style: CSSProperties
  cut: boolean
}) {
  const time = `${clockOf(task.start)}–${clockOf(task.end ?? 24 * 60)}`
  return (
    <CardLink
      widgetId={widgetId}
      task={task}
      className={`ws-task${cut ? ' ws-task-cut' : ''}`}
      style={style}
      title={`${task.key} · ${time} · ${task.title}${task.status ? ` · ${task.status.name}` : ''}`}
      data-testid="schedule-task"
    >
      <span className="ws-task-line">
        <span className="wt-key">{task.key}</span>
        <span className="ws-task-time">{time}</span>
      </span>
      <span className="ws-task-title">{task.title}</span>
    </CardLink>
  )
}
