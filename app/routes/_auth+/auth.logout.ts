import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { signOut } from '~/lib/auth.server'

/**
 * Sign-out (spec §4): revokes the session upstream, clears `_token` (on the same Domain it was set)
 * and, with JavaScript, `_t` and `accessToken` on the login page it lands on. POST from the header's
 * button; GET as well, for plain links (the error pages' "go to login").
 */
export const action = ({ request }: ActionFunctionArgs) =>
  signOut(request, [{ type: 'info', code: 'users.logged_out' }])

export const loader = ({ request }: LoaderFunctionArgs) => signOut(request)
