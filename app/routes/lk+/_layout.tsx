import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { AppShell } from '~/components/layout/app-shell'
import { requireAccess } from '~/lib/access.server'
import { shellData } from '~/lib/shell.server'

/** Every /lk page: the access check of spec §4 (the guard of this layout), then the shell. */
export async function loader({ request }: LoaderFunctionArgs) {
  return shellData(request, await requireAccess(request), 'lk')
}

export default function LkLayout() {
  return (
    <AppShell shell={useLoaderData<typeof loader>()}>
      <Outlet />
    </AppShell>
  )
}
