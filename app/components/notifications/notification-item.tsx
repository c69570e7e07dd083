import { formatDateTime } from '@domain/fields/dates'
import type { Notification } from '@domain/notifications'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '../csrf-input'
import { notificationText } from './notification-text'

/**
 * One inbox item: the whole row is the submit button of a form that marks it read and opens its
 * task (a plain post and redirect: no JavaScript needed).
 */
export function NotificationItem({ n }: { n: Notification }) {
  const { t } = useTranslation()
  const { actor, what } = notificationText(t, n)
  const unread = n.read_at === null
  return (
    <li className="inbox-item" data-unread={unread || undefined} data-testid="inbox-item">
      <Form method="post" className="inbox-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="open" />
        <input type="hidden" name="id" value={n.id} />
        <input type="hidden" name="task_key" value={n.task.key} />
        <button type="submit" className="inbox-open">
          <span className="inbox-dot" aria-hidden="true" />
          <span className="inbox-body">
            <span className="inbox-line">
              <strong>{actor}</strong> {what}
            </span>
            <span className="inbox-task">
              <span className="task-key">{n.task.key}</span> {n.task.title}
            </span>
          </span>
          <span className="inbox-meta">
            {unread ? <span className="visually-hidden">{t('notifications.unread')}</span> : null}
            <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
          </span>
        </button>
      </Form>
    </li>
  )
}
