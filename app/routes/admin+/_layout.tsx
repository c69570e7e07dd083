import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { AppShell } from '~/components/layout/app-shell'
import headerNavStyles from '~/components/layout/header-nav.css'
import { requireAdmin } from '~/lib/access.server'
import { shellData } from '~/lib/shell.server'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: headerNavStyles }]

/**
 * Every /admin page: the access check, then is_admin (spec §6: else home), then the shell with the
 * admin menu. The pages' own loaders run beside this one, not after it: one that reads data or
 * redirects calls `requireAdmin(request)` first (shared by the request: no second check).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return shellData(request, await requireAdmin(request), 'admin')
}

export default function AdminLayout() {
  return (
    <AppShell shell={useLoaderData<typeof loader>()}>
      <Outlet />
    </AppShell>
  )
}
