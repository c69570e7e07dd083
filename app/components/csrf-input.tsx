import { useRouteLoaderData } from '@remix-run/react'
import { CSRF_FIELD } from '~/lib/csrf'
import type { loader as rootLoader } from '~/root'

/** The CSRF token of this browser session (from the root loader). */
export function useCsrfToken(): string {
  return useRouteLoaderData<typeof rootLoader>('root')?.csrf ?? ''
}

/** The CSRF token of this browser session, posted with the form (checked by `requireCsrf`). */
export function CsrfInput() {
  return <input type="hidden" name={CSRF_FIELD} value={useCsrfToken()} />
}
