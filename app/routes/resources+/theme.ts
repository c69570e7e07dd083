import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { savePreference } from '~/lib/preferences.server'
import { themeCookie } from '~/lib/session.server'
import { isTheme } from '~/lib/theme'

/** POST theme=dark|light: kept in the `theme` cookie. Works without JavaScript. */
export const action = ({ request }: ActionFunctionArgs) =>
  savePreference(request, 'theme', themeCookie, isTheme)

export const loader = () => redirect('/')
