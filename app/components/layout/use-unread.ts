import type { Notification } from '@domain/notifications'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NOTIFICATION_EVENT } from '~/lib/live/channel'
import { raiseAlert } from '~/lib/toast'
import { notificationAlert } from '../notifications/notification-text'

/**
 * The footer's unread count: the loader's figure, plus one for each notification that arrives live
 * while the page is open — each also shown as an info alert (spec §4). A new figure from the loader
 * (after marking read, a navigation) replaces the count.
 */
export function useUnread(initial: number | null): number | null {
  const { t } = useTranslation()
  const [count, setCount] = useState(initial)
  useEffect(() => setCount(initial), [initial])
  useEffect(() => {
    const arrived = (event: Event) => {
      const n = (event as CustomEvent<Notification>).detail
      if (!n?.id || !n.task) return
      setCount((c) => (c ?? 0) + 1)
      raiseAlert({ id: `notification-${n.id}`, type: 'info', text: notificationAlert(t, n) })
    }
    window.addEventListener(NOTIFICATION_EVENT, arrived)
    return () => window.removeEventListener(NOTIFICATION_EVENT, arrived)
  }, [t])
  return count
}
