import { isBlank, isPlainObject } from '../fields/checks'

/*
 * Reading a task's fields by name, as the workflow names them: system fields by their name
 * (title, assignee, status…), custom ones by cf_… with dotted children (cf_office.city).
 */

/** The fields of a task the workflow rules look at. */
export interface TaskValues {
  title: string
  description: string
  assignee: string | null
  status: string
  author: string
  process: string
  custom_fields: Record<string, unknown>
}

/** The value at a dotted path of a nested object; undefined when any step is missing. */
export function valueAt(obj: unknown, path: string): unknown {
  let node: unknown = obj
  for (const key of path.split('.')) {
    if (!isPlainObject(node)) return undefined
    node = node[key]
  }
  return node
}

/** A field of the task by its name. */
export function fieldValue(task: TaskValues, field: string): unknown {
  if (field.startsWith('cf_')) return valueAt(task.custom_fields, field)
  return (task as unknown as Record<string, unknown>)[field]
}

/** Deep equality of stored values; nothing, null and blank are all "no value". */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isBlank(a) && isBlank(b)) return true
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => sameValue(v, b[i]))
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    return [...keys].every((k) => sameValue(a[k], b[k]))
  }
  return a === b
}

/** `patch` over `base`, objects merged at every depth (a custom_fields edit over the stored ones). */
export function deepMerge(
  base: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base }
  for (const [k, v] of Object.entries(patch))
    out[k] = isPlainObject(v) && isPlainObject(out[k]) ? deepMerge(out[k] as Record<string, unknown>, v) : v
  return out
}
