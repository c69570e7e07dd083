import { parseQuery } from '@domain/rql/parser'
import { quote } from '@domain/rql/print'
import { PROCESS_KEY } from '@domain/workflow/process-key'

/*
 * The header's quick find (PRODUCT.md §10): what the typed text means. Pure, so the browser (as it
 * types) and the server (the no-JavaScript form, the JSON the box asks for) read it the same way.
 */

/** Longer than any title worth typing into a header box; the server cuts what it is sent to this. */
export const QUICK_FIND_MAX_LENGTH = 200

/** How many matches the box lists as the user types. */
export const QUICK_FIND_MATCHES = 8

/** Control characters (a pasted tab or newline) read as spaces; the ends trimmed. */
export function cleanText(text: string): string {
  return text
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, QUICK_FIND_MAX_LENGTH)
}

const KEY_SHAPE = /^([A-Za-z][A-Za-z0-9]{1,9})-(\d{1,15})$/

/**
 * A task key as people type it (PRODUCT.md §4: `{processKey}-{n}`), in any case and with leading
 * zeros: `task-12`, ` TASK-012 ` → `TASK-12`. Anything else (`TASK-`, `TASK-0`, `TASK 12`) → null.
 */
export function taskKeyOf(text: string): string | null {
  const m = KEY_SHAPE.exec(text.trim())
  if (!m) return null
  const process = m[1]!.toUpperCase()
  const n = Number(m[2])
  if (!PROCESS_KEY.test(process) || !Number.isSafeInteger(n) || n < 1) return null
  return `${process}-${n}`
}

/** `TASK-12` → `TASK` (a process key holds no hyphen, so the number follows the last one). */
export const processKeyOf = (taskKey: string) => taskKey.slice(0, taskKey.lastIndexOf('-'))

/** Text that already reads as a query (`status = Done`, `order by created_at`): kept as typed. */
function isQuery(text: string): boolean {
  const parsed = parseQuery(text)
  return parsed.ok && (parsed.value.where !== null || parsed.value.orderBy.length > 0)
}

/**
 * The RQL a text stands for: a key finds that task; text that is already a query is that query;
 * any other text is searched in titles, quoted (never spliced: `"` and `\` escaped as RQL reads them).
 */
export function quickFindQuery(text: string): string {
  const clean = cleanText(text)
  const key = taskKeyOf(clean)
  if (key) return `key = ${quote(key)}`
  if (isQuery(clean)) return clean
  return `title ~ ${quote(clean)}`
}

export type QuickFindIntent =
  | { kind: 'empty' }
  | { kind: 'key'; key: string }
  | { kind: 'search'; query: string }

/** What pressing Enter does: nothing, open a card, or search. */
export function quickFindIntent(text: string): QuickFindIntent {
  const clean = cleanText(text)
  if (!clean) return { kind: 'empty' }
  const key = taskKeyOf(clean)
  return key ? { kind: 'key', key } : { kind: 'search', query: quickFindQuery(clean) }
}

/** One match as the box lists it. */
export interface QuickFindMatch {
  key: string
  title: string
  /** The task card. */
  href: string
}

/** What `/resources/quick-find?q=` answers. */
export interface QuickFindAnswer {
  /** The text as read (control characters out, trimmed). */
  text: string
  /** The task key the text is (then `matches` holds that task, or nothing: no such task). */
  key: string | null
  /** Where Enter searches (`/lk/tasks?q=…`); null for a key or no text. */
  search: string | null
  matches: QuickFindMatch[]
  /** The text read as a query the upstream refused (the search page shows where). */
  invalid: boolean
}
