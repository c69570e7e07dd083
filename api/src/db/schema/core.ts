import type { ThemeFont } from '@domain/nodes/settings-schema'
import { sql } from 'drizzle-orm'
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/*
 * PRODUCT.md §9: every tenant table carries node_id, which leads its primary key and every foreign
 * key to another tenant table. Global tables (users, sessions, nodes, login_attempts) are few and small.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export interface Fio {
  name?: string
  surname?: string
  middlename?: string
}
export interface Contacts {
  email?: string
  phone?: string
}

// ---- global tables ----

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    fio: jsonb('fio').$type<Fio>().notNull().default({}),
    contacts: jsonb('contacts').$type<Contacts>().notNull().default({}),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    /**
     * The user's picture (spec §3 `logo`): its bytes are in the file storage under
     * `user-logos/{id}/{logoId}`; a new picture gets a new id, so its URL changes with it.
     */
    logoId: uuid('logo_id'),
    logoType: text('logo_type'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`)],
)

export interface NodeSettings {
  logo?: { main?: string; small?: string; favicon?: string }
  locale?: 'ru' | 'en' | 'zh'
  no_left_menu?: boolean
  no_top_menu?: boolean
  menu?: { items: MenuItem[] }
  // `auth.service_center` and `sso` moved to the SSO plugin's configuration (migration 0018).
  theme?: {
    css?: string
    // A font file URL, or a face with its family (edited in /admin/ui's Theme section).
    fonts?: ThemeFont[]
  }
}
export interface MenuItem {
  title: string
  url?: string
  icon?: string
  heading?: boolean
  items?: MenuItem[]
}

export const nodes = pgTable('nodes', {
  id: uuid('id').primaryKey().defaultRandom(),
  domain: text('domain').notNull().unique(),
  settings: jsonb('settings').$type<NodeSettings>().notNull().default({}),
  /** Bumped on every settings change: the browser refreshes its cached theme when it differs. */
  version: integer('version').notNull().default(1),
  /**
   * Bumped by triggers (migration 0006) whenever the node's workflow, fields or forms change:
   * the upstream caches that configuration per node and version (services/node-config.ts).
   */
  configVersion: integer('config_version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when an administrator signed in as this user (support); audited. */
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Failed sign-ins per key ('email:…' or 'ip:…'), for the login rate limit. */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
})

// ---- tenant tables ----

export const nodeUsers = pgTable(
  'node_users',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.userId] }), index('node_users_user_idx').on(t.userId)],
)

export const teams = pgTable(
  'teams',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.id] })],
)

export const teamMembers = pgTable(
  'team_members',
  {
    nodeId: uuid('node_id').notNull(),
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.teamId, t.userId] }),
    foreignKey({ columns: [t.nodeId, t.teamId], foreignColumns: [teams.nodeId, teams.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.nodeId, t.userId],
      foreignColumns: [nodeUsers.nodeId, nodeUsers.userId],
    }).onDelete('cascade'),
    index('team_members_user_idx').on(t.nodeId, t.userId),
  ],
)

/** A right granted to a user or a team in a node (PRODUCT.md §3). attributes null = all. */
export const rights = pgTable(
  'rights',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    subjectType: text('subject_type', { enum: ['user', 'team'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    rightCode: text('right_code').notNull(),
    attributes: jsonb('attributes').$type<string[] | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    uniqueIndex('rights_subject_code_uq').on(t.nodeId, t.subjectType, t.subjectId, t.rightCode),
  ],
)

export const auditLog = pgTable(
  'audit_log',
  {
    nodeId: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetId: text('target_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.id] }),
    index('audit_log_node_time_idx').on(t.nodeId, t.createdAt),
  ],
)

/** Tables that are global by design (Citus reference tables); every other table is a tenant table. */
export const GLOBAL_TABLES = [
  'users',
  'nodes',
  'sessions',
  'login_attempts',
  // The events outbox and its consumers' positions (ADR 015): read across nodes, in order.
  'events',
  'event_consumers',
] as const
