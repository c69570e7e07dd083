import type { Notification } from '@domain/notifications'
import type { TFunction } from 'i18next'

/** "Who did what" of a notification, in the page's language: the inbox's line and the live alert's. */
export function notificationText(t: TFunction, n: Pick<Notification, 'kind' | 'actor' | 'task'>) {
  return {
    actor: n.actor?.full_name || t('notifications.someone'),
    what: t(`notifications.kind.${n.kind}`),
  }
}

export const notificationAlert = (t: TFunction, n: Pick<Notification, 'kind' | 'actor' | 'task'>) =>
  t('notifications.alert', { ...notificationText(t, n), key: n.task.key, title: n.task.title })
