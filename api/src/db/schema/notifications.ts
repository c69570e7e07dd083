import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
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
     * Its e-mail (api/src/plugins/email): null when only in the app; 'pending' when the user's
     * preference says e-mail, until the worker decides; 'digest' waiting for the user's digest at
     * email_next_at; then 'sent', 'skipped' (read first, e-mail off, no e-mail configuration, no
     * longer visible) or 'failed' (retries spent).
     */
    email: text('email'),
    /** When the worker looks at it next: a retry's time, the digest's, or a lease while sending. */
    emailNextAt: timestamp('email_next_at', { withTimezone: true }).notNull().defaultNow(),
    emailAttempts: integer('email_attempts').notNull().default(0),
    /** The last failed attempt's reason (an SMTP answer or a network error), short. */
    emailError: text('email_error'),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    unique('notifications_event_uq').on(t.nodeId, t.userId, t.eventId, t.kind),
    // The inbox, newest first, each tab in its own order: a page after a cursor (keyset) reads only
    // its rows. The unread count reads the unread partial index alone.
    index('notifications_user_idx').on(t.nodeId, t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.nodeId, t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.readAt} is null`),
    index('notifications_kind_idx').on(t.nodeId, t.userId, t.kind, t.createdAt.desc(), t.id.desc()),
    // The e-mail worker's one scan across nodes: only what is still to send, by when.
    index('notifications_email_due_idx').on(t.emailNextAt).where(sql`${t.email} in ('pending', 'digest')`),
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

/**
 * How a user's e-mailed notifications reach them in a node (domain/notifications/email.ts): off,
 * each as it happens, or a daily digest at a local time; the language of the mails. None: the
 * defaults there.
 */
export const emailPreferences = pgTable(
  'email_preferences',
  {
    nodeId: uuid('node_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** domain/notifications/email EMAIL_MODES. */
    mode: text('mode').notNull(),
    /** HH:MM, read in time_zone. */
    digestTime: text('digest_time').notNull(),
    timeZone: text('time_zone').notNull(),
    language: text('language').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.userId] }),
    check('email_preferences_mode_ck', sql`${t.mode} in ('off', 'instant', 'digest')`),
    foreignKey({
      columns: [t.nodeId, t.userId],
      foreignColumns: [nodeUsers.nodeId, nodeUsers.userId],
    }).onDelete('cascade'),
  ],
)
