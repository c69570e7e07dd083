import {
  FORM_LAYOUTS,
  formDefinitionSchema,
  formFieldSchema,
  formShape,
  formTabSchema,
} from '@domain/forms/definition'
import { z } from 'zod'
import { paginationQuery } from '../../http/envelope'
import { idSchema } from '../../http/params'

export const formParams = z.object({ nodeId: idSchema, formId: idSchema })

export const listFormsQuery = paginationQuery.extend({
  search: z.string().trim().max(100, 'value_error.any_str.max_length').optional(),
  process_id: idSchema.optional().describe('Only the form bound to this process'),
})

export const formSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  layout: z.enum(FORM_LAYOUTS),
  fields: z.array(formFieldSchema),
  editable: z.array(z.string()).nullable(),
  visible: z.array(z.string()).nullable(),
  tabs: z.array(formTabSchema),
  process_ids: z.array(z.string().uuid()),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
})

/** POST /forms: a whole form, checked by the domain's schema; its entries' names by the service. */
export const createFormBody = formDefinitionSchema

/** PATCH: the keys sent replace the stored ones; the service checks the whole form again. */
export const editFormBody = z
  .object(formShape)
  .partial()
  .extend({
    version: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('The version the editor started from: 409 forms.form_conflict when someone saved since'),
  })

export const bindFormBody = z.object({
  process_id: idSchema,
  form_id: idSchema.nullable().describe('null unbinds the process from its form'),
})
export const bindFormResult = z.object({
  process_id: z.string().uuid(),
  form_id: z.string().uuid().nullable(),
})

export const deletedSchema = z.object({ id: z.string().uuid() })
