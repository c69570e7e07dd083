import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { requireCsrf } from '~/lib/csrf.server'
import { refererPath, safePath } from '~/lib/redirect-to'
import { preferenceCookieOptions, themeCookie } from '~/lib/session.server'
import { isTheme } from '~/lib/theme'

/** POST theme=dark|light: keeps the theme in the `theme` cookie and goes back. Works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  await requireCsrf(request, form)
  const theme = form.get('theme')
  const back = safePath(form.get('redirectTo') ?? refererPath(request), '/')
  if (!isTheme(theme)) return redirect(back)
  return redirect(back, {
    headers: { 'Set-Cookie': await themeCookie.serialize(theme, preferenceCookieOptions(request)) },
  })
}

export const loader = () => redirect('/')
