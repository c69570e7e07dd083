import { type Cookie, redirect } from '@remix-run/node'
import { requireCsrf } from './csrf.server'
import { readForm } from './form.server'
import { refererPath, safePath } from './redirect-to'
import { preferenceCookieOptions } from './session.server'

/**
 * The preference switches (language, theme, side menu): a form posts `field=value` with the CSRF
 * token and the page to go back to; a known value is kept in its cookie (parent domain, a year).
 * Plain posts, so they work without JavaScript; with it, fetchers revalidate the page in place.
 */
export async function savePreference(
  request: Request,
  field: string,
  cookie: Cookie,
  isValid: (value: unknown) => boolean,
): Promise<Response> {
  const form = await readForm(request)
  await requireCsrf(request, form)
  const value = form.get(field)
  const back = safePath(form.get('redirectTo') ?? refererPath(request), '/')
  if (!isValid(value)) return redirect(back)
  return redirect(back, {
    headers: { 'Set-Cookie': await cookie.serialize(value, preferenceCookieOptions(request)) },
  })
}
