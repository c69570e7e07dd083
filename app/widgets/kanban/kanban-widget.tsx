import {
  KANBAN_PAGES_MAX,
  type KanbanCard,
  type KanbanColumn,
  type KanbanData,
} from '@domain/widgets/kinds/kanban'
import { withWidgetParams } from '@domain/widgets/params'
import { Link } from '@remix-run/react'
import { useRef, useState } from 'react'
import { Button } from 'react-aria-components/Button'
import { GridList, GridListItem } from 'react-aria-components/GridList'
import { isTextDropItem, useDragAndDrop } from 'react-aria-components/useDragAndDrop'
import { useTranslation } from 'react-i18next'
import { StatusDot } from '~/components/admin-workflow/status-dot'
import { interceptLink, paramsHref, type WidgetViewProps } from '../types'
import { KanbanCardBody, MoveForm } from './kanban-card'
import { RequiredFieldsModal } from './required-fields-modal'
import { useKanbanMove } from './use-kanban-move'

/*
 * Kanban widget (PRODUCT.md §10, issue 26): a column per status with its first cards, its total
 * (and WIP limit, marked when over), "show more". Server-rendered as plain lists where every card
 * has a "move to" form, so it works without JavaScript; once hydrated, each column is a react-aria
 * GridList with drag and drop (mouse, touch, keyboard and screen readers: the card's handle, Enter,
 * Tab to a column, Enter), the columns that cannot take the dragged card dimmed.
 */

const DRAG_TYPE = 'application/x-nodus-kanban-card'

/** What is being dragged (shared by every column of the widget: read while dragging, not rendered). */
interface Dragging {
  from: string
  moves: string[]
}

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
                <DraggableCards
                  column={c}
                  delimiter={data.delimiter}
                  dragging={dragging}
                  onDrag={onDrag}
                  onDrop={m.move}
                  lanes={data.swimlane !== null}
                />
              ) : (
                <StaticCards
                  column={c}
                  delimiter={data.delimiter}
                  names={names}
                  lanes={data.swimlane !== null}
                />
              )}
              <ShowMore widgetId={widget.id} column={c} search={search} onParams={onParams} />
            </section>
          )
        })}
      </div>
      {asking ? (
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
      ) : null}
    </div>
  )
}

/** The cards grouped by swimlane (in the order first met), each group headed by its value. */
function byLane(tasks: KanbanCard[]): [string, string, KanbanCard[]][] {
  const groups = new Map<string, [string, string, KanbanCard[]]>()
  for (const task of tasks) {
    const g = groups.get(task.lane) ?? [task.lane, String(task.lane_value ?? ''), []]
    g[2].push(task)
    groups.set(task.lane, g)
  }
  return [...groups.values()]
}

function LaneTitle({ title }: { title: string }) {
  const { t } = useTranslation()
  return <p className="wk-lane">{title || t('kanban.lane_none')}</p>
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

/** With JavaScript: the column as a drag-and-drop list; it takes a card from a column that may move there. */
function DraggableCards({
  column,
  delimiter,
  dragging,
  onDrag,
  onDrop,
  lanes,
}: {
  column: KanbanColumn
  delimiter: string
  dragging: React.MutableRefObject<Dragging | null>
  onDrag: (d: Dragging | null) => void
  onDrop: (taskId: string, from: string, to: string) => void
  lanes: boolean
}) {
  const { t } = useTranslation()
  const here = column.status.id
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) =>
      [...keys].map((key) => {
        const task = column.tasks.find((x) => x.id === key)
        return {
          [DRAG_TYPE]: JSON.stringify({ id: key, from: here }),
          'text/plain': task?.key ?? String(key),
        }
      }),
    acceptedDragTypes: [DRAG_TYPE],
    getDropOperation: (target) => {
      const d = dragging.current
      return target.type === 'root' && d && d.from !== here && d.moves.includes(here) ? 'move' : 'cancel'
    },
    onRootDrop: async (e) => {
      for (const item of e.items) {
        if (!isTextDropItem(item) || !item.types.has(DRAG_TYPE)) continue
        const { id, from } = JSON.parse(await item.getText(DRAG_TYPE)) as { id: string; from: string }
        onDrop(id, from, here)
      }
    },
    onDragStart: () => onDrag({ from: here, moves: column.moves_to }),
    onDragEnd: () => onDrag(null),
  })
  const groups = lanes ? byLane(column.tasks) : []
  const tasks = lanes ? groups.flatMap(([, , list]) => list) : column.tasks
  // Each swimlane's first card carries its heading.
  const firsts = new Set(groups.map(([, , list]) => list[0]!.id))
  return (
    <GridList
      aria-label={t('kanban.column', { name: column.status.name })}
      items={tasks}
      dragAndDropHooks={dragAndDropHooks}
      className="wk-cards wk-droppable"
      data-testid="kanban-list"
      renderEmptyState={() => <p className="wk-empty">{t('kanban.empty')}</p>}
    >
      {(task) => {
        const laneHead = firsts.has(task.id)
        return (
          <GridListItem
            id={task.id}
            textValue={`${task.key} ${task.title}`}
            className="wk-card"
            data-testid="kanban-card"
            data-task-key={task.key}
          >
            {laneHead ? <LaneTitle title={String(task.lane_value ?? '')} /> : null}
            <div className="wk-card-row">
              {column.moves_to.length ? (
                <Button slot="drag" className="wk-handle" aria-label={t('kanban.drag', { key: task.key })}>
                  <span aria-hidden="true">⠿</span>
                </Button>
              ) : null}
              <KanbanCardBody task={task} delimiter={delimiter} />
            </div>
          </GridListItem>
        )
      }}
    </GridList>
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
