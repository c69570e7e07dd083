import type { Notification } from '@domain/notifications'
import { useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NOTIFICATION_EVENT } from '~/lib/live/channel'
import { routes } from '~/lib/routes'
import { raiseAlert } from '~/lib/toast'
import { notificationAlert } from '../notifications/notification-text'

/**
 * The footer's unread count: the loader's figure, plus one for each notification that arrives live
 * while the page is open — each also shown as an info alert (spec §4). A new figure from the loader
 * (after marking read) replaces the count; so does the figure read again after each plain link
 * navigation to another page (`follow`: the personal area, whose layout's loader stays put then).
 */
export function useUnread(initial: number | null, follow: boolean): number | null {
  const { t } = useTranslation()
  const [count, setCount] = useState(initial)
  useEffect(() => setCount(initial), [initial])
  const { pathname } = useLocation()
  const fresh = useFetcher<{ unread: number | null }>({ key: 'unread-count' })
  const load = fresh.load
  const shown = useRef(pathname)
  useEffect(() => {
    if (!follow || shown.current === pathname) return
    shown.current = pathname
    load(routes.notificationsCount())
  }, [follow, pathname, load])
  useEffect(() => {
    const unread = fresh.data?.unread
    if (typeof unread === 'number') setCount(unread)
  }, [fresh.data])
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
