import { customDefinitions } from '../../services/custom-fields'
import { checkWidgetQuery } from '../../services/widgets'
import type { ServerPlugin } from '../types'

/** Webhooks: the task query is checked against the node's fields like a widget's query. */
export const webhooksServer: ServerPlugin = {
  id: 'webhooks',
  async check(ctx, settings, where) {
    const query = typeof settings.query === 'string' ? settings.query : ''
    if (!query.trim()) return []
    const customs = await customDefinitions(ctx.db, ctx.nodeId)
    return checkWidgetQuery(query, customs, ctx.userId, [...where, 'query'])
  },
}
