import type { BoardEventType, NewEvent, QueryEventType, ReferenceEventType } from '@domain/events'

/*
 * The events the upstream's writes emit, built from what they wrote. Writers call emitEvents
 * (outbox.ts) in their transaction with these; domain/events holds the types and taskChangeEvents.
 */

export { taskChangeEvents } from '@domain/events'
export { emitEvents } from './outbox'

interface TaskWritten {
  nodeId: string
  id: string
  key: string
  title: string
  processId: string
  statusId: string
  assigneeId: string | null
  authorId: string
}

export const taskCreated = (t: TaskWritten): NewEvent<'task.created'> => ({
  type: 'task.created',
  node_id: t.nodeId,
  actor_id: t.authorId,
  data: {
    task: { id: t.id, key: t.key },
    title: t.title,
    process_id: t.processId,
    status_id: t.statusId,
    assignee_id: t.assigneeId,
    author_id: t.authorId,
  },
})

/**
 * A node's reference objects (statuses, progress, processes, teams, fields, forms, rights, users,
 * the node) are audited in the transaction of every change: each audit action is one event, so the
 * audit row and the event cannot disagree. Actions not listed (sign in as) are not changes.
 */
const REFERENCE_EVENTS: Record<string, ReferenceEventType | BoardEventType | QueryEventType> = {
  'statuses.status_created': 'status.created',
  'statuses.status_edited': 'status.edited',
  'statuses.status_deleted': 'status.deleted',
  'statuses.status_bound': 'status.bound',
  'statuses.status_unbound': 'status.unbound',
  'progress.progress_created': 'progress.created',
  'progress.progress_edited': 'progress.edited',
  'progress.progress_deleted': 'progress.deleted',
  'processes.process_created': 'process.created',
  'processes.process_edited': 'process.edited',
  'processes.process_deleted': 'process.deleted',
  'teams.team_created': 'team.created',
  'teams.team_edited': 'team.edited',
  'teams.team_deleted': 'team.deleted',
  'teams.members_bound': 'team.members_bound',
  'teams.members_unbound': 'team.members_unbound',
  'fields.field_created': 'field.created',
  'fields.field_edited': 'field.edited',
  'fields.field_deleted': 'field.deleted',
  'forms.form_created': 'form.created',
  'forms.form_edited': 'form.edited',
  'forms.form_deleted': 'form.deleted',
  'forms.form_bound': 'form.bound',
  'forms.form_unbound': 'form.unbound',
  'rights.granted': 'right.granted',
  'rights.revoked': 'right.revoked',
  'users.user_created': 'user.created',
  'users.user_deleted': 'user.deleted',
  'nodes.created': 'node.created',
  'nodes.settings_edited': 'node.settings_edited',
  'nodes.user_bound': 'node.user_bound',
  // A board or a widget someone may be looking at (new ones are on no board yet).
  'boards.board_edited': 'board.edited',
  'boards.board_deleted': 'board.deleted',
  'boards.widgets_bound': 'board.widgets_bound',
  'boards.widgets_unbound': 'board.widgets_unbound',
  'widgets.widget_edited': 'widget.edited',
  'widgets.widget_deleted': 'widget.deleted',
  // Saved queries: their audit rows carry only the id, `shared` and the owner (services/queries.ts).
  'queries.query_created': 'query.created',
  'queries.query_edited': 'query.edited',
  'queries.query_deleted': 'query.deleted',
}

/** The event of an audited change, if it is one. */
export function referenceEvent(a: {
  nodeId: string
  actorId: string | null
  action: string
  targetId?: string | null
  data?: Record<string, unknown>
}): NewEvent | undefined {
  const type = REFERENCE_EVENTS[a.action]
  if (!type) return undefined
  const data = { ...a.data, id: a.targetId ?? null }
  return { type, node_id: a.nodeId, actor_id: a.actorId, data } as NewEvent<
    ReferenceEventType | BoardEventType | QueryEventType
  >
}
