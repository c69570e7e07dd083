import type { DetailEntry } from '@domain/errors/catalogue'
import { messageFor } from '@domain/errors/catalogue'
import { isPlainObject } from '@domain/fields/checks'
import { buildFormSchema } from '@domain/fields/form'
import { SYSTEM_FIELDS } from '@domain/fields/system'
import type { FieldDefinition } from '@domain/fields/types'
import type { Db, Tx } from '../db/client'
import { issueToDetail } from '../http/error-handler'
import { InvalidInput } from '../http/errors'
import { nodeConfig } from './node-config'

/** The node's custom field definitions (what is stored under a task's custom_fields). */
export async function customDefinitions(db: Db | Tx, nodeId: string): Promise<FieldDefinition[]> {
  return (await nodeConfig(db, nodeId)).customs
}

/** Every field a form of the node may hold: the system fields, then the custom ones. */
export async function nodeDefinitions(db: Db | Tx, nodeId: string): Promise<FieldDefinition[]> {
  return [...SYSTEM_FIELDS, ...(await customDefinitions(db, nodeId))]
}

const WHERE = ['body', 'custom_fields'] as const

/*
 * Building a form's schema takes longer than checking a task with it, and the definitions come
 * from the node's cached configuration (one array per version): schemas are kept per array and
 * editable list, and go with the array.
 */
const schemas = new WeakMap<readonly FieldDefinition[], Map<string, ReturnType<typeof buildFormSchema>>>()
function schemaFor(defs: readonly FieldDefinition[], editable: readonly string[] | undefined) {
  let byEditable = schemas.get(defs)
  if (!byEditable) {
    byEditable = new Map()
    schemas.set(defs, byEditable)
  }
  const key = editable ? JSON.stringify(editable) : '*'
  let schema = byEditable.get(key)
  if (!schema) {
    schema = buildFormSchema(defs, { editable })
    if (byEditable.size < 100) byEditable.set(key, schema)
  }
  return schema
}

/** Keys of the values that no definition has, at any depth of dotted names ('cf_address.town'). */
function unknownKeys(values: Record<string, unknown>, names: string[], path: string[] = []): DetailEntry[] {
  const out: DetailEntry[] = []
  for (const [key, value] of Object.entries(values)) {
    const name = [...path, key].join('.')
    if (names.includes(name)) continue
    const group = names.some((n) => n.startsWith(`${name}.`))
    if (group && isPlainObject(value)) out.push(...unknownKeys(value, names, [...path, key]))
    else if (!group)
      out.push({
        type: 'value_error.extra',
        msg: messageFor('value_error.extra'),
        loc: [...WHERE, ...path, key],
      })
  }
  return out
}

/**
 * Checks a task's custom_fields against the node's definitions with the same schema the browser's
 * form uses (domain's buildFormSchema), and gives the values as they are stored. `values` is
 * nested by dotted names (`{ cf_address: { city } }`), as the web app sends it. Refused with 422
 * and one detail per problem, at ['body', 'custom_fields', …] with the domain's catalogue codes.
 *
 * `editable` (a form's editable names, see formEditableNames): values of the other fields are
 * left out of the result rather than saved, and their rules (required) are not applied — a
 * read-only field keeps what the task has. Names no definition has are refused (value_error.extra).
 *
 * No access check: it is a step of a service that made its own (creating or editing a task).
 * `defs`: the node's definitions when the caller has them (its cached configuration).
 */
export async function validateCustomFields(
  db: Db | Tx,
  nodeId: string,
  values: unknown,
  opts: { editable?: readonly string[]; defs?: FieldDefinition[] } = {},
): Promise<Record<string, unknown>> {
  const input = values ?? {}
  if (!isPlainObject(input))
    throw new InvalidInput([{ type: 'value_error', msg: messageFor('value_error'), loc: [...WHERE] }])
  const defs = opts.defs ?? (await customDefinitions(db, nodeId))
  const unknown = unknownKeys(
    input,
    defs.map((d) => d.name),
  )
  if (unknown.length) throw new InvalidInput(unknown)
  const parsed = schemaFor(defs, opts.editable).safeParse(input)
  if (!parsed.success)
    throw new InvalidInput(
      parsed.error.issues.map((i) => issueToDetail({ ...i, path: ['custom_fields', ...i.path] }, 'body')),
    )
  return parsed.data
}
