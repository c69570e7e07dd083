import type { LoaderFunctionArgs } from '@remix-run/node'
import { nodeName } from '~/lib/node.server'
import { getNodeByDomain } from '~/lib/node-assets.server'
import { quickFind } from '~/lib/quick-find.server'
import { readToken } from '~/lib/session.server'

const json = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } })

/**
 * The header's quick find as the user types (app/components/layout/quick-find.tsx): `?q=` → the
 * first matches as JSON. It needs only the node (cached) and the caller's token: the upstream checks
 * who may see what, so no access check of its own goes before the one call it makes.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!readToken(request)) return json({ error: 'users.user_not_authenticated' }, 401)
  const node = await getNodeByDomain(request, nodeName(request))
  if (!node.ok || !node.data) return json({ error: 'nodes.node_not_found' }, 404)
  const q = new URL(request.url).searchParams.get('q') ?? ''
  const found = await quickFind(request, node.data.id, q)
  if (!found.answer)
    return json(
      { error: found.status === 401 ? 'users.user_not_authenticated' : 'server.error' },
      found.status,
    )
  return json(found.answer, 200)
}
