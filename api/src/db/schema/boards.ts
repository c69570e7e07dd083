import type { OwnLayouts } from '@domain/boards/breakpoints'
import type { LayoutItem } from '@domain/boards/grid'
import { sql } from 'drizzle-orm'
import {
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, nodeIdColumn, updatedAt } from './columns'
import { nodeUsers } from './core'

/*
 * Boards and widgets (PRODUCT.md §7). A widget may sit on several boards; its place on each is an
 * item of that board's layout (`i` = widget id). node_id leads every key (PRODUCT.md §9).
 */

export const boards = pgTable(
  'boards',
  {
    nodeId: nodeIdColumn(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** Spec §3 grid items, one per bound widget, clamped by domain/boards/grid.ts. */
    layout: jsonb('layout').$type<LayoutItem[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * The narrower breakpoints' layouts an administrator edited ({ md?, sm?, xs? }); one absent is
     * derived from the wider one (domain/boards/breakpoints.ts).
     */
    layouts: jsonb('layouts').$type<OwnLayouts>().notNull().default(sql`'{}'::jsonb`),
    /** The node's menu options on this board: { no_left_menu?, no_top_menu? }. */
    settings: jsonb('settings')
      .$type<{ no_left_menu?: boolean; no_top_menu?: boolean }>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    // One default board per node, kept by the database as well as by the service.
    uniqueIndex('boards_default_uq').on(t.nodeId).where(sql`${t.isDefault}`),
    index('boards_name_idx').on(t.nodeId, sql`lower(${t.name})`),
  ],
)

export const widgets = pgTable(
  'widgets',
  {
    nodeId: nodeIdColumn(),
    id: uuid('id').notNull().defaultRandom(),
    /** A type of the widget registry (domain/widgets); fixed once made. */
    type: text('type').notNull(),
    title: text('title').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** The task query (PRODUCT.md §6) that selects its tasks; '' = all the viewer may see. */
    query: text('query').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    index('widgets_title_idx').on(t.nodeId, sql`lower(${t.title})`),
  ],
)

export const boardWidgets = pgTable(
  'board_widgets',
  {
    nodeId: uuid('node_id').notNull(),
    boardId: uuid('board_id').notNull(),
    widgetId: uuid('widget_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.boardId, t.widgetId] }),
    index('board_widgets_widget_idx').on(t.nodeId, t.widgetId),
    foreignKey({ columns: [t.nodeId, t.boardId], foreignColumns: [boards.nodeId, boards.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.nodeId, t.widgetId], foreignColumns: [widgets.nodeId, widgets.id] }).onDelete(
      'cascade',
    ),
  ],
)

/** A user's chosen home board in a node (PRODUCT.md §7); none: the node's default board. */
export const userHomeBoards = pgTable(
  'user_home_boards',
  {
    nodeId: uuid('node_id').notNull(),
    userId: uuid('user_id').notNull(),
    boardId: uuid('board_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.userId] }),
    foreignKey({
      columns: [t.nodeId, t.userId],
      foreignColumns: [nodeUsers.nodeId, nodeUsers.userId],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.nodeId, t.boardId], foreignColumns: [boards.nodeId, boards.id] }).onDelete(
      'cascade',
    ),
  ],
)
