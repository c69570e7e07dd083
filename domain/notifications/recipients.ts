import type { NodusEvent } from '../events'
import type { NotificationKind } from '.'

/*
 * Who is told what about one event (PRODUCT.md §7): the rules alone, over the task as it is. Whether
 * each may see the task and what they chose is checked by the upstream (api/src/notifications).
 */

/** The people around a task when the event is handled. */
export interface TaskPeople {
  authorId: string
  assigneeId: string | null
  watcherIds: readonly string[]
}

export interface Recipient {
  userId: string
  kind: NotificationKind
}

/** The events notifications are made from. */
export const NOTIFYING_EVENTS = ['task.created', 'task.edited', 'task.moved', 'comment.added'] as const
export type NotifyingEvent = NodusEvent<(typeof NOTIFYING_EVENTS)[number]>

const concerned = (p: TaskPeople) => [p.authorId, p.assigneeId, ...p.watcherIds]

/**
 * The recipients of an event, one reason each (a mention outranks a comment), never the actor:
 * - task.created with an assignee, task.edited that changes the assignee: the new assignee, assigned;
 * - task.moved: the author, the assignee and the watchers, status;
 * - comment.added: those it mentions, mention; the author, the assignee and the watchers, comment.
 */
export function recipientsOf(event: NotifyingEvent, people: TaskPeople): Recipient[] {
  const out = new Map<string, NotificationKind>()
  const add = (ids: readonly (string | null | undefined)[], kind: NotificationKind) => {
    for (const id of ids) if (id && id !== event.actor_id && !out.has(id)) out.set(id, kind)
  }
  switch (event.type) {
    case 'task.created':
      add([event.data.assignee_id], 'assigned')
      break
    case 'task.edited': {
      const change = event.data.changes.find((c) => c.field === 'assignee')
      if (change && typeof change.new === 'string') add([change.new], 'assigned')
      break
    }
    case 'task.moved':
      add(concerned(people), 'status')
      break
    case 'comment.added':
      add(event.data.mentions, 'mention')
      add(concerned(people), 'comment')
      break
  }
  return [...out].map(([userId, kind]) => ({ userId, kind }))
}
