import { type DetailEntry, messageFor } from '@domain/errors/catalogue'
import { isBlank, isPlainObject } from '@domain/fields/checks'
import { sameValue, valueAt } from '@domain/tasks/values'

/*
 * Where a task's fields are reported (the `loc` of a refusal) and which of its custom fields a
 * request may change: the process's form decides (its editable names), a value that is not
 * editable passes only when it is what the task already has.
 */

/** The loc of a task field in a request body: system fields by their wire name, cf_… under custom_fields. */
export function locOf(field: string): (string | number)[] {
  if (field.startsWith('cf_')) return ['body', 'custom_fields', ...field.split('.')]
  if (['assignee', 'status', 'author', 'process'].includes(field)) return ['body', `${field}_id`]
  return ['body', field]
}

export const detail = (code: string, loc: (string | number)[], ctx?: Record<string, string | number>) => ({
  type: code,
  msg: messageFor(code, ctx),
  loc,
  ...(ctx ? { ctx } : {}),
})

const covers = (listed: string, name: string) => name === listed || name.startsWith(`${listed}.`)

/**
 * The custom values of a request that the form does not let the user change and that differ from
 * the task's (`current`; {} for a new task): each refused with tasks.field_not_editable at its loc.
 */
export function notEditable(
  given: Record<string, unknown>,
  editable: readonly string[],
  current: Record<string, unknown>,
  path: string[] = [],
): DetailEntry[] {
  const out: DetailEntry[] = []
  for (const [key, value] of Object.entries(given)) {
    const name = [...path, key].join('.')
    if (editable.some((e) => covers(e, name))) continue
    if (isPlainObject(value) && editable.some((e) => e.startsWith(`${name}.`))) {
      out.push(...notEditable(value, editable, current, [...path, key]))
      continue
    }
    const had = valueAt(current, name)
    if (!sameValue(value, had) && !(isBlank(value) && had === undefined))
      out.push(detail('tasks.field_not_editable', locOf(name)))
  }
  return out
}

/** The top-level custom fields whose stored values differ. */
export function changedCustomFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => !sameValue(before[k], after[k]))
    .sort()
}
