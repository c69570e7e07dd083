import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { isLanguage } from '~/i18n'
import { savePreference } from '~/lib/preferences.server'
import { localeCookie } from '~/lib/session.server'

/**
 * POST lng=ru|en|zh: the user's language, kept in the `lng` cookie (parent domain, a year); the root
 * then mirrors it into local storage `_l` (spec §9). Works without JavaScript.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  savePreference(request, 'lng', localeCookie, isLanguage)

export const loader = () => redirect('/')
