import { isPlainObject } from '../fields/checks'

/*
 * A task as it is sent (spec §3): assignee, status, author and process travel as assignee_id,
 * status_id, author_id and process_id; dotted keys expand into nested objects; custom fields
 * (cf_…) sit under custom_fields. The web app may post a form flat ('cf_office.city': 'Kazan');
 * the upstream expands it before checking, so both spellings mean the same task.
 */

const UNSAFE = new Set(['__proto__', 'constructor', 'prototype'])

function setPath(target: Record<string, unknown>, path: string[], value: unknown) {
  let node = target
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {}
    node = node[key] as Record<string, unknown>
  }
  const last = path[path.length - 1]!
  node[last] = isPlainObject(value) && isPlainObject(node[last]) ? { ...node[last], ...value } : value
}

/** Expands dotted keys at every depth ({ 'a.b': 1 } → { a: { b: 1 } }); unsafe names are dropped. */
export function expandDotted(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, raw] of Object.entries(input)) {
    const path = key.split('.')
    if (path.some((p) => p === '' || UNSAFE.has(p))) continue
    setPath(out, path, isPlainObject(raw) ? expandDotted(raw) : raw)
  }
  return out
}

/**
 * The payload as the task schemas read it: dotted keys expanded, top-level cf_… keys moved under
 * custom_fields. Anything but an object is returned as it is, for the schema to refuse.
 */
export function expandTaskPayload(input: unknown): unknown {
  if (!isPlainObject(input)) return input
  const out = expandDotted(input)
  const custom = Object.entries(out).filter(([k]) => k.startsWith('cf_'))
  if (custom.length === 0) return out
  const fields = isPlainObject(out.custom_fields) ? { ...out.custom_fields } : {}
  for (const [k, v] of custom) {
    delete out[k]
    setPath(fields, [k], v)
  }
  return { ...out, custom_fields: fields }
}
