import type { KanbanCard as Card } from '@domain/widgets/kinds/kanban'
import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import { routes } from '~/lib/routes'

/** What a card shows: its key (the link to the task card), title, and its fields joined by the delimiter. */
export function KanbanCardBody({ task, delimiter }: { task: Card; delimiter: string }) {
  const line = task.values
    .map((v) => (typeof v.value === 'string' ? v.value : ''))
    .filter(Boolean)
    .join(` ${delimiter} `)
  return (
    <div className="wk-card-body">
      <Link to={routes.TaskCard(task.process_key, task.key)} className="wk-key" data-testid="kanban-key">
        {task.key}
      </Link>
      <span className="wk-title">{task.title}</span>
      {line ? <span className="wk-fields">{line}</span> : null}
    </div>
  )
}

/**
 * The card's "move to" form without JavaScript (PRODUCT.md §10): a select of the statuses its
 * column may move to and a button, posting the task edit with the version the board read. A status
 * that requires fields answers with the page again, where the widget asks for them.
 */
export function MoveForm({
  widgetId,
  task,
  moves,
}: {
  widgetId: string
  task: Card
  moves: { id: string; name: string }[]
}) {
  const { t } = useTranslation()
  if (moves.length === 0) return null
  const selectId = `wk-move-${task.id}`
  return (
    <Form method="post" className="wk-move" data-testid="kanban-move-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="kanban_move" />
      <input type="hidden" name="widget_id" value={widgetId} />
      <input type="hidden" name="task_id" value={task.id} />
      <input type="hidden" name="version" value={task.version} />
      <label className="visually-hidden" htmlFor={selectId}>
        {t('kanban.move_to', { key: task.key })}
      </label>
      <select id={selectId} name="status_id" className="input wk-move-select">
        {moves.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-secondary button-sm" data-testid="kanban-move-submit">
        {t('kanban.move')}
      </button>
    </Form>
  )
}
