import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { isLanguage } from '~/i18n'
import { requireCsrf } from '~/lib/csrf.server'
import { refererPath, safePath } from '~/lib/redirect-to'
import { localeCookie, preferenceCookieOptions } from '~/lib/session.server'

/**
 * POST lng=ru|en|zh: keeps the language in the `lng` cookie (parent domain, a year) and goes back to
 * `redirectTo` (or the page it came from). A plain form post, so it works without JavaScript.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  await requireCsrf(request, form)
  const lng = form.get('lng')
  const back = safePath(form.get('redirectTo') ?? refererPath(request), '/')
  if (!isLanguage(lng)) return redirect(back)
  return redirect(back, {
    headers: { 'Set-Cookie': await localeCookie.serialize(lng, preferenceCookieOptions(request)) },
  })
}

export const loader = () => redirect('/')
