import { messageFor } from '@domain/errors/catalogue'
import { badInput } from '../../http/errors'
import { insertDelivery } from '../../repositories/plugin-deliveries-repository'
import { customDefinitions } from '../../services/custom-fields'
import { checkWidgetQuery } from '../../services/widgets'
import type { ServerPlugin } from '../types'
import { GIVE_UP_MS } from './queue'
import { deliveryWorker, startWebhooks } from './start'

/**
 * Webhooks: the task query is checked against the node's fields like a widget's; a private address
 * is refused when saved and on every connection (the outbound guard, ADR 027). "Send a
 * test" queues a `ping` in the log and sends it at once.
 */
export const webhooksServer: ServerPlugin = {
  id: 'webhooks',
  start: startWebhooks,
  async check(ctx, settings, where) {
    const query = typeof settings.query === 'string' ? settings.query : ''
    if (!query.trim()) return []
    const customs = await customDefinitions(ctx.db, ctx.nodeId)
    return checkWidgetQuery(query, customs, ctx.userId, [...where, 'query'])
  },
  async test(rt, config) {
    const body = JSON.stringify({
      id: null,
      type: 'ping',
      node_id: config.nodeId,
      occurred_at: new Date().toISOString(),
      actor_id: null,
      data: { config_id: config.id, name: config.name },
    })
    const row = await insertDelivery(rt.db, {
      nodeId: config.nodeId,
      configId: config.id,
      eventId: null,
      eventType: 'ping',
      body,
      giveUpAt: new Date(Date.now() + GIVE_UP_MS),
    })
    const attempt = await deliveryWorker(rt).deliver(row!)
    if (attempt.ok) return 'plugins.test_sent'
    const reason = attempt.status
      ? `HTTP ${attempt.status}`
      : attempt.answer === 'plugins.private_target'
        ? messageFor('plugins.private_target')
        : attempt.answer
    throw badInput('plugins.test_failed', ['params', 'pluginConfigId'], { reason })
  },
}
