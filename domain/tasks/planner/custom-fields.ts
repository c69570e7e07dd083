import { issueDetail } from '../../errors/issues'
import { isBlank, isPlainObject } from '../../fields/checks'
import { buildFormSchema } from '../../fields/form'
import type { FieldDefinition } from '../../fields/types'
import { deepMerge, sameValue, valueAt } from '../values'
import { payloadLoc, REFUSALS, refusal } from './refusals'
import type { Refusal } from './types'

/*
 * A task's custom values (PRODUCT.md §5): names no definition has are refused; the form decides
 * which the user may change (a value that may not change passes when it is what the task has); the
 * values checked are those that change, with the definitions' rules (the same schema the browser's
 * form uses), over the stored ones — a new task checks every field its form edits, so `required`
 * applies. Values are nested by dotted names, as sent.
 */

const WHERE = ['custom_fields'] as const

const covers = (listed: string, name: string) => name === listed || name.startsWith(`${listed}.`)

/** Keys of the values that no definition has, at any depth of dotted names ('cf_address.town'). */
function unknownKeys(
  values: Record<string, unknown>,
  names: readonly string[],
  path: string[] = [],
): Refusal[] {
  const out: Refusal[] = []
  for (const [key, value] of Object.entries(values)) {
    const name = [...path, key].join('.')
    if (names.includes(name)) continue
    const group = names.some((n) => n.startsWith(`${name}.`))
    if (group && isPlainObject(value)) out.push(...unknownKeys(value, names, [...path, key]))
    else if (!group) out.push(refusal(REFUSALS.unknownField, [...WHERE, ...path, key]))
  }
  return out
}

/** Values the form does not let the user change that differ from the task's (`current`; {} for a new task). */
function notEditable(
  given: Record<string, unknown>,
  editable: readonly string[],
  current: Record<string, unknown>,
  path: string[] = [],
): Refusal[] {
  const out: Refusal[] = []
  for (const [key, value] of Object.entries(given)) {
    const name = [...path, key].join('.')
    if (editable.some((e) => covers(e, name))) continue
    if (isPlainObject(value) && editable.some((e) => e.startsWith(`${name}.`))) {
      out.push(...notEditable(value, editable, current, [...path, key]))
      continue
    }
    const had = valueAt(current, name)
    if (!sameValue(value, had) && !(isBlank(value) && had === undefined))
      out.push(refusal(REFUSALS.notEditable, payloadLoc(name)))
  }
  return out
}

/** The definitions a payload names: a definition is named when its whole dotted path is present. */
const named = (defs: readonly FieldDefinition[], values: Record<string, unknown>) =>
  defs.filter((d) => {
    const path = d.name.split('.')
    const parent = path.length === 1 ? values : valueAt(values, path.slice(0, -1).join('.'))
    return isPlainObject(parent) && Object.hasOwn(parent, path[path.length - 1]!)
  })

/*
 * What a payload names does not depend on the task: a bulk edit plans one payload object against
 * many tasks, so it is read once per payload (and definitions array).
 */
const payloads = new WeakMap<
  object,
  { defs: readonly FieldDefinition[]; unknown: Refusal[]; sent: FieldDefinition[] }
>()
function readPayload(given: Record<string, unknown>, defs: readonly FieldDefinition[]) {
  const known = payloads.get(given)
  if (known?.defs === defs) return known
  const read = {
    defs,
    unknown: unknownKeys(
      given,
      defs.map((d) => d.name),
    ),
    sent: named(defs, given),
  }
  payloads.set(given, read)
  return read
}

/*
 * Building a form's schema takes longer than checking a task with it, and the definitions come
 * from the node's cached configuration (one array per version): schemas are kept per array and
 * list of names, and go with the array.
 */
const schemas = new WeakMap<readonly FieldDefinition[], Map<string, ReturnType<typeof buildFormSchema>>>()
function schemaFor(defs: readonly FieldDefinition[], names: readonly string[]) {
  let byNames = schemas.get(defs)
  if (!byNames) {
    byNames = new Map()
    schemas.set(defs, byNames)
  }
  const key = names.join('\n')
  let schema = byNames.get(key)
  if (!schema) {
    schema = buildFormSchema(defs, { editable: names })
    if (byNames.size < 200) byNames.set(key, schema)
  }
  return schema
}

interface Checked {
  refusals: Refusal[]
  parsed: Record<string, unknown>
}

