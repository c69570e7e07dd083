import { redirect } from '@remix-run/node'
import { routes } from '~/lib/routes'

/** `/admin` → the users page (the layout's guard has already checked is_admin). */
export const loader = () => redirect(routes.adminUsers())
