import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { requireAccess } from '~/lib/access.server'
import { quickFindIntent } from '~/lib/quick-find'
import { quickFind } from '~/lib/quick-find.server'
import { safePath } from '~/lib/redirect-to'
import { routes } from '~/lib/routes'
import { redirectWithToast } from '~/lib/session.server'
import { upstreamUnavailableResponse } from '~/lib/upstream.server'

/**
 * The header's quick find as a plain GET form (no JavaScript; with it, Enter on a key comes here
 * too): a task key goes straight to its card, an unknown one back to the page it was typed on with
 * an alert saying so, any other text to the search page (`/lk/tasks?q=…`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireAccess(request)
  const url = new URL(request.url)
  const intent = quickFindIntent(url.searchParams.get('q') ?? '')
  if (intent.kind === 'empty') throw redirect(routes.tasks())
  if (intent.kind === 'search') throw redirect(routes.tasks(intent.query))
  const found = await quickFind(request, access.node.id, intent.key)
  if (found.status === 401) throw redirect(routes.login(`${url.pathname}${url.search}`))
  if (!found.answer) throw upstreamUnavailableResponse()
  const task = found.answer.matches[0]
  if (task) throw redirect(task.href)
  return redirectWithToast(request, safePath(url.searchParams.get('from'), routes.home()), {
    type: 'warning',
    code: 'quick_find.unknown_key',
    params: { key: intent.key },
  })
}
