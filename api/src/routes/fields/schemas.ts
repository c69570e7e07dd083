import { fieldDefinitionSchema } from '@domain/fields/definition'
import { listFieldTypes } from '@domain/fields/registry'
import { z } from 'zod'
import { paginationQuery } from '../../http/envelope'
import { idSchema } from '../../http/params'

export const fieldParams = z.object({ nodeId: idSchema, fieldId: idSchema })

export const listFieldsQuery = paginationQuery.extend({
  search: z.string().trim().max(100, 'value_error.any_str.max_length').optional(),
  type: z
    .enum(listFieldTypes().map((k) => k.type) as [string, ...string[]], {
      errorMap: () => ({ message: 'value_error.enum' }),
    })
    .optional(),
})

/** A composite's child (one level only: children are never composites). */
const childOut = z.object({
  name: z.string(),
  type: z.string(),
  title: z.string(),
  settings: z.record(z.unknown()),
})

export const fieldSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  type: z.string(),
  title: z.string().describe('Typed by the administrator; for a system field an i18n key (fields.system.…)'),
  settings: z.record(z.unknown()),
  structure: z.array(childOut).nullable(),
  system: z.boolean().describe("Built in: shown as 'System field', never edited nor deleted"),
  indexed: z
    .boolean()
    .describe(
      'Marked by an administrator: the upstream keeps an index on (node, value) that conditions and orderings on the field use',
    ),
  index_state: z
    .enum(['building', 'ready', 'failed'])
    .nullable()
    .describe(
      'The index while `indexed`: building (queries read the field as before meanwhile), ready (queries use it) or failed (no index; mark the field again to retry); null when not indexed',
    ),
  version: z.number().int().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
})

/** POST /fields: a whole definition, checked by the domain's schema (the admin's editor uses it too). */
export const createFieldBody = fieldDefinitionSchema

/** PATCH: the keys to change; the service merges them over the stored definition and checks the whole. */
export const editFieldBody = z.object({
  name: z.string({ invalid_type_error: 'value_error' }).optional(),
  type: z.string({ invalid_type_error: 'value_error' }).optional(),
  title: z.string({ invalid_type_error: 'value_error' }).optional(),
  settings: z
    .record(z.unknown(), { invalid_type_error: 'value_error' })
    .optional()
    .describe('Merged key by key into the stored settings; null removes a key'),
  structure: z.unknown().optional().describe('Replaces the child fields of a composite; null removes them'),
  indexed: z
    .boolean({ invalid_type_error: 'value_error' })
    .optional()
    .describe(
      'Marks the field indexed (a field holding one value: not a list, composite, file or rich text; 422 fields.field_not_indexable) or not; at most INDEXED_FIELDS_PER_NODE per node (422 fields.indexed_limit). The index is built after the answer, concurrently (writes go on); its state is `index_state`',
    ),
  version: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('The version the editor started from: 409 fields.field_conflict when someone saved since'),
})

export const deletedSchema = z.object({ id: z.string().uuid() })
