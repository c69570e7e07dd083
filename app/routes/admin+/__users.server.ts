import type { Upstream } from '~/lib/upstream.server'
import { upstreamFailure } from './__admin.server'

/** One user of the node (GET /users/{nodeId}/{userId}); undefined when the node has no such user. */
export async function findNodeUser(api: Upstream, nodeId: string, userId: string) {
  const res = await api.get('/api/users/{nodeId}/{userId}', { path: { nodeId, userId } })
  if (res.status === 404 || res.status === 422) return undefined
  if (!res.ok) throw upstreamFailure(res)
  return res.data
}
