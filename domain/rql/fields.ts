import { DEFAULT_ADDRESS_STRUCTURE } from '../fields/kinds/composites'
import { getFieldType, isFieldType } from '../fields/registry'
import { SYSTEM_FIELDS } from '../fields/system'
import type { FieldDefinition, FieldFilter, FieldSettings, FieldType } from '../fields/types'

/*
 * The keys a query may name (PRODUCT.md §6): the system fields, the task key, the children of
 * status, assignee, author and process (spec §3), the node's custom fields and the children of
 * composite custom fields (`cf_address.city`). Each is a field definition, so its operators and
 * its values follow its type's entry in the registry like everywhere else.
 */

export interface QueryField {
  /** Canonical, lower-case dotted name: `assignee.contacts.email`, `cf_address.city`. */
  name: string
  /** The task's own field the name starts from: `assignee`, `cf_address`, `key`. */
  root: string
  /** Below the root: `['contacts', 'email']`; empty for the root itself. */
  path: string[]
  /** Stored under the task's custom_fields (PRODUCT.md §5) rather than as a column. */
  custom: boolean
  /** The definition of the named field itself (a child's own type and settings). */
  definition: FieldDefinition
  type: FieldType
  /** What the query may do with it: kind 'none' and no operators when it cannot be searched. */
  filter: FieldFilter
  sortable: boolean
  /** Holds several values (a multiple select, a child of a list of rows): a condition matches any. */
  multiple: boolean
}

const NOT_FILTERABLE: FieldFilter = { kind: 'none', operators: [] }

/**
 * The description is rich text, which the table cannot filter (spec §5), but PRODUCT.md §6 makes it
 * a query key: finding a word in a description is what a tracker's search is for. So it is searched
 * by contains, on its text, and nothing else.
 */
const DESCRIPTION_FILTER: FieldFilter = {
  kind: 'contains',
  operators: ['~', '!~', 'is empty', 'is not empty'],
}

const def = (name: string, type: FieldType, settings: FieldSettings = {}): FieldDefinition => ({
  name,
  type,
  title: name,
  settings,
})

const USER_CHILDREN = [
  def('id', 'select', { source: 'users' }),
  def('user_name', 'email'),
  def('full_name', 'text'),
  def('fio.name', 'text'),
  def('fio.surname', 'text'),
  def('fio.middlename', 'text'),
  def('contacts.email', 'email'),
  def('contacts.phone', 'phone'),
]

/** Children of the system fields whose values are records (spec §3). */
const CHILDREN: Record<string, FieldDefinition[]> = {
  status: [def('id', 'select', { source: 'statuses' }), def('name', 'text'), def('description', 'textarea')],
  assignee: USER_CHILDREN,
  author: USER_CHILDREN,
  process: [
    def('id', 'select', { source: 'processes' }),
    def('key', 'text'),
    def('name', 'text'),
    def('description', 'textarea'),
  ],
}

/** The task key (`DEV-12`, PRODUCT.md §4): not a field definition, but the first thing people search. */
const TASK_KEY = def('key', 'text')

function entry(
  root: string,
  path: string[],
  d: FieldDefinition,
  custom: boolean,
  multiple: boolean,
): QueryField {
  const known = isFieldType(d.type)
  // A definition saved under a type this build does not know cannot be searched, but must not throw.
  const filter = !known
    ? NOT_FILTERABLE
    : root === 'description'
      ? DESCRIPTION_FILTER
      : getFieldType(d.type).filter
  const many = multiple || d.settings.multiple === true
  return {
    name: [root, ...path].join('.').toLowerCase(),
    root,
    path,
    custom,
    definition: d,
    type: d.type,
    filter,
    sortable: filter.kind !== 'none' && !many && root !== 'description',
    multiple: many,
  }
}

/** A composite's children, and theirs: a json field's structure, an address's parts. */
function childrenOf(root: string, path: string[], d: FieldDefinition, many: boolean): QueryField[] {
  if (!isFieldType(d.type) || !getFieldType(d.type).composite) return []
  const parts = d.structure?.length ? d.structure : d.type === 'address' ? DEFAULT_ADDRESS_STRUCTURE : []
  const rows = many || d.settings.multiple === true
  return parts.flatMap((child) => {
    const below = [...path, ...child.name.split('.')]
    return [entry(root, below, child, true, rows), ...childrenOf(root, below, child, rows)]
  })
}

/** Every key a query may use over these custom fields, for checking and for the browser's completion. */
export function queryFields(custom: readonly FieldDefinition[]): QueryField[] {
  const system = SYSTEM_FIELDS.flatMap((d) => [
    entry(d.name, [], d, false, false),
    ...(CHILDREN[d.name] ?? []).map((child) => entry(d.name, child.name.split('.'), child, false, false)),
  ])
  const taken = new Set([...system.map((f) => f.name), TASK_KEY.name])
  // The node's list of fields may repeat the system ones: the built-in entries above win.
  const own = custom.filter((d) => !taken.has(d.name.toLowerCase()))
  const customs = own.flatMap((d) => [entry(d.name, [], d, true, false), ...childrenOf(d.name, [], d, false)])
  return [...system, entry(TASK_KEY.name, [], TASK_KEY, false, false), ...customs]
}

/** Looks keys up by their lower-case name: `Status` and `STATUS.NAME` are keys as much as `status`. */
export function fieldIndex(custom: readonly FieldDefinition[]): Map<string, QueryField> {
  return new Map(queryFields(custom).map((f) => [f.name, f]))
}
