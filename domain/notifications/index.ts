/*
 * Notifications (PRODUCT.md §7, issue 13): what a user is told about a task that concerns them.
 * Shared by the upstream (made from events, api/src/notifications), its calls and the web app's
 * inbox and preferences pages.
 */

/** Why a user is told: assigned to them, a status change, a mention, a comment on their task. */
export const NOTIFICATION_KINDS = ['assigned', 'status', 'mention', 'comment'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/**
 * Where a kind of notification about a process's tasks goes, per user: in the app only; in the app
 * and by e-mail (the e-mail plugin, issue 14, sends those marked pending); nowhere.
 */
export const NOTIFICATION_CHANNELS = ['app', 'email', 'off'] as const
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]

/** What a user who never chose gets. */
export const DEFAULT_CHANNEL: NotificationChannel = 'app'

/** A notification as the calls answer it and `notification.created` carries it. */
export interface Notification {
  id: string
  kind: NotificationKind
  task: { id: string; key: string; title: string }
  actor: { id: string; full_name: string } | null
  created_at: string
  read_at: string | null
}

/** One choice of a user's preferences. */
export interface NotificationPreference {
  process_id: string
  kind: NotificationKind
  channel: NotificationChannel
}
