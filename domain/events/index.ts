import type { Notification } from '../notifications'

/*
 * What happened, said once (PRODUCT.md §7, STYLE.md 19): every committed change of a task, a
 * comment, an attachment or a node's reference objects is one event, written to the outbox in the
 * transaction of the change (api/src/events, ADR 015). Caches, notifications, live updates and
 * webhooks subscribe to these types; this file is the contract they share.
 */

/** A task as events name it: its id and its `{KEY}-{n}`. */
export interface TaskRef {
  id: string
  key: string
}

/** One changed field: a system field (title, description, assignee) or a custom field by name. */
export interface FieldChange {
  field: string
  old: unknown
  new: unknown
}

/** A node's reference object changed: its id and what its audit row says (names, keys, the patch). */
export interface ReferenceChange {
  id: string | null
  [detail: string]: unknown
}

/** The reference objects' events, `<resource>.<verb>`, one per audited change (api/src/events/emit.ts). */
export const REFERENCE_EVENT_TYPES = [
  'status.created',
  'status.edited',
  'status.deleted',
  'status.bound',
  'status.unbound',
  'progress.created',
  'progress.edited',
  'progress.deleted',
  'process.created',
  'process.edited',
  'process.deleted',
  'team.created',
  'team.edited',
  'team.deleted',
  'team.members_bound',
  'team.members_unbound',
  'field.created',
  'field.edited',
  'field.deleted',
  'form.created',
  'form.edited',
  'form.deleted',
  'form.bound',
  'form.unbound',
  'right.granted',
  'right.revoked',
  'user.created',
  'user.deleted',
  'node.created',
  'node.settings_edited',
  'node.user_bound',
] as const
export type ReferenceEventType = (typeof REFERENCE_EVENT_TYPES)[number]

/**
 * An administrator changed a board (name, menus, layout, its widgets) or a widget (title, settings,
 * query), `<resource>.<verb>` like the reference objects: live streams showing it reload it.
 */
export const BOARD_EVENT_TYPES = [
  'board.edited',
  'board.deleted',
  'board.widgets_bound',
  'board.widgets_unbound',
  'widget.edited',
  'widget.deleted',
] as const
export type BoardEventType = (typeof BOARD_EVENT_TYPES)[number]

/**
 * A saved query (PRODUCT.md §10) was made, changed or deleted. `data`: its id, whether it is
 * shared and its owner's id — never a personal query's name or text, which are its owner's alone.
 * Not a reference object: no cached configuration depends on it.
 */
export const QUERY_EVENT_TYPES = ['query.created', 'query.edited', 'query.deleted'] as const
export type QueryEventType = (typeof QUERY_EVENT_TYPES)[number]

/** Each type's `data`. */
export type EventData = {
  /** A new task; its assignee (if any) counts as assigned (notifications). */
  'task.created': {
    task: TaskRef
    title: string
    process_id: string
    status_id: string
    assignee_id: string | null
    author_id: string
  }
  /**
   * Fields of a task changed, each with its old and new value; the status is never among them (a
   * status change is task.moved, of the same transaction). `version` is the task's after the
   * change: a consumer that needs a task's changes in order compares versions. `batch_id`: the
   * bulk edit (or its undo) that made it.
   */
  'task.edited': { task: TaskRef; version: number; changes: FieldChange[]; batch_id: string | null }
  /** The task's status changed from `from` to `to` (status ids). */
  'task.moved': { task: TaskRef; version: number; from: string; to: string; batch_id: string | null }
  /**
   * The task is gone (the undo of the CSV import that created it): `process_id` so that a consumer
   * can tell who could see it without the row.
   */
  'task.deleted': { task: TaskRef; process_id: string; batch_id: string | null }
  /** `mentions`: the users the comment names with @ that are bound to the node, by id. */
  'comment.added': { task: TaskRef; comment_id: string; mentions: string[] }
  'attachment.added': {
    task: TaskRef
    attachment: { id: string; name: string; content_type: string; size: number }
  }
  'attachment.deleted': { task: TaskRef; attachment: { id: string; name: string } }
  /**
   * A notification was made for `user_id` (api/src/notifications), in the transaction that wrote
   * it: the live stream forwards it to that user's tabs only.
   */
  'notification.created': { user_id: string; notification: Notification }
} & { [T in ReferenceEventType | BoardEventType | QueryEventType]: ReferenceChange }

export type EventType = keyof EventData

export const TASK_EVENT_TYPES = [
  'task.created',
  'task.edited',
  'task.moved',
  'task.deleted',
  'comment.added',
  'attachment.added',
  'attachment.deleted',
] as const satisfies readonly EventType[]

/** What a subscriber receives. `id` grows with every event (ordering: ADR 015). */
export type NodusEvent<T extends EventType = EventType> = {
  [K in T]: {
    id: number
    type: K
    node_id: string | null
    /** ISO 8601: the time of the transaction that made the change. */
    occurred_at: string
    /** Who made the change; null for the system (a script, the seed). */
    actor_id: string | null
    data: EventData[K]
  }
}[T]

/** An event as a write hands it to the outbox: the id and the time are the database's. */
export type NewEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; node_id: string | null; actor_id: string | null; data: EventData[K] }
}[T]

/** The task events of one edit: task.moved for the status, task.edited for every other field. */
export function taskChangeEvents(
  base: {
    node_id: string
    actor_id: string | null
    task: TaskRef
    version: number
    batch_id?: string | null
  },
  changes: FieldChange[],
): NewEvent<'task.edited' | 'task.moved'>[] {
  const out: NewEvent<'task.edited' | 'task.moved'>[] = []
  const { node_id, actor_id, task, version } = base
  const batch_id = base.batch_id ?? null
  const status = changes.find((c) => c.field === 'status')
  const rest = changes.filter((c) => c.field !== 'status')
  if (status)
    out.push({
      type: 'task.moved',
      node_id,
      actor_id,
      data: { task, version, from: status.old as string, to: status.new as string, batch_id },
    })
  if (rest.length)
    out.push({ type: 'task.edited', node_id, actor_id, data: { task, version, changes: rest, batch_id } })
  return out
}
