/** The inbox's tabs (all, unread, mentions): shared by its loader and its page. */
export const INBOX_TABS = ['all', 'unread', 'mentions'] as const
export type InboxTab = (typeof INBOX_TABS)[number]
export const isInboxTab = (v: unknown): v is InboxTab => INBOX_TABS.includes(v as InboxTab)
