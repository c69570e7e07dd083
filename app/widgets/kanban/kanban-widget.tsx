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
import { KanbanCardBody, MoveForm, type MoveFormShared, useMoveFormShared } from './kanban-card'
import { inLane, type Lane, lanesOf } from './lanes'
import { useKanbanMove } from './use-kanban-move'

/*
 * Kanban widget (PRODUCT.md §10, issue 26): a column per status with its first cards, its total
 * (and WIP limit, marked when over), "show more"; with swimlanes, a row per lane across all the
 * columns (a cell per column; it folds), a card moving between columns inside its lane. Server-rendered as plain lists where every card
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
  const shared = useMoveFormShared()
  const dragging = useRef<Dragging | null>(null)
  const [dragFrom, setDragFrom] = useState<Dragging | null>(null)
  const names = new Map(data.columns.map((c) => [c.status.id, c.status.name]))
  const onDrag = (d: Dragging | null) => {
    dragging.current = d
    setDragFrom(d)
  }
  const asking = m.asking
  const swimlanes = data.swimlane !== null
  const lanes = lanesOf(data.swimlane, m.columns)
  // While a card is dragged: the columns that cannot take it, and (with swimlanes) the other lanes.
  const dimColumn = (c: KanbanColumn) =>
    dragFrom !== null && c.status.id !== dragFrom.from && !dragFrom.moves.includes(c.status.id)
  const cell = (c: KanbanColumn, i: number, lane: Lane) => {
    const tasks = inLane(c, lane, swimlanes)
    const laneName = lane.title || t('kanban.lane_none')
    const dim = dimColumn(c) || (swimlanes && dragFrom !== null && dragFrom.lane !== lane.key)
    const statics = (
      <StaticCards
        tasks={tasks}
        column={c}
        delimiter={data.delimiter}
        names={names}
        empty={!swimlanes}
        shared={shared}
      />
    )
    return (
      <div
        key={c.status.id}
        className={['wk-cell', c.over ? 'wk-over' : '', dim ? 'wk-dim' : ''].filter(Boolean).join(' ')}
        data-testid="kanban-cell"
        data-column={i}
        data-status={c.status.name}
        data-lane={swimlanes ? lane.key : undefined}
        data-dimmed={dim ? 'true' : undefined}
      >
        {hydrated ? (
          <Suspense fallback={statics}>
            <DraggableCards
              column={c}
              lane={lane.key}
              tasks={tasks}
              label={
                swimlanes
                  ? t('kanban.column_lane', { name: c.status.name, lane: laneName })
                  : t('kanban.column', { name: c.status.name })
              }
              empty={!swimlanes}
              delimiter={data.delimiter}
              dragging={dragging}
              onDrag={onDrag}
              onDrop={m.move}
            />
          </Suspense>
        ) : (
          statics
        )}
      </div>
    )
  }
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
      {/* Scrolls inside the widget both ways; every row shares the columns' template, so they line up. */}
      <div className="wk-scroll" data-testid="kanban-scroll">
        <div
          className="wk-board"
          style={{ '--wk-cols': Math.max(m.columns.length, 1) } as React.CSSProperties}
        >
          <div className="wk-row wk-heads">
            {m.columns.map((c, i) => {
              const dim = dimColumn(c)
              return (
                <div
                  key={c.status.id}
                  className={['wk-head', c.over ? 'wk-over' : '', dim ? 'wk-dim' : '']
                    .filter(Boolean)
                    .join(' ')}
                  data-testid="kanban-column"
                  data-column={i}
                  data-status={c.status.name}
                  data-dimmed={dim ? 'true' : undefined}
                >
                  <StatusDot color={c.status.color} />
                  <h3 className="wk-column-title" id={`wk-${widget.id}-${c.status.id}`}>
                    {c.status.name}
                  </h3>
                  <span className="wk-count" data-testid="kanban-count">
                    {c.wip !== null
                      ? t('kanban.count_wip', { total: countText(c), wip: c.wip })
                      : t('kanban.count', { total: countText(c) })}
                  </span>
                  {c.over ? (
                    <span className="wk-over-label" data-testid="kanban-over">
                      {t('kanban.over_wip')}
                    </span>
                  ) : null}
                </div>
              )
            })}
          </div>
          {swimlanes ? (
            lanes.map((lane) => (
              // A lane folds without JavaScript too (details/summary); it opens again on reload.
              <details key={lane.key} className="wk-lane" open data-testid="kanban-lane" data-lane={lane.key}>
                <summary className="wk-lane-header">
                  <span className="wk-lane-title" data-testid="kanban-lane-title">
                    {lane.title || t('kanban.lane_none')}
                  </span>
                  <span className="wk-lane-count">{t('kanban.count', { total: lane.count })}</span>
                </summary>
                <div className="wk-row">{m.columns.map((c, i) => cell(c, i, lane))}</div>
              </details>
            ))
          ) : (
            <div className="wk-row">{m.columns.map((c, i) => cell(c, i, lanes[0]!))}</div>
          )}
          <div className="wk-row wk-foot">
            {m.columns.map((c) => (
              <div key={c.status.id} className="wk-foot-cell">
                <ShowMore widgetId={widget.id} column={c} search={search} onParams={onParams} />
              </div>
            ))}
          </div>
        </div>
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

/** A column's total; counted no further than the cap, it reads "10000+" (as the list's capped totals). */
const countText = (c: KanbanColumn) => (c.more ? `${c.total}+` : String(c.total))

/**
 * Without JavaScript: a cell's cards, each with its "move to" form (it keeps the card's lane). The
 * column's options are made once for all its cards: they are the same (its `moves_to`).
 */
function StaticCards({
  tasks,
  column,
  delimiter,
  names,
  empty,
  shared,
}: {
  tasks: KanbanCard[]
  column: KanbanColumn
  delimiter: string
  names: Map<string, string>
  empty: boolean
  shared: MoveFormShared
}) {
  const { t } = useTranslation()
  if (tasks.length === 0) return empty ? <p className="wk-empty wk-cards">{t('kanban.empty')}</p> : null
  const options = column.moves_to.map((id) => (
    <option key={id} value={id}>
      {names.get(id) ?? id}
    </option>
  ))
  return (
    <ul className="wk-cards">
      {tasks.map((task) => (
        <li key={task.id} className="wk-card" data-testid="kanban-card" data-task-key={task.key}>
          <KanbanCardBody task={task} delimiter={delimiter} plain />
          <MoveForm task={task} options={options} shared={shared} />
        </li>
      ))}
    </ul>
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
