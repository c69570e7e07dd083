/*
 * Which custom fields the search page's results show as columns, chosen by each user. Pure: the
 * cookie that keeps the choice is columns.server.ts.
 */

/** At most this many chosen columns: a table wider than that is no longer read. */
export const MAX_COLUMNS = 12

/** At most this many people's choices in one browser (a shared computer): the latest kept. */
export const MAX_USERS = 8

/** Every user's choice, by user id, as the cookie holds it (latest last). */
export type ColumnChoices = Record<string, string[]>

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/

/** Whatever the cookie held, made into choices: anything else is dropped. */
export function readChoices(value: unknown): ColumnChoices {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  const out: ColumnChoices = {}
  for (const [user, names] of Object.entries(value as Record<string, unknown>).slice(-MAX_USERS)) {
    if (!Array.isArray(names) || user.length > 64) continue
    out[user] = cleanColumns(names, null)
  }
  return out
}

/** Field names, each once, well formed and (when `known` is given) a field of the node; at most MAX_COLUMNS. */
export function cleanColumns(names: readonly unknown[], known: ReadonlySet<string> | null): string[] {
  const seen = new Set<string>()
  for (const n of names)
    if (typeof n === 'string' && FIELD_NAME.test(n) && (!known || known.has(n)) && seen.size < MAX_COLUMNS)
      seen.add(n)
  return [...seen]
}

/** `user`'s choice set to `columns`, moved to the end (the latest); the oldest people beyond MAX_USERS forgotten. */
export function withChoice(choices: ColumnChoices, user: string, columns: string[]): ColumnChoices {
  const { [user]: _, ...others } = choices
  const entries = [...Object.entries(others), [user, columns] as const].slice(-MAX_USERS)
  return Object.fromEntries(entries)
}
