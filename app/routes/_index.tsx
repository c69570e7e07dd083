import { redirect } from '@remix-run/node'

/** `/` → home in the personal area (spec §2). */
export const loader = () => redirect('/lk')