/** The definitions' rules over `values` for the named definitions only. */
function validate(
  defs: readonly FieldDefinition[],
  checked: readonly FieldDefinition[],
  values: Record<string, unknown>,
): Checked {
  if (checked.length === 0) return { refusals: [], parsed: {} }
  const result = schemaFor(
    defs,
    checked.map((d) => d.name),
  ).safeParse(values)
  return result.success
    ? { refusals: [], parsed: result.data }
    : { refusals: result.error.issues.map((i) => issueDetail(i, [...WHERE, ...i.path])), parsed: {} }
}

/** `value` at the dotted `path` of a copy of `doc`, intermediate objects made as needed. */
function setAt(doc: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path
  if (head === undefined) return doc
  const inner = isPlainObject(doc[head]) ? (doc[head] as Record<string, unknown>) : {}
  return { ...doc, [head]: rest.length ? setAt(inner, rest, value) : value }
}

export interface CustomCheck {
  refusals: Refusal[]
  /** The task's custom_fields once written. */
  values: Record<string, unknown>
}

/**
 * Checks `given` (the payload's custom_fields) for a task whose stored custom values are
 * `current` (null: a new task). `memo`: see PlanContext.
 */
export function checkCustomFields(
  given: unknown,
  current: Record<string, unknown> | null,
  editable: readonly string[],
  defs: readonly FieldDefinition[],
  memo?: Map<string, unknown>,
): CustomCheck {
  const stored = current ?? {}
  if (!isPlainObject(given)) return { refusals: [refusal('value_error', [...WHERE])], values: stored }
  const { unknown, sent } = readPayload(given, defs)
  // Refused values stand as sent, so that the workflow's checks read what the user meant.
  if (unknown.length) return { refusals: unknown, values: current ? deepMerge(current, given) : given }
  const refusals = notEditable(given, editable, stored)
  const isEditable = (d: FieldDefinition) => editable.some((e) => covers(e, d.name))

  if (current === null) {
    // A new task: every field the form edits, and whatever else was sent (to say what is wrong with it).
    const checked = defs.filter((d) => isEditable(d) || sent.includes(d))
    const { refusals: invalid, parsed } = validate(defs, checked, given)
    const source = invalid.length ? given : parsed
    let values: Record<string, unknown> = {}
    for (const d of checked.filter(isEditable))
      values = setAt(values, d.name.split('.'), valueAt(source, d.name) ?? null)
    return { refusals: [...refusals, ...invalid], values }
  }

  // An edit: the fields sent whose value changes, read over the stored ones (a group merges).
  const mergedAt = (name: string) => {
    const sentValue = valueAt(given, name)
    const had = valueAt(current, name)
    return isPlainObject(sentValue) && isPlainObject(had) ? deepMerge(had, sentValue) : sentValue
  }
  const checked = sent.filter((d) => !sameValue(mergedAt(d.name), valueAt(current, d.name)))
  // Values sent whole (not a group merged over the stored one) check the same on every task.
  const independent = checked.every((d) => !isPlainObject(valueAt(given, d.name)))
  const key = independent ? `custom:${checked.map((d) => d.name).join('\n')}` : undefined
  let result = key ? (memo?.get(key) as Checked | undefined) : undefined
  let merged: Record<string, unknown> | undefined
  if (!result) {
    merged = deepMerge(current, given)
    result = validate(defs, checked, merged)
    if (key) memo?.set(key, result)
  }
  const source = result.refusals.length ? (merged ?? deepMerge(current, given)) : result.parsed
  let values = current
  for (const d of checked.filter(isEditable))
    values = setAt(values, d.name.split('.'), valueAt(source, d.name) ?? null)
  return { refusals: [...refusals, ...result.refusals], values }
}

/**
 * What can be said of a patch's custom values before looking at any task: unknown names, and
 * the values sent whole that break their definitions' rules (a group sent in part is checked
 * over each task's stored values). The same refusals checkCustomFields gives for every task.
 */
export function checkCustomPatch(given: unknown, defs: readonly FieldDefinition[]): Refusal[] {
  if (!isPlainObject(given)) return [refusal('value_error', [...WHERE])]
  const { unknown, sent } = readPayload(given, defs)
  if (unknown.length) return unknown
  const whole = sent.filter((d) => !isPlainObject(valueAt(given, d.name)))
  return validate(defs, whole, given).refusals
}
