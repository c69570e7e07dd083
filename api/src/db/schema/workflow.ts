import { sql } from 'drizzle-orm'
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, nodeIdColumn, updatedAt } from './columns'
import { forms } from './fields'

/*
 * Workflow (PRODUCT.md §4): statuses, progress (an ordered status group), processes with their
 * transitions and per-status field rules. node_id leads every primary key and every foreign key
 * between these tables (PRODUCT.md §9). Foreign keys to statuses and progress are RESTRICT (the
 * default NO ACTION): the services refuse a deletion of something in use with a catalogue code
 * first, and the constraint is the backstop.
 */

export const statuses = pgTable(
  'statuses',
  {
    nodeId: nodeIdColumn(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The table's dot (spec §3): a CSS hex colour. */
    color: text('color').notNull().default('#9e9e9e'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    // Two statuses of one name would be told apart by nobody in a select.
    uniqueIndex('statuses_name_uq').on(t.nodeId, sql`lower(${t.name})`),
  ],
)

export const progress = pgTable(
  'progress',
  {
    nodeId: nodeIdColumn(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.id] })],
)

/** The ordered statuses of a progress: position 0 is the initial status. */
export const progressStatuses = pgTable(
  'progress_statuses',
  {
    nodeId: uuid('node_id').notNull(),
    progressId: uuid('progress_id').notNull(),
    statusId: uuid('status_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.progressId, t.statusId] }),
    unique('progress_statuses_position_uq').on(t.nodeId, t.progressId, t.position),
    foreignKey({
      columns: [t.nodeId, t.progressId],
      foreignColumns: [progress.nodeId, progress.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.nodeId, t.statusId], foreignColumns: [statuses.nodeId, statuses.id] }),
    index('progress_statuses_status_idx').on(t.nodeId, t.statusId),
  ],
)

export const processes = pgTable(
  'processes',
  {
    nodeId: nodeIdColumn(),
    id: uuid('id').notNull().defaultRandom(),
    /** 2–10 of A–Z, 0–9, starting with a letter; task keys are `{key}-{n}`. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    progressId: uuid('progress_id').notNull(),
    /**
     * The form that creates and edits its tasks: the one link from a process to its form (set by
     * POST /forms/bind-form too). A bound form is not deleted (forms.form_in_use first, the key after).
     */
    formId: uuid('form_id'),
    /** The last task number handed out: the next task is `{key}-{task_counter + 1}`; never reused. */
    taskCounter: integer('task_counter').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    unique('processes_key_uq').on(t.nodeId, t.key),
    foreignKey({ columns: [t.nodeId, t.progressId], foreignColumns: [progress.nodeId, progress.id] }),
    foreignKey({ columns: [t.nodeId, t.formId], foreignColumns: [forms.nodeId, forms.id] }),
    index('processes_progress_idx').on(t.nodeId, t.progressId),
    index('processes_form_idx').on(t.nodeId, t.formId),
  ],
)

/**
 * A move a process allows. With none, any move within the progress is allowed; with some, only
 * these (PRODUCT.md §4). `right_code` and `team_ids` restrict who may make it.
 */
export const processTransitions = pgTable(
  'process_transitions',
  {
    nodeId: uuid('node_id').notNull(),
    processId: uuid('process_id').notNull(),
    fromStatusId: uuid('from_status_id').notNull(),
    toStatusId: uuid('to_status_id').notNull(),
    rightCode: text('right_code'),
    /** Any of these teams may make the move; empty = anyone. Checked against teams when saved. */
    teamIds: jsonb('team_ids').$type<string[]>().notNull().default([]),
    requiredFields: jsonb('required_fields').$type<string[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.processId, t.fromStatusId, t.toStatusId] }),
    foreignKey({
      columns: [t.nodeId, t.processId],
      foreignColumns: [processes.nodeId, processes.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.nodeId, t.fromStatusId], foreignColumns: [statuses.nodeId, statuses.id] }),
    foreignKey({ columns: [t.nodeId, t.toStatusId], foreignColumns: [statuses.nodeId, statuses.id] }),
    index('process_transitions_from_idx').on(t.nodeId, t.fromStatusId),
    index('process_transitions_to_idx').on(t.nodeId, t.toStatusId),
  ],
)

/** While a task of the process is in `status_id`, `field` is required or read-only. */
export const processFieldRules = pgTable(
  'process_field_rules',
  {
    nodeId: uuid('node_id').notNull(),
    processId: uuid('process_id').notNull(),
    statusId: uuid('status_id').notNull(),
    field: text('field').notNull(),
    rule: text('rule', { enum: ['required', 'readonly'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.processId, t.statusId, t.field] }),
    foreignKey({
      columns: [t.nodeId, t.processId],
      foreignColumns: [processes.nodeId, processes.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.nodeId, t.statusId], foreignColumns: [statuses.nodeId, statuses.id] }),
    index('process_field_rules_status_idx').on(t.nodeId, t.statusId),
  ],
)
