import { redirect } from '@remix-run/node'
import { routes } from '~/lib/routes'

/** `/` → home in the personal area (spec §2). */
export const loader = () => redirect(routes.home())
