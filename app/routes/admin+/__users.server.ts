import type { PublicUser } from '~/lib/auth.server'
import type { Upstream } from '~/lib/upstream.server'
import { upstreamFailure } from './__admin.server'

/** A user of the node as GET /api/users/{nodeId} lists them. */
export type NodeUser = PublicUser & { created_at: string; updated_at: string }

/** A right granted directly to a user (GET /api/rights/{nodeId}?user_id=). */
export interface Grant {
  id: string
  right_code: string
  attributes: string[] | null
  subject_type: 'user' | 'team'
  subject_id: string
}

/** One user of the node (GET /users/{nodeId}/{userId}); undefined when the node has no such user. */
export async function findNodeUser(api: Upstream, nodeId: string, userId: string) {
  const res = await api.get<NodeUser>(
    `/api/users/${encodeURIComponent(nodeId)}/${encodeURIComponent(userId)}`,
  )
  if (res.status === 404 || res.status === 422) return undefined
  if (!res.ok || !res.data) throw upstreamFailure(res)
  return res.data
}
