import type { MapData } from '@domain/widgets/kinds/map'
import { withWidgetParams } from '@domain/widgets/params'
import { useTranslation } from 'react-i18next'
import { StatusDot } from '~/components/admin-workflow/status-dot'
import { pageCount } from '~/components/ui/page-items'
import { Pagination } from '~/components/ui/pagination'
import { CardLink } from '../card-modal/card-link'
import { paramsHref, type WidgetInfo } from '../types'

interface MapListProps {
  widget: WidgetInfo
  data: MapData
  search: URLSearchParams
}

/**
 * The map without JavaScript (issue 12 item 4): a page of the tasks in its area, each a link to its
 * card, with the pages as plain links (`?w.{id}.page=2`, the area kept in `w.{id}.bbox`).
 */
export function MapList({ widget, data, search }: MapListProps) {
  const { t } = useTranslation()
  const { list } = data
  return (
    <section className="wm-list" data-testid="map-list" aria-label={data.sidebar_title ?? widget.title}>
      {data.sidebar_title ? <h3 className="wm-list-title">{data.sidebar_title}</h3> : null}
      <p className="wm-list-total" data-testid="map-list-total">
        {data.field === null ? t('widget.map.no_field') : t('widget.map.total', { count: list.total })}
      </p>
      {list.tasks.length === 0 ? null : (
        <ul className="wc-tasks">
          {list.tasks.map((task) => (
            <li key={task.id} className="wc-task" data-testid="map-list-task">
              <CardLink widgetId={widget.id} task={task} className="wc-task-link">
                <span className="wt-key">{task.key}</span>
                <span className="wc-task-title">{task.title}</span>
              </CardLink>
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
      <Pagination
        className="wt-pagination"
        page={list.page}
        totalPages={pageCount(list.total, list.per_page)}
        hrefFor={(page) =>
          paramsHref(withWidgetParams(search, widget.id, { page: page === 1 ? null : page }))
        }
      />
    </section>
  )
}
