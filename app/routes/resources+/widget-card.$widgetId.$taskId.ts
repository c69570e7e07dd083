import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireAccess } from '~/lib/access.server'
import { i18next } from '~/lib/i18next.server'
import { translator } from '~/lib/page.server'
import { upstream } from '~/lib/upstream.server'
import { cardView } from '~/widgets/card-modal/card.server'
import type { CardAnswer } from '~/widgets/card-modal/card-view'

const answer = (body: CardAnswer, status: number) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } })

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The card modal's data (app/widgets/card-modal): one task as the widget shows it when clicked.
 * Whatever the caller may not see — another node's task, a widget on none of their boards — is
 * a 404 with its catalogue code; the modal says so and still offers nothing it should not.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request)
  const widgetId = params.widgetId ?? ''
  const taskId = params.taskId ?? ''
  if (!UUID.test(widgetId) || !UUID.test(taskId)) return answer({ error: 'tasks.task_not_found' }, 404)
  const res = await upstream(request).get('/api/widgets/{nodeId}/{widgetId}/card/{taskId}', {
    path: { nodeId: access.node.id, widgetId, taskId },
  })
  if (!res.ok) {
    const code = res.detail[0]?.type ?? 'server.error'
    return answer({ error: code }, res.status === 404 ? 404 : 502)
  }
  const [t, locale] = await Promise.all([translator(request), i18next.getLocale(request)])
  return answer({ card: cardView(res.data, t, locale) }, 200)
}
