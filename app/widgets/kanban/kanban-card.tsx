import type { KanbanCard as Card } from '@domain/widgets/kinds/kanban'
import { Link, useFormAction } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useCsrfToken } from '~/components/csrf-input'
import { CSRF_FIELD } from '~/lib/csrf'
import { routes } from '~/lib/routes'

/**
 * What a card shows: its key (the link to the task card), title, and its fields joined by the
 * delimiter. `plain`: the key is a plain link (the server-rendered cards, 120 of them on a board:
 * Remix's Link resolves its route per card, which the page paid for in its render; issue 26). Once
 * the page runs JavaScript, the draggable cards replace them with client-side links.
 */
export function KanbanCardBody({
  task,
  delimiter,
  plain,
}: {
  task: Card
  delimiter: string
  plain?: boolean
}) {
  const line = task.values
    .map((v) => (typeof v.value === 'string' ? v.value : ''))
    .filter(Boolean)
    .join(` ${delimiter} `)
  const href = routes.TaskCard(task.process_key, task.key)
  return (
    <div className="wk-card-body">
      {plain ? (
        <a href={href} className="wk-key" data-testid="kanban-key">
          {task.key}
        </a>
      ) : (
        <Link to={href} className="wk-key" data-testid="kanban-key">
          {task.key}
        </Link>
      )}
      <span className="wk-title">{task.title}</span>
      {line ? <span className="wk-fields">{line}</span> : null}
    </div>
  )
}

/** What every "move to" form of a board's kanban shares: worked out once, not once per card. */
export interface MoveFormShared {
  /** Where the forms post: this page, its search kept (the redirect comes back to the same columns). */
  action: string
  csrf: string
  /** The select's label for a card ("Move DEV-1 to"). */
  label: (key: string) => string
  button: string
}

// A placeholder no task key holds: the label's text is translated once and the key put in per card.
const KEY_MARK = '\u0000'

export function useMoveFormShared(): MoveFormShared {
  const { t } = useTranslation()
  const action = useFormAction()
  const csrf = useCsrfToken()
  const template = t('kanban.move_to', { key: KEY_MARK })
  return {
    action,
    csrf,
    label: (key) => template.replace(KEY_MARK, key),
    button: t('kanban.move'),
  }
}

/**
 * The card's "move to" form without JavaScript (PRODUCT.md §10): a select of the statuses its
 * column may move to and a button, posting the task edit with the version the board read. A plain
 * form (it is only used before the page runs JavaScript); `options` are its column's, made once
 * per column.
 */
export function MoveForm({
  task,
  options,
  shared,
}: {
  task: Card
  options: React.ReactNode[]
  shared: MoveFormShared
}) {
  if (options.length === 0) return null
  return (
    <form method="post" action={shared.action} className="wk-move" data-testid="kanban-move-form">
      <input type="hidden" name={CSRF_FIELD} value={shared.csrf} />
      <input type="hidden" name="task_id" value={task.id} />
      <input type="hidden" name="version" value={task.version} />
      {/* The select inside its label: no id per card to tie them. */}
      <label className="wk-move-label">
        <span className="visually-hidden">{shared.label(task.key)}</span>
        <select name="status_id" className="input wk-move-select">
          {options}
        </select>
      </label>
      {/* The intent rides on the button (the only way this form is sent): one input less per card. */}
      <button
        type="submit"
        name="intent"
        value="kanban_move"
        className="button button-secondary button-sm"
        data-testid="kanban-move-submit"
      >
        {shared.button}
      </button>
    </form>
  )
}
