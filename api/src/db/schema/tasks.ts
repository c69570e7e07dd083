import { sql } from 'drizzle-orm'
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, nodeIdColumn } from './columns'
import { processes, statuses } from './workflow'

/*
 * Tasks (spec §3, PRODUCT.md §4): a task belongs to a process, is in one of its progress's statuses,
 * and keeps its custom fields (cf_*) in one jsonb document. Every change is a history row; comments
 * and attachments hang off the task. node_id leads every key (PRODUCT.md §9).
 *
 * Users are global, so assignee/author have no foreign key to a tenant table: the services check that
 * the user is bound to the node when they are set.
 */

export const tasks = pgTable(
  'tasks',
  {
    nodeId: nodeIdColumn(),
    id: uuid('id').notNull().defaultRandom(),
    processId: uuid('process_id').notNull(),
    /** n of `{processKey}-{n}`: handed out from processes.task_counter, never reused. */
    number: integer('number').notNull(),
    /** `{processKey}-{n}`, kept so that a task is found by its key with one index look-up. */
    key: text('key').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    statusId: uuid('status_id').notNull(),
    assigneeId: uuid('assignee_id'),
    authorId: uuid('author_id').notNull(),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    /** Optimistic concurrency: an edit names the version it read; a stale one gets 409. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    unique('tasks_key_uq').on(t.nodeId, t.key),
    unique('tasks_process_number_uq').on(t.nodeId, t.processId, t.number),
    foreignKey({ columns: [t.nodeId, t.processId], foreignColumns: [processes.nodeId, processes.id] }),
    foreignKey({ columns: [t.nodeId, t.statusId], foreignColumns: [statuses.nodeId, statuses.id] }),
    // The common lists: newest first within a node, a status, an assignee (keyset on updated_at, id).
    index('tasks_updated_idx').on(t.nodeId, t.updatedAt.desc(), t.id.desc()),
    index('tasks_status_updated_idx').on(t.nodeId, t.statusId, t.updatedAt.desc()),
    index('tasks_assignee_updated_idx').on(t.nodeId, t.assigneeId, t.updatedAt.desc()),
    index('tasks_process_updated_idx').on(t.nodeId, t.processId, t.updatedAt.desc()),
    // A calendar widget's month (issue 11): count(*) group by day over a range of created_at, read
    // from the index alone (the process for the viewer's task_view scope rides along); descending
    // like tasks_updated_idx, so that `order by created_at desc` (written `desc nulls last`) walks it.
    index('tasks_created_idx').on(t.nodeId, t.createdAt.desc(), t.processId),
    // Custom-field equality (custom_fields @> '{"cf_x": v}').
    index('tasks_custom_fields_gin').using('gin', sql`${t.customFields} jsonb_path_ops`),
    // RQL (bench/RESULTS.md, issue 5): "status and assignee, newest first" walked in order…
    index('tasks_status_assignee_updated_idx').on(
      t.nodeId,
      t.statusId,
      t.assigneeId,
      t.updatedAt.desc(),
      t.id.desc(),
    ),
    // …and contains on any text custom field: trigrams of the whole document, a prefilter the
    // compiler adds before the exact test (pg_trgm: PGlite loads it, PostgreSQL ships it).
    index('tasks_custom_fields_trgm').using('gin', sql`(${t.customFields}::text) gin_trgm_ops`),
  ],
)

/**
 * One change of one task: who, when, which field, old and new value (PRODUCT.md §4). `batch_id`
 * groups the rows of one bulk edit so that it can be undone as one unit.
 */
export const taskHistory = pgTable(
  'task_history',
  {
    nodeId: uuid('node_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    taskId: uuid('task_id').notNull(),
    actorId: uuid('actor_id'),
    /** 'created', a system field name, or a custom field name (cf_…). */
    field: text('field').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    batchId: uuid('batch_id'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    foreignKey({ columns: [t.nodeId, t.taskId], foreignColumns: [tasks.nodeId, tasks.id] }).onDelete(
      'cascade',
    ),
    index('task_history_task_idx').on(t.nodeId, t.taskId, t.id),
    index('task_history_batch_idx').on(t.nodeId, t.batchId),
  ],
)

export const taskComments = pgTable(
  'task_comments',
  {
    nodeId: uuid('node_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    taskId: uuid('task_id').notNull(),
    authorId: uuid('author_id').notNull(),
    body: text('body').notNull(),
    /** Users named with @ in the body and bound to the node. */
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    foreignKey({ columns: [t.nodeId, t.taskId], foreignColumns: [tasks.nodeId, tasks.id] }).onDelete(
      'cascade',
    ),
    index('task_comments_task_idx').on(t.nodeId, t.taskId, t.createdAt),
  ],
)

export const attachments = pgTable(
  'attachments',
  {
    nodeId: uuid('node_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    taskId: uuid('task_id').notNull(),
    /** The spec's ?type= of the upload (e.g. which field or list it belongs to). */
    type: text('type').notNull().default('attachment'),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Where the storage interface keeps the bytes (and the thumbnail of an image). */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    uploadedBy: uuid('uploaded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    foreignKey({ columns: [t.nodeId, t.taskId], foreignColumns: [tasks.nodeId, tasks.id] }).onDelete(
      'cascade',
    ),
    index('attachments_task_idx').on(t.nodeId, t.taskId, t.createdAt.desc()),
  ],
)

/**
 * One batch of task writes (ADR 011 §8, PRODUCT.md §10): a bulk edit, a CSV import, or the undo
 * of one of them. Written in the batch's own transaction; its rows in task_history carry its id.
 * Kept apart from the history because an import's undo deletes the tasks it created, and their
 * history with them, and because the list of a user's batches must not group the whole history.
 * author_id is global (users), so it has no foreign key.
 */
export const taskBatches = pgTable(
  'task_batches',
  {
    nodeId: nodeIdColumn(),
    id: uuid('id').notNull(),
    /** 'bulk_edit' | 'csv_import' | 'undo'. */
    kind: text('kind').notNull(),
    authorId: uuid('author_id').notNull(),
    /** Tasks the batch touched (changed, created, or — for an undo — restored and deleted). */
    count: integer('count').notNull(),
    /** A bulk edit's RQL text, as sent. */
    query: text('query'),
    /** For an undo: the batch it undid. */
    undoOf: uuid('undo_of'),
    /** The undo that reverted this batch, once one did. */
    undoneBy: uuid('undone_by'),
    /** For an undo: how many tasks it deleted (an import's new tasks); such an undo cannot be undone. */
    deleted: integer('deleted').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    // The list: a user's own batches (or, for administrators, all), newest first.
    index('task_batches_author_idx').on(t.nodeId, t.authorId, t.createdAt.desc(), t.id.desc()),
    index('task_batches_created_idx').on(t.nodeId, t.createdAt.desc(), t.id.desc()),
  ],
)
