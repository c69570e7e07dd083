import type { TableData } from '@domain/widgets/kinds/table'
import { withWidgetParams } from '@domain/widgets/params'
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { StatusDot } from '~/components/admin-workflow/status-dot'
import { pageCount } from '~/components/ui/page-items'
import { Pagination } from '~/components/ui/pagination'
import { routes } from '~/lib/routes'
import { paramsHref, type WidgetViewProps } from '../types'
import { cellText } from './cell-text'
import { TableFilters } from './table-filters'

type Row = TableData['rows'][number]

/** The cells every table knows from the task itself; the others come from `values`. */
function Cell({ name, row }: { name: string; row: Row }) {
  const { t } = useTranslation()
  switch (name) {
    case 'key':
      return (
        <Link to={routes.TaskCard(row.process_key, row.key)} className="wt-key" data-testid="table-key">
          {row.key}
        </Link>
      )
    case 'title':
      return <>{row.title}</>
    case 'status':
      return row.status ? (
        <span className="status-name" data-testid="table-status">
          <StatusDot color={row.status.color} />
          {row.status.name}
        </span>
      ) : null
    default:
      return <>{cellText(row.values[name], t)}</>
  }
}

/**
 * Table widget (spec §2 Widgets): its headers, a page of tasks (spec §9: 5 a page), the key
 * linking to the task card, the status with its coloured dot, 'Nothing found.' when empty, the
 * pagination of spec §9 and the optional filter modal. Pages and filters live in the URL.
 */
export function TableWidget({ widget, data, search, onParams, onTaskMenu }: WidgetViewProps<TableData>) {
  const { t } = useTranslation()
  const { headers, rows, meta } = data
  const own = `w.${widget.id}.filter.`
  const filterValues: Record<string, string> = {}
  for (const [key, value] of search)
    if (key.startsWith(own) && value) filterValues[key.slice(own.length)] = value
  const totalPages = pageCount(meta.total, meta.per_page)
  return (
    <div className="wt-table" data-testid="table-widget">
      {data.filters.length ? (
        <div className="wt-toolbar">
          <TableFilters
            widgetId={widget.id}
            fields={data.filters}
            values={filterValues}
            search={search}
            onParams={onParams}
          />
        </div>
      ) : null}
      <div className="table-wrap wt-table-wrap">
        <table className="table">
          <caption className="visually-hidden">{widget.title}</caption>
          <thead>
            <tr>
              {headers.map((h) => (
                <th key={h.name} scope="col">
                  {t(h.title, { defaultValue: h.title })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={Math.max(1, headers.length)} className="table-empty" data-testid="table-empty">
                  {t('empty.table')}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  data-testid="table-row"
                  onContextMenu={
                    onTaskMenu
                      ? (event) => {
                          event.preventDefault()
                          onTaskMenu(menuPoint(event), row)
                        }
                      : undefined
                  }
                >
                  {headers.map((h) => (
                    <td key={h.name} data-field={h.name}>
                      <Cell name={h.name} row={row} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pagination
        className="wt-pagination"
        page={meta.page}
        totalPages={totalPages}
        more={meta.more}
        hrefFor={(page) =>
          paramsHref(withWidgetParams(search, widget.id, { page: page === 1 ? null : page }))
        }
        onPage={onParams ? (page) => onParams({ page: page === 1 ? null : page }) : undefined}
      />
    </div>
  )
}

/** Where a context menu opens: the pointer, or the row itself when the keyboard asked (no pointer). */
function menuPoint(event: React.MouseEvent<HTMLElement>) {
  if (event.clientX || event.clientY) return { clientX: event.clientX, clientY: event.clientY }
  const rect = event.currentTarget.getBoundingClientRect()
  return { clientX: rect.left + 16, clientY: rect.bottom }
}
