import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { requireAdmin } from '~/lib/access.server'
import { routes } from '~/lib/routes'

/**
 * `/admin` → the users page. Loaders run side by side and a child's redirect can win over the
 * layout's, so this one passes the layout's guard first (shared by the request: no second check).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  return redirect(routes.adminUsers())
}
