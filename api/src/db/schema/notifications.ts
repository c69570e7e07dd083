import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, nodeIdColumn } from './columns'
import { nodeUsers } from './core'
import { tasks } from './tasks'
import { processes } from './workflow'

/*
 * Notifications (PRODUCT.md §7, issue 13): made by a durable consumer of the task events
 * (api/src/notifications), one row per recipient and reason; the watchers of a task; each user's
 * choice per process and kind. node_id leads every key (PRODUCT.md §9). A user's rows go with their
 * binding to the node, a task's with the task.
 */

export const notifications = pgTable(
  'notifications',
  {
    nodeId: nodeIdColumn(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    /** domain/notifications NOTIFICATION_KINDS. */
    kind: text('kind').notNull(),
    taskId: uuid('task_id').notNull(),
    actorId: uuid('actor_id'),
    /** The event it was made from: with the user and the kind, unique — a replayed event adds nothing. */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * The seam for the e-mail plugin (issue 14): 'pending' when the user's preference says e-mail,
     * for the plugin to send and mark; null when only in the app.
     */
    email: text('email'),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    unique('notifications_event_uq').on(t.nodeId, t.userId, t.eventId, t.kind),
    // The inbox, newest first; the unread count reads the partial index alone.
    index('notifications_user_idx').on(t.nodeId, t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.nodeId, t.userId).where(sql`${t.readAt} is null`),
    index('notifications_email_idx').on(t.nodeId, t.createdAt).where(sql`${t.email} = 'pending'`),
    check('notifications_kind_ck', sql`${t.kind} in ('assigned', 'status', 'mention', 'comment')`),
    foreignKey({ columns: [t.nodeId, t.taskId], foreignColumns: [tasks.nodeId, tasks.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.nodeId, t.userId],
      foreignColumns: [nodeUsers.nodeId, nodeUsers.userId],
    }).onDelete('cascade'),
  ],
)

/** Who watches a task: told of its status changes and comments. */
export const taskWatchers = pgTable(
  'task_watchers',
  {
    nodeId: uuid('node_id').notNull(),
    taskId: uuid('task_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.taskId, t.userId] }),
    foreignKey({ columns: [t.nodeId, t.taskId], foreignColumns: [tasks.nodeId, tasks.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.nodeId, t.userId],
      foreignColumns: [nodeUsers.nodeId, nodeUsers.userId],
    }).onDelete('cascade'),
  ],
)

/** A user's choice for one process and kind; none: domain/notifications DEFAULT_CHANNEL. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    nodeId: uuid('node_id').notNull(),
    userId: uuid('user_id').notNull(),
    processId: uuid('process_id').notNull(),
    kind: text('kind').notNull(),
    /** domain/notifications NOTIFICATION_CHANNELS. */
    channel: text('channel').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.userId, t.processId, t.kind] }),
    check('notification_preferences_kind_ck', sql`${t.kind} in ('assigned', 'status', 'mention', 'comment')`),
    check('notification_preferences_channel_ck', sql`${t.channel} in ('app', 'email', 'off')`),
    foreignKey({
      columns: [t.nodeId, t.processId],
      foreignColumns: [processes.nodeId, processes.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.nodeId, t.userId],
      foreignColumns: [nodeUsers.nodeId, nodeUsers.userId],
    }).onDelete('cascade'),
  ],
)
