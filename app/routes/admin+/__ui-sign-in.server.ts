import { addForPlugin, configPaths } from '~/components/admin-plugins/paths'
import type { SignInState } from '~/components/admin-ui/sign-in-pointer'
import { upstream } from '~/lib/upstream.server'

/**
 * /admin/ui's sign-in card: the node's Single sign-on configuration (the service centre and the
 * token checks moved there in migration 0018), whether it is on, and where to edit it.
 */
export async function signInState(request: Request, nodeId: string): Promise<SignInState> {
  const res = await upstream(request).get('/api/plugin-configs/{nodeId}', {
    path: { nodeId },
    query: { plugin_id: 'sso', per_page: 1 },
  })
  const config = res.ok ? res.data[0] : undefined
  if (!config) return { href: addForPlugin('sso'), state: 'none' }
  return { href: configPaths.item(config.id), state: config.enabled ? 'enabled' : 'disabled' }
}
