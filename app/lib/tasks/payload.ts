import type { DetailEntry } from '@domain/errors/catalogue'
import { conformName } from '~/components/admin/detail-errors'

/*
 * A task between the form and the upstream (spec §3). Sent: assignee, status, author and process
 * become assignee_id, status_id, author_id and process_id; cf_… values go under custom_fields;
 * dotted names expand into nested objects. Refused: the upstream's `loc` names the field of the
 * body ('body', 'custom_fields', 'cf_office', 'city'), which this turns back into the form's name.
 */

const REFERENCES = ['assignee', 'status', 'author', 'process'] as const
const TEXTS = ['title', 'description']
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype'])

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function setPath(target: Record<string, unknown>, path: string[], value: unknown) {
  let node = target
  for (const key of path.slice(0, -1)) {
    if (!isObject(node[key])) node[key] = {}
    node = node[key] as Record<string, unknown>
  }
  const last = path[path.length - 1]
  node[last] = isObject(value) && isObject(node[last]) ? { ...node[last], ...value } : value
}

/** `{ 'a.b': 1 }` → `{ a: { b: 1 } }`, at every depth; prototype names are dropped. */
export function expandDotted(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, raw] of Object.entries(input)) {
    const path = key.split('.')
    if (path.some((p) => p === '' || UNSAFE.has(p))) continue
    setPath(out, path, isObject(raw) ? expandDotted(raw) : raw)
  }
  return out
}

/** The value of a reference select as an id: empty is nobody (null), an object its id. */
function idOf(value: unknown): string | null {
  if (isObject(value)) return typeof value.id === 'string' ? value.id : null
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

/**
 * What the form's schema parsed → the body POST/PATCH /tasks reads. Keys the form did not hold are
 * not sent (a PATCH changes only what is there).
 */
export function taskPayload(values: Record<string, unknown>): Record<string, unknown> {
  const expanded = expandDotted(values)
  const out: Record<string, unknown> = {}
  const custom: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(expanded)) {
    if ((REFERENCES as readonly string[]).includes(key)) out[`${key}_id`] = idOf(value)
    else if (key.startsWith('cf_')) custom[key] = value
    else if (key === 'custom_fields' && isObject(value)) Object.assign(custom, value)
    // The task's own texts are strings upstream: an emptied description is '', not null.
    else if (TEXTS.includes(key)) out[key] = value ?? ''
    else out[key] = value
  }
  if (Object.keys(custom).length > 0) out.custom_fields = custom
  return out
}

/**
 * The form's name for a path of the body: assignee_id → assignee, custom_fields.cf_x.y → cf_x.y,
 * list indexes in brackets. Undefined for a path outside the body.
 */
export function fieldOfLoc(loc: readonly (string | number)[] | undefined): string | undefined {
  if (loc?.[0] !== 'body' || loc.length < 2) return undefined
  let path = loc.slice(1)
  if (path[0] === 'custom_fields') path = path.slice(1)
  if (path.length === 0) return undefined
  const [head, ...rest] = path
  const first =
    typeof head === 'string' &&
    head.endsWith('_id') &&
    (REFERENCES as readonly string[]).includes(head.slice(0, -3))
      ? head.slice(0, -3)
      : head
  return conformName([first, ...rest])
}

/**
 * An upstream refusal as conform errors: each entry at the form's field its loc names (or the
 * nearest one the form has: 'cf_office.city' on a form showing 'cf_office'), the rest above the
 * form. Codes stay codes: the fields translate them.
 */
export function taskDetailErrors(
  detail: readonly DetailEntry[],
  fields: readonly string[],
): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  const known = new Set(fields)
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  for (const entry of detail) {
    const name = nearest(fieldOfLoc(entry.loc), known)
    if (name) fieldErrors[name] = [...new Set([...(fieldErrors[name] ?? []), entry.type])]
    else formErrors.push(entry.type)
  }
  return { fieldErrors, formErrors: [...new Set(formErrors)] }
}

function nearest(name: string | undefined, known: Set<string>): string | undefined {
  let n = name
  while (n) {
    if (known.has(n)) return n
    const cut = Math.max(n.lastIndexOf('.'), n.lastIndexOf('['))
    n = cut > 0 ? n.slice(0, cut) : undefined
  }
  return undefined
}
