import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { savePreference } from '~/lib/preferences.server'
import { sidebarCookie } from '~/lib/session.server'
import { isSidebar } from '~/lib/theme'

/** POST sidebar=full|min: the side menu expanded or minimised, kept in the `sidebar` cookie. */
export const action = ({ request }: ActionFunctionArgs) =>
  savePreference(request, 'sidebar', sidebarCookie, isSidebar)

export const loader = () => redirect('/')
