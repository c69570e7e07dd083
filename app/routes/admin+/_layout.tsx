import { hasRight } from '@domain/rights/rights'
import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { requireAccess } from '~/lib/access.server'

// STOP-GAP until the shell lands (its admin layout, with the side menu, replaces this file at merge).
export async function loader({ request }: LoaderFunctionArgs) {
  const { rights } = await requireAccess(request)
  if (!hasRight(rights, 'is_admin')) throw redirect('/lk')
  return null
}

export default function AdminLayout() {
  return (
    <main className="app-main" id="main">
      <Outlet />
    </main>
  )
}
