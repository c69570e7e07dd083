import { type LoaderFunctionArgs, redirect } from '@remix-run/node'

/** `/auth` → the login page (spec §2), keeping any `redirectTo`. */
export function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url)
  return redirect(`/auth/login${search}`)
}
