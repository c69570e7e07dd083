import type { KanbanCard, KanbanColumn } from '@domain/widgets/kinds/kanban'
import { Button } from 'react-aria-components/Button'
import { GridList, GridListItem } from 'react-aria-components/GridList'
import { isTextDropItem, useDragAndDrop } from 'react-aria-components/useDragAndDrop'
import { useTranslation } from 'react-i18next'
import { KanbanCardBody } from './kanban-card'

/*
 * A column's cards once the page runs JavaScript, loaded apart from the board's bundle (react-aria's
 * drag and drop is large, and a board without a kanban never needs it: issue 11's 250 KB budget).
 */

export const DRAG_TYPE = 'application/x-nodus-kanban-card'

/** What is being dragged (shared by every cell of the widget: read while dragging, not rendered). */
export interface Dragging {
  from: string
  /** The swimlane it is in: a card moves between columns inside its lane only. */
  lane: string
  moves: string[]
}

/**
 * With JavaScript: a column's cards of one swimlane (all of them without swimlanes) as a
 * drag-and-drop list; it takes a card of the same lane from a column that may move there. Moving
 * to another lane is refused: it would change the assignee or the field, which is not a workflow
 * transition (the task card does that).
 */
export default function DraggableCards({
  column,
  lane,
  tasks,
  label,
  empty,
  delimiter,
  dragging,
  onDrag,
  onDrop,
}: {
  column: KanbanColumn
  lane: string
  tasks: KanbanCard[]
  label: string
  /** Say "no tasks" when empty (a board without swimlanes; an empty lane cell stays quiet). */
  empty: boolean
  delimiter: string
  dragging: React.MutableRefObject<Dragging | null>
  onDrag: (d: Dragging | null) => void
  onDrop: (taskId: string, from: string, to: string) => void
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
      return target.type === 'root' && d && d.from !== here && d.lane === lane && d.moves.includes(here)
        ? 'move'
        : 'cancel'
    },
    onRootDrop: async (e) => {
      for (const item of e.items) {
        if (!isTextDropItem(item) || !item.types.has(DRAG_TYPE)) continue
        const { id, from } = JSON.parse(await item.getText(DRAG_TYPE)) as { id: string; from: string }
        onDrop(id, from, here)
      }
    },
    onDragStart: () => onDrag({ from: here, lane, moves: column.moves_to }),
    onDragEnd: () => onDrag(null),
  })
  return (
    <GridList
      aria-label={label}
      items={tasks}
      dragAndDropHooks={dragAndDropHooks}
      className="wk-cards wk-droppable"
      data-testid="kanban-list"
      renderEmptyState={() => (empty ? <p className="wk-empty">{t('kanban.empty')}</p> : null)}
    >
      {(task) => (
        <GridListItem
          id={task.id}
          textValue={`${task.key} ${task.title}`}
          className="wk-card"
          data-testid="kanban-card"
          data-task-key={task.key}
        >
          <div className="wk-card-row">
            {column.moves_to.length ? (
              <Button slot="drag" className="wk-handle" aria-label={t('kanban.drag', { key: task.key })}>
                <span aria-hidden="true">⠿</span>
              </Button>
            ) : null}
            <KanbanCardBody task={task} delimiter={delimiter} />
          </div>
        </GridListItem>
      )}
    </GridList>
  )
}
