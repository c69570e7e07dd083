import type { FieldDefinition, FieldSettings } from '@domain/fields/types'
import type { FormField, FormTab } from '@domain/forms/definition'
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { nodes } from './core'

/*
 * Custom field definitions and the forms built from them (PRODUCT.md §5). Tenant tables: node_id
 * leads every primary and foreign key (§9). System fields are not stored: they come from
 * domain/fields/system.ts and are the same in every node.
 */

export const INDEX_STATES = ['building', 'ready', 'failed'] as const
export type IndexState = (typeof INDEX_STATES)[number]

export const fields = pgTable(
  'fields',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').$type<FieldDefinition['type']>().notNull(),
    title: text('title').notNull(),
    settings: jsonb('settings').$type<FieldSettings>().notNull().default({}),
    /** Child fields of a composite (json, address); null for every other type. */
    structure: jsonb('structure').$type<FieldDefinition[] | null>(),
    /** Bumped on every edit: PATCH with the version it started from gets 409 when someone saved since. */
    version: integer('version').notNull().default(1),
    /**
     * Marked by an administrator: an expression index on (node_id, the value) serves the query
     * language's conditions and orderings on it (services/field-indexes.ts, issue 28).
     */
    indexed: boolean('indexed').notNull().default(false),
    /** The index's state while `indexed`: building, ready or failed; null when not indexed. */
    indexState: text('index_state', { enum: INDEX_STATES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.id] }), uniqueIndex('fields_node_name_uq').on(t.nodeId, t.name)],
)

export const FORM_LAYOUT_VALUES = ['simple', 'tabs', 'board'] as const

export const forms = pgTable(
  'forms',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    layout: text('layout', { enum: FORM_LAYOUT_VALUES }).notNull().default('simple'),
    /** The form's entries, in order: which field, its grid width, tab or board cell, label… */
    fields: jsonb('fields').$type<FormField[]>().notNull().default([]),
    /** Names the form lets the user change; null: all of its fields (spec §5 editable lists). */
    editable: jsonb('editable').$type<string[] | null>(),
    /** Names the form shows; null: all of its fields. */
    visible: jsonb('visible').$type<string[] | null>(),
    tabs: jsonb('tabs').$type<FormTab[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    uniqueIndex('forms_node_name_uq').on(t.nodeId, sql`lower(${t.name})`),
    // "Which forms use field X" (deleting or renaming a field) looks inside the entries.
    index('forms_fields_gin').using('gin', t.fields.op('jsonb_path_ops')),
  ],
)
