import { parseQuery, printExpr } from '@domain/rql'

/*
 * Which tasks a bulk edit is about (issue 24 item 4): the rows ticked in the search results (`key`,
 * one per task) or "all N matching" (`all=1`: the search's whole query, never a list of ids). The
 * selection travels in the URL and in the forms' hidden inputs, so it works without JavaScript, and
 * becomes the RQL query the upstream's bulk edit reads.
 */

/** The most rows one selection ticks (a results page holds no more); more: use "all matching". */
export const SELECTION_MAX = 500

/** `{PROCESS}-{n}` (PRODUCT.md §4): anything else is not a task key and is dropped. */
const TASK_KEY = /^[A-Z][A-Z0-9]{1,9}-\d{1,12}$/

export type Selection = { kind: 'keys'; keys: string[]; q: string } | { kind: 'all'; q: string }

type Params = Pick<URLSearchParams, 'get' | 'getAll'> | Pick<FormData, 'get' | 'getAll'>

const text = (v: unknown) => (typeof v === 'string' ? v : '')

/** The selection a request names, or null when it names none (no valid key and not "all"). */
export function readSelection(params: Params): Selection | null {
  const q = text(params.get('q'))
  if (params.get('all') === '1') return { kind: 'all', q }
  const keys = [
    ...new Set(
      params
        .getAll('key')
        .map((k) => text(k).trim().toUpperCase())
        .filter((k) => TASK_KEY.test(k)),
    ),
  ].slice(0, SELECTION_MAX)
  return keys.length ? { kind: 'keys', keys, q } : null
}

/** The selection as name/value pairs: hidden inputs of a form, or a URL's search. */
export function selectionEntries(selection: Selection): [string, string][] {
  const q: [string, string][] = selection.q ? [['q', selection.q]] : []
  if (selection.kind === 'all') return [['all', '1'], ...q]
  return [...q, ...selection.keys.map((k): [string, string] => ['key', k])]
}

/** The RQL text of a list of keys (keys are bare words: no quoting needed). */
const keyList = (keys: readonly string[]) => `(${keys.join(', ')})`

/**
 * The query the upstream's bulk edit and its dry run read: the ticked keys, or the search's own
 * query; `exclude` leaves tasks out (those a preview refused, which stay as they are).
 */
export function selectionQuery(selection: Selection, exclude: readonly string[] = []): string {
  const out = new Set(exclude)
  if (selection.kind === 'keys') {
    const keys = selection.keys.filter((k) => !out.has(k))
    // Nothing left: a key no task can have, so the query selects nothing rather than everything.
    return `key in ${keyList(keys.length ? keys : ['NONE-0'])}`
  }
  if (out.size === 0) return selection.q
  const parsed = parseQuery(selection.q)
  // A query with an error goes as it is: the upstream answers its error with the position.
  if (!parsed.ok) return selection.q
  const not = `key not in ${keyList([...out])}`
  return parsed.value.where ? `(${printExpr(parsed.value.where)}) and ${not}` : not
}
