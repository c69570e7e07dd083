import type { NewEvent, NodusEvent } from '@domain/events'
import { DEFAULT_CHANNEL } from '@domain/notifications'
import { NOTIFYING_EVENTS, type NotifyingEvent, recipientsOf } from '@domain/notifications/recipients'
import { hasRight, type RightsMap } from '@domain/rights/rights'
import type { Db } from '../db/client'
import type { EventBus } from '../events/bus'
import { Batch } from '../events/consumers'
import { emitEvents } from '../events/emit'
import type { StoredEvent } from '../events/outbox'
import {
  actorOf,
  boundWithChoices,
  insertNotifications,
  type NewNotification,
  presentNotification,
  tasksForNotifying,
} from '../repositories/notifications-repository'
import { rightsOfUsers } from '../repositories/rights-repository'
import { nodeConfig } from '../services/node-config'

/*
 * Notifications are made by a durable consumer of the task events (ADR 015, PRODUCT.md §7): it
 * sees every event once in order, in one upstream process at a time, also those committed while no
 * process ran it. Who is told is domain/notifications/recipients; here each recipient must still be
 * bound to the node, hold task_view on the task's process (checked again whenever the inbox is
 * read) and not have turned that kind off for the process. The rows and their `notification.created`
 * events go in one transaction; the unique (node, user, event, kind) makes a replayed event — the
 * lease lost while it worked, a crash before the position was saved — add nothing and emit nothing.
 *
 * E-mail (issue 14): a recipient whose choice is 'email' gets the row (the inbox) with
 * email = 'pending'; the e-mail plugin is to send those (index notifications_email_idx) and mark them.
 */

export const NOTIFICATIONS_CONSUMER = 'notifications'

/**
 * What every event of a consumer's batch in one node needs, read once per batch (issue 15: not six
 * statements per task write): the tasks as they are now, the node's configuration, and the rights
 * of every user the batch's events would tell. A task deleted since is absent: nobody is told.
 */
function batchFacts(db: Db, batch: Batch, nodeId: string) {
  return batch.once(`notifications:${nodeId}`, async () => {
    const events = batch.events.filter((e) => e.node_id === nodeId) as NotifyingEvent[]
    const tasks = await tasksForNotifying(
      db,
      nodeId,
      events.map((e) => e.data.task.id),
    )
    const users = new Set<string>()
    for (const e of events) {
      const task = tasks.get(e.data.task.id)
      if (task) for (const r of recipientsOf(e, task)) users.add(r.userId)
    }
    const [config, rights] = users.size
      ? await Promise.all([nodeConfig(db, nodeId), rightsOfUsers(db, nodeId, [...users])])
      : [undefined, new Map<string, RightsMap>()]
    return { tasks, config, rights, users: [...users] }
  })
}

/**
 * `batch`: the consumer's batch this event is part of (its lookups made once for all); alone, the
 * event is a batch of one.
 */
export async function makeNotifications(db: Db, stored: NodusEvent, batch?: Batch): Promise<void> {
  const event = stored as NotifyingEvent
  const nodeId = event.node_id
  if (!nodeId) return
  const b = batch ?? new Batch([stored as StoredEvent])
  const facts = await batchFacts(db, b, nodeId)
  const task = facts.tasks.get(event.data.task.id)
  // Deleted since: nobody is told about it.
  if (!task) return
  const wanted = recipientsOf(event, task)
  if (wanted.length === 0 || !facts.config) return
  const { config, rights } = facts
  const choices = await b.once(`notifications:${nodeId}:${task.processId}`, () =>
    boundWithChoices(db, nodeId, task.processId, facts.users),
  )
  const processKey = config.flows.get(task.processId)?.process.key
  if (!processKey) return
  const rows: NewNotification[] = []
  for (const r of wanted) {
    const chosen = choices.get(r.userId)
    const may = rights.get(r.userId) ?? {}
    if (!chosen || !hasRight(may, 'is_authorized') || !hasRight(may, 'task_view', processKey)) continue
    const channel = chosen.get(r.kind) ?? DEFAULT_CHANNEL
    if (channel === 'off') continue
    rows.push({
      nodeId,
      userId: r.userId,
      kind: r.kind,
      taskId: task.id,
      actorId: event.actor_id,
      eventId: event.id,
      createdAt: new Date(event.occurred_at),
      email: channel === 'email' ? 'pending' : null,
    })
  }
  if (rows.length === 0) return
  const actor = await actorOf(db, event.actor_id)
  const ref = { id: task.id, key: task.key, title: task.title }
  await db.transaction(async (tx) => {
    const made = await insertNotifications(tx, rows)
    const told: NewEvent<'notification.created'>[] = made.map((n) => ({
      type: 'notification.created',
      node_id: nodeId,
      actor_id: event.actor_id,
      data: { user_id: n.userId, notification: presentNotification(n, ref, actor) },
    }))
    await emitEvents(tx, told)
  })
}

/** Starts the consumer on this process's bus (every upstream process does; one at a time runs it). */
export function consumeForNotifications(events: EventBus, db: Db) {
  return events.consume(NOTIFICATIONS_CONSUMER, (e, batch) => makeNotifications(db, e, batch), {
    types: NOTIFYING_EVENTS,
  })
}
