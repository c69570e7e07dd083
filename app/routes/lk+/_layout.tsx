import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, type ShouldRevalidateFunctionArgs, useLoaderData } from '@remix-run/react'
import { AppShell } from '~/components/layout/app-shell'
import headerNavStyles from '~/components/layout/header-nav.css'
import { withAccess } from '~/lib/access.server'
import { unreadCount } from '~/lib/notifications/notifications.server'
import { listSavedQueries } from '~/lib/queries.server'
import { shellData } from '~/lib/shell.server'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: headerNavStyles }]

/**
 * Every /lk page: the access check of spec §4 (the guard of this layout), then the shell, with the
 * footer's unread notifications and the menu's saved queries read beside the access check (they
 * need only the node), so that only the shell's own calls wait for the user's rights.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [[access, saved], unread] = await Promise.all([
    withAccess(request, (at) => listSavedQueries(request, at).catch(() => null)),
    unreadCount(request).catch(() => null),
  ])
  const menuQueries = (saved?.queries ?? []).map((q) => ({ id: q.id, name: q.name, shared: q.shared }))
  return { ...(await shellData(request, access, 'lk', menuQueries)), unread }
}

/**
 * The shell depends on the path, never on the query string: a board widget's page, filter or day
 * (`?w.…`, replaced in the URL as it changes) or a card's `?edit=1` leave it as it is.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false
  return defaultShouldRevalidate
}

export default function LkLayout() {
  return (
    <AppShell shell={useLoaderData<typeof loader>()}>
      <Outlet />
    </AppShell>
  )
}
