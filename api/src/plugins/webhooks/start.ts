import { TASK_EVENT_TYPES } from '@domain/events'
import { privateAllowance } from '@domain/outbound/policy'
import type { PluginRuntime } from '../runtime'
import type { StartContext } from '../types'
import { queueWebhooks, WEBHOOKS_CONSUMER } from './queue'
import { DeliveryWorker } from './worker'

/**
 * What webhooks run beside the API: a durable consumer of the task events (ADR 015) that queues a
 * delivery per enabled configuration, and the worker that sends them outside any user's request.
 */
export async function startWebhooks({ db, box, events, config, log }: StartContext) {
  const deliveries = new DeliveryWorker(db, box, log, {
    allowPrivate: privateAllowance(config, 'webhooks'),
    timeoutMs: config.WEBHOOKS_TIMEOUT_MS,
    retryBaseMs: config.WEBHOOKS_RETRY_BASE_MS,
    pollMs: config.WEBHOOKS_POLL_MS,
  })
  await events.consume(
    WEBHOOKS_CONSUMER,
    async (event, batch) => {
      if (await queueWebhooks(db, event, batch)) deliveries.wake()
    },
    { types: TASK_EVENT_TYPES },
  )
  deliveries.start()
  return deliveries
}

/** The running delivery worker ("send a test" sends through it; a test runs a pass). */
export const deliveryWorker = (rt: PluginRuntime) => rt.running('webhooks') as DeliveryWorker
