import type { KanbanColumn } from '@domain/widgets/kinds/kanban'
import { Button } from 'react-aria-components/Button'
import { GridList, GridListItem } from 'react-aria-components/GridList'
import { isTextDropItem, useDragAndDrop } from 'react-aria-components/useDragAndDrop'
import { useTranslation } from 'react-i18next'
import { KanbanCardBody } from './kanban-card'
import { byLane, LaneTitle } from './lanes'

/*
 * A column's cards once the page runs JavaScript, loaded apart from the board's bundle (react-aria's
 * drag and drop is large, and a board without a kanban never needs it: issue 11's 250 KB budget).
 */

export const DRAG_TYPE = 'application/x-nodus-kanban-card'

/** What is being dragged (shared by every column of the widget: read while dragging, not rendered). */
export interface Dragging {
  from: string
  moves: string[]
}

/** With JavaScript: the column as a drag-and-drop list; it takes a card from a column that may move there. */
export default function DraggableCards({
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
