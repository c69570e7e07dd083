import { TASK_EVENT_TYPES } from '@domain/events'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { tasks } from '../../db/schema'
import type { Batch } from '../../events/consumers'
import type { StoredEvent } from '../../events/outbox'
import { enabledConfigs, insertDelivery } from '../../repositories/plugin-deliveries-repository'
import { compileText, presentTask, scopeCondition, selectMatching } from '../../services/task-query'

/*
 * The webhooks' durable consumer (ADR 015): each task event of a node becomes one queued delivery
 * per enabled webhook configuration of that node that asked for its type and whose query (if any)
 * the task matches now. The body is fixed here — the event, its `data.task` the task — so every
 * attempt sends the same bytes; the worker sends it. Events of other nodes never meet a
 * configuration of this one: configurations are read by the event's node.
 */

export const WEBHOOKS_CONSUMER = 'plugins.webhooks'
export const GIVE_UP_MS = 24 * 60 * 60 * 1000
const NOBODY = '00000000-0000-0000-0000-000000000000'

type TaskEvent = StoredEvent & { type: (typeof TASK_EVENT_TYPES)[number] }

/** The task as the event's body carries it, when it (still) matches the configuration's query. */
async function matchingTask(db: Db, nodeId: string, taskId: string, query: string, userId: string) {
  if (!query.trim()) {
    const [row] = await db
      .select()
      .from(tasks)
      .where(and(eq(tasks.nodeId, nodeId), eq(tasks.id, taskId)))
    return row
  }
  // A query that no longer compiles (a field deleted since) sends nothing rather than everything.
  const compiled = await compileText(db, nodeId, query, userId).catch(() => undefined)
  if (!compiled) return undefined
  const [hit] = await selectMatching(
    db,
    compiled,
    and(scopeCondition(nodeId, 'all', compiled.where), eq(tasks.id, taskId))!,
    { limit: 1 },
  )
  return hit?.task
}

/**
 * Queues the event's deliveries; true when any was queued. The node's enabled configurations are
 * read once per `batch` of the consumer (not once per event: most nodes have none).
 */
export async function queueWebhooks(db: Db, stored: StoredEvent, batch?: Batch): Promise<boolean> {
  const event = stored as TaskEvent
  const nodeId = event.node_id
  if (!nodeId || !(TASK_EVENT_TYPES as readonly string[]).includes(event.type)) return false
  const load = () => enabledConfigs(db, nodeId, 'webhooks')
  const all = await (batch ? batch.once(`webhooks:${nodeId}`, load) : load())
  const configs = all.filter(
    (c) => Array.isArray(c.settings.events) && c.settings.events.includes(event.type),
  )
  let queued = false
  for (const c of configs) {
    const query = typeof c.settings.query === 'string' ? c.settings.query : ''
    const { txid: _txid, ...plain } = event
    let body: string
    if (event.type === 'task.deleted') {
      // The task is gone: no query can match it any more, and the body names it as the event does.
      if (query.trim()) continue
      body = JSON.stringify(plain)
    } else {
      const task = await matchingTask(db, nodeId, event.data.task.id, query, event.actor_id ?? NOBODY)
      if (!task) continue
      body = JSON.stringify({ ...plain, data: { ...event.data, task: presentTask(task) } })
    }
    const row = await insertDelivery(db, {
      nodeId,
      configId: c.id,
      eventId: event.id,
      eventType: event.type,
      body,
      giveUpAt: new Date(Date.now() + GIVE_UP_MS),
    })
    queued ||= row !== undefined
  }
  return queued
}
