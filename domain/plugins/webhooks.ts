import { TASK_EVENT_TYPES } from '../events'
import { isHttpUrl } from '../nodes/settings-schema'
import type { PluginDefinition } from './types'

/**
 * Webhooks (PRODUCT.md §7): the chosen task events of the node, optionally only those whose task
 * matches a query, POSTed to a URL and signed with the secret (api/src/plugins/webhooks).
 */
export const webhooks: PluginDefinition = {
  id: 'webhooks',
  name: 'plugins.webhooks.name',
  description: 'plugins.webhooks.description',
  version: '1.0.0',
  test: true,
  log: true,
  // The signing secret is not bound to the URL: it only signs and is never sent (ADR 027).
  outbound: { purpose: 'webhooks', urls: ['url'] },
  settings: [
    {
      name: 'url',
      type: 'text',
      title: 'plugins.webhooks.url',
      settings: { required: true, max_length: 2000, placeholder: 'https://example.com/hooks/nodus' },
    },
    {
      name: 'events',
      type: 'select',
      title: 'plugins.webhooks.events',
      settings: {
        required: true,
        multiple: true,
        options: TASK_EVENT_TYPES.map((type) => ({ title: `plugins.events.${type}`, value: type })),
      },
    },
    {
      name: 'query',
      type: 'text',
      title: 'plugins.webhooks.query',
      settings: { max_length: 2000, placeholder: 'status = "Done"' },
    },
    {
      name: 'secret',
      type: 'password',
      title: 'plugins.webhooks.secret',
      settings: { required: true, min_length: 16, max_length: 200 },
    },
  ],
  checkSettings: (s) =>
    typeof s.url === 'string' && !isHttpUrl(s.url) ? [{ path: ['url'], code: 'value_error.url' }] : [],
}
