import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { requireAccess } from '~/lib/access.server'
import { shellAbilities } from '~/lib/guards'
import { pageTitle } from '~/lib/page.server'
import { serviceCenterUrl } from '~/lib/shell.server'

/**
 * The profile menu's services (spec §2). A node with a service centre sends the user there (the
 * menu links it directly; this covers a bookmarked /lk/services); without one the page says so,
 * and tells an administrator where a service centre is connected.
 */
export async function servicesLoader({ request }: LoaderFunctionArgs) {
  const [{ node, rights }, title] = await Promise.all([
    requireAccess(request),
    pageTitle(request, 'lk.services.title'),
  ])
  const url = serviceCenterUrl(node.settings as Record<string, unknown>)
  if (url) throw redirect(url)
  return { title, isAdmin: shellAbilities(rights).isAdmin }
}
