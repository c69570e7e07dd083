import { redirect } from '@remix-run/node'

/** Spec §2: anything else redirects to page-not-found. */
export const loader = () => redirect('/errors/page-not-found')
export const action = loader
