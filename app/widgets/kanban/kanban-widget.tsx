import {
  KANBAN_PAGES_MAX,
  type KanbanCard,
  type KanbanColumn,
  type KanbanData,
} from '@domain/widgets/kinds/kanban'
import { withWidgetParams } from '@domain/widgets/params'
import { Link } from '@remix-run/react'
import { lazy, Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { StatusDot } from '~/components/admin-workflow/status-dot'
import { interceptLink, paramsHref, type WidgetViewProps } from '../types'
import type { Dragging } from './draggable-cards'
import { KanbanCardBody, MoveForm } from './kanban-card'
import { byLane, LaneTitle } from './lanes'
import { useKanbanMove } from './use-kanban-move'

/*
 * Kanban widget (PRODUCT.md §10, issue 26): a column per status with its first cards, its total
 * (and WIP limit, marked when over), "show more". Server-rendered as plain lists where every card
 * has a "move to" form, so it works without JavaScript; once hydrated, each column is a react-aria
 * GridList with drag and drop (mouse, touch, keyboard and screen readers: the card's handle, Enter,
 * Tab to a column, Enter), the columns that cannot take the dragged card dimmed.
 */

// Loaded once the page runs JavaScript; until then (and while it loads) the static cards show.
const DraggableCards = lazy(() => import('./draggable-cards'))
// The required fields' modal renders the field types' components: loaded when a move asks for them.
const RequiredFieldsModal = lazy(() => import('./required-fields-modal'))

export function KanbanWidget({ widget, data, search, onParams }: WidgetViewProps<KanbanData>) {
  const { t } = useTranslation()
  const hydrated = Boolean(onParams)
  const m = useKanbanMove(data, onParams)
  const dragging = useRef<Dragging | null>(null)
  const [dragFrom, setDragFrom] = useState<Dragging | null>(null)
  const names = new Map(data.columns.map((c) => [c.status.id, c.status.name]))
  const onDrag = (d: Dragging | null) => {
    dragging.current = d
    setDragFrom(d)
  }
  const asking = m.asking
  const staticCards = (c: KanbanColumn) => (
    <StaticCards column={c} delimiter={data.delimiter} names={names} lanes={data.swimlane !== null} />
  )
  return (
    <div className="wk" data-testid="kanban-widget" data-dragging={dragFrom ? 'true' : undefined}>
      {m.notice ? (
        <p
          className={m.notice.ok ? 'wk-notice wk-notice-ok' : 'wk-notice wk-notice-error'}
          role={m.notice.ok ? 'status' : 'alert'}
          data-testid="kanban-notice"
        >
          {m.notice.codes.map((c) => t(c)).join(' ')}
        </p>
      ) : null}
      <div className="wk-columns">
        {m.columns.map((c) => {
          const dim =
            dragFrom !== null && c.status.id !== dragFrom.from && !dragFrom.moves.includes(c.status.id)
          return (
            <section
              key={c.status.id}
              className={['wk-column', c.over ? 'wk-over' : '', dim ? 'wk-dim' : '']
                .filter(Boolean)
                .join(' ')}
              data-testid="kanban-column"
              data-status={c.status.name}
              data-dimmed={dim ? 'true' : undefined}
              aria-labelledby={`wk-${widget.id}-${c.status.id}`}
            >
              <header className="wk-column-header">
                <StatusDot color={c.status.color} />
                <h3 className="wk-column-title" id={`wk-${widget.id}-${c.status.id}`}>
                  {c.status.name}
                </h3>
                <span className="wk-count" data-testid="kanban-count">
                  {c.wip !== null
                    ? t('kanban.count_wip', { total: c.total, wip: c.wip })
                    : t('kanban.count', { total: c.total })}
                </span>
                {c.over ? (
                  <span className="wk-over-label" data-testid="kanban-over">
                    {t('kanban.over_wip')}
                  </span>
                ) : null}
              </header>
              {hydrated ? (
                <Suspense fallback={staticCards(c)}>
                  <DraggableCards
                    column={c}
                    delimiter={data.delimiter}
                    dragging={dragging}
                    onDrag={onDrag}
                    onDrop={m.move}
                    lanes={data.swimlane !== null}
                  />
                </Suspense>
              ) : (
                staticCards(c)
              )}
              <ShowMore widgetId={widget.id} column={c} search={search} onParams={onParams} />
            </section>
          )
        })}
      </div>
      {asking ? (
        <Suspense fallback={null}>
          <RequiredFieldsModal
            asking={asking}
            status={names.get(asking.to) ?? ''}
            fields={data.required_fields.filter((f) => asking.fields.includes(f.name))}
            onCancel={m.cancelAsking}
            onSubmit={(values) => {
              m.cancelAsking()
              m.submit(asking.taskId, asking.to, values)
            }}
          />
        </Suspense>
      ) : null}
    </div>
  )
}

/** Without JavaScript: a list of cards, each with its "move to" form. */
function StaticCards({
  column,
  delimiter,
  names,
  lanes,
}: {
  column: KanbanColumn
  delimiter: string
  names: Map<string, string>
  lanes: boolean
}) {
  const { t } = useTranslation()
  if (column.tasks.length === 0) return <p className="wk-empty">{t('kanban.empty')}</p>
  const moves = column.moves_to.map((id) => ({ id, name: names.get(id) ?? id }))
  const card = (task: KanbanCard) => (
    <li key={task.id} className="wk-card" data-testid="kanban-card" data-task-key={task.key}>
      <KanbanCardBody task={task} delimiter={delimiter} />
      <MoveForm task={task} moves={moves} />
    </li>
  )
  if (!lanes) return <ul className="wk-cards">{column.tasks.map(card)}</ul>
  return (
    <div className="wk-cards">
      {byLane(column.tasks).map(([key, title, tasks]) => (
        <div key={key} className="wk-lane-group">
          <LaneTitle title={title} />
          <ul className="wk-cards">{tasks.map(card)}</ul>
        </div>
      ))}
    </div>
  )
}

/** "Show more": the column's next page, up to KANBAN_PAGES_MAX pages (a link without JavaScript). */
function ShowMore({
  widgetId,
  column,
  search,
  onParams,
}: {
  widgetId: string
  column: KanbanColumn
  search: URLSearchParams
  onParams: WidgetViewProps<KanbanData>['onParams']
}) {
  const { t } = useTranslation()
  if (column.tasks.length >= column.total || column.pages >= KANBAN_PAGES_MAX) return null
  const change = { [`more.${column.status.id}`]: column.pages + 1 }
  return (
    <Link
      className="wk-more"
      to={paramsHref(withWidgetParams(search, widgetId, change))}
      onClick={interceptLink(onParams, change)}
      preventScrollReset
      data-testid="kanban-more"
    >
      {t('kanban.show_more')}
    </Link>
  )
}
