import { redirect } from '@remix-run/node'
import { routes } from '~/lib/routes'

/** Spec §2: anything else redirects to page-not-found. */
export const loader = () => redirect(routes.pageNotFound())
export const action = loader
