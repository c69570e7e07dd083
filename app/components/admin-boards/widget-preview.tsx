import type { TaskSummary } from '@domain/widgets/common'
import { Link } from '@remix-run/react'
import { routes } from '~/lib/routes'
import { getWidgetComponent } from '~/widgets/registry'
import { StatusName } from '../admin-workflow/status-dot'
import { Pagination } from '../ui/pagination'
import { useBoardsT } from './use-boards-t'

/** One widget's data as GET /widgets/{nodeId}/{widgetId}/data answers it, or why there is none. */
export type PreviewData =
  | { ok: true; type: string; data: unknown }
  | { ok: false; codes: string[]; params?: Record<string, string | number> }

interface WidgetPreviewProps {
  preview: PreviewData
  /** The widget (its id names its parameters in the address). */
  widget: { id: string; type: string; title: string }
  /** The dialog's query string: the widget's links change its own parameters and keep the rest. */
  search: URLSearchParams
  /** The dialog's address with this widget's parameters replaced (`w.{id}.page`, `w.{id}.day`). */
  hrefWith: (params: Record<string, string | number | null>) => string
}

interface TableLike {
  rows: TaskSummary[]
  meta: { total: number; page: number; per_page: number }
}
interface CalendarLike {
  month: string
  day: string
  days: Record<string, number>
  tasks: TaskSummary[]
  total: number
}

const isTable = (d: unknown): d is TableLike =>
  !!d && typeof d === 'object' && Array.isArray((d as TableLike).rows) && !!(d as TableLike).meta
const isCalendar = (d: unknown): d is CalendarLike =>
  !!d &&
  typeof d === 'object' &&
  typeof (d as CalendarLike).days === 'object' &&
  Array.isArray((d as CalendarLike).tasks)

/** dd.MM.yyyy (spec §9) of a yyyy-MM-dd day. */
const shownDay = (day: string) => day.split('-').reverse().join('.')

/**
 * The preview of Editing: the saved widget's data through its type's own component, as a board
 * shows it; a type without one as plain tasks with links to their cards — a table's page (with its
 * pages as links) or a calendar's days with tasks and the selected day's tasks. Links and forms
 * only, so it works without JavaScript.
 */
export function WidgetPreview({ preview, widget, search, hrefWith }: WidgetPreviewProps) {
  const { t } = useBoardsT()
  const View = preview.ok ? getWidgetComponent(preview.type) : null
  if (preview.ok && View)
    // The type's own component (app/widgets/<type>/), as a board shows it: links and GET forms.
    return (
      <section
        className="board-widget widget-preview-frame"
        data-testid="widget-preview"
        data-type={preview.type}
      >
        <header className="board-widget-header">
          <h4 className="board-widget-title">{widget.title}</h4>
        </header>
        <div className="board-widget-body">
          <View widget={widget} data={preview.data as never} search={search} />
        </div>
      </section>
    )
  if (!preview.ok)
    return (
      <div className="alert alert-warning" role="status" data-testid="widget-preview-error">
        {preview.codes.map((code) => (
          <p key={code}>{t(code, { position: '?', field: '', operator: '', ...preview.params })}</p>
        ))}
      </div>
    )
  const { data } = preview
  if (isTable(data)) {
    const pages = Math.max(1, Math.ceil(data.meta.total / Math.max(1, data.meta.per_page)))
    return (
      <div className="widget-preview" data-testid="widget-preview" data-type={preview.type}>
        <p className="muted">{t('admin_widgets.preview.total', { count: data.meta.total })}</p>
        <TaskList tasks={data.rows} />
        <Pagination
          page={data.meta.page}
          totalPages={pages}
          hrefFor={(page) => hrefWith({ page: page > 1 ? page : null })}
        />
      </div>
    )
  }
  if (isCalendar(data)) {
    const days = Object.entries(data.days).sort(([a], [b]) => a.localeCompare(b))
    return (
      <div className="widget-preview" data-testid="widget-preview" data-type={preview.type}>
        <p className="muted">
          {t('admin_widgets.preview.days', { month: data.month.split('-').reverse().join('.') })}
        </p>
        {days.length ? (
          <ul className="chip-list preview-days">
            {days.map(([day, count]) => (
              <li key={day}>
                <Link
                  to={hrefWith({ day, month: null })}
                  preventScrollReset
                  replace
                  className={`chip${day === data.day ? ' chip-selected' : ''}`}
                  aria-current={day === data.day ? 'date' : undefined}
                >
                  {t('admin_widgets.preview.day', { day: shownDay(day), count })}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('admin_widgets.preview.no_days')}</p>
        )}
        <h4 className="preview-day-title">
          {t('admin_widgets.preview.day', { day: shownDay(data.day), count: data.total })}
        </h4>
        <TaskList tasks={data.tasks} />
      </div>
    )
  }
  return (
    <pre className="widget-preview-raw" data-testid="widget-preview">
      {JSON.stringify(data, null, 2)}
    </pre>
  )
}

function TaskList({ tasks }: { tasks: TaskSummary[] }) {
  const { t } = useBoardsT()
  if (!tasks.length) return <p className="muted">{t('admin_widgets.preview.empty')}</p>
  return (
    <div className="table-wrap">
      <table className="table preview-table">
        <thead>
          <tr>
            <th scope="col">{t('admin_widgets.preview.column.key')}</th>
            <th scope="col">{t('admin_widgets.preview.column.title')}</th>
            <th scope="col">{t('admin_widgets.preview.column.status')}</th>
          </tr>
        </thead>
        <tbody>
          {tasks.map((task) => (
            <tr key={task.id}>
              <td className="cell-key">
                <Link to={routes.TaskCard(task.process_key, task.key)} className="row-link">
                  {task.key}
                </Link>
              </td>
              <td>{task.title}</td>
              <td>{task.status ? <StatusName name={task.status.name} color={task.status.color} /> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
