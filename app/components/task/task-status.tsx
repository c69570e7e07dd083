import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import { Button } from '~/components/ui/button'

export interface StatusMove {
  id: string
  name: string
  color: string
}

export function StatusBadge({ name, color }: { name: string; color: string }) {
  return (
    <span className="status-badge" data-testid="task-status">
      <span className="status-dot" style={{ background: color || 'var(--text-faint)' }} aria-hidden="true" />
      {name}
    </span>
  )
}

/**
 * The status and the moves the caller may make now (the task's allowed_moves only), posted with
 * the version read: a plain form, the same with and without JavaScript.
 */
export function TaskStatus({
  status,
  moves,
  version,
}: {
  status: { name: string; color: string }
  moves: StatusMove[]
  version: number
}) {
  const { t } = useTranslation()
  return (
    <div className="task-status">
      <StatusBadge name={status.name} color={status.color} />
      {moves.length ? (
        <Form method="post" className="status-move" data-testid="status-move">
          <CsrfInput />
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="version" value={version} />
          <label className="visually-hidden" htmlFor="status-move-to">
            {t('tasks.card.move_to')}
          </label>
          <select id="status-move-to" name="status_id" className="input status-select">
            {moves.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
          <Button type="submit" variant="secondary" size="sm" data-testid="status-move-submit">
            {t('tasks.card.move')}
          </Button>
        </Form>
      ) : (
        <p className="muted task-no-moves">{t('tasks.card.no_moves')}</p>
      )}
    </div>
  )
}
