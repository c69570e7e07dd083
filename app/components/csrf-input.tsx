import { useRouteLoaderData } from '@remix-run/react'
import { CSRF_FIELD } from '~/lib/csrf'
import type { loader as rootLoader } from '~/root'

/** The CSRF token of this browser session, posted with the form (checked by `requireCsrf`). */
export function CsrfInput() {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  return <input type="hidden" name={CSRF_FIELD} value={root?.csrf ?? ''} />
}
