import type { LoaderFunctionArgs } from '@remix-run/node'
import { unreadCount } from '~/lib/notifications/notifications.server'

/**
 * The footer's unread figure alone, for the page's scripts after a plain link navigation (the
 * layout's loader does not run again on every page of the personal area). `{ unread: null }` when it
 * cannot be had.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const unread = await unreadCount(request).catch(() => null)
  return Response.json({ unread }, { headers: { 'cache-control': 'no-store' } })
}
