import { upstream } from '~/lib/upstream.server'

/**
 * Whether CSV export and import are on in the node (its administrator may turn them off by
 * disabling the CSV plugin's configuration): the /lk/csv page and the widgets' "Export CSV" link
 * follow it. When the upstream cannot say, they stay shown and the upstream's own answer decides.
 */
export async function csvEnabled(request: Request, nodeId: string): Promise<boolean> {
  const res = await upstream(request).get('/api/tasks/{nodeId}/csv/settings', { path: { nodeId } })
  return res.ok ? res.data.enabled : true
}
