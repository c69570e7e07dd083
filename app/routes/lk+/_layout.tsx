import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { AppHeader } from '~/components/layout/app-header'
import { requireAccess } from '~/lib/access.server'

/** Every /lk page: the access check of spec §4, then the header around the page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, node, rights } = await requireAccess(request)
  return {
    user: { id: user.id, full_name: user.full_name, user_name: user.user_name },
    node: { id: node.id, domain: node.domain },
    rights,
  }
}

export const meta: MetaFunction = () => [{ title: 'Nodus' }]

export default function LkLayout() {
  const { user, node } = useLoaderData<typeof loader>()
  return (
    <div className="app-shell">
      <AppHeader user={user} node={node.domain} />
      <main className="app-main" id="main">
        <Outlet />
      </main>
    </div>
  )
}
