import { z } from 'zod'
import { paginationQuery } from '../../http/envelope'
import { searchListQuery } from '../../http/list-query'
import { idSchema } from '../../http/params'

const definitionOut = z.object({
  name: z.string(),
  type: z.string(),
  title: z.string().describe('An i18n key (namespace admin-plugins)'),
  settings: z.record(z.unknown()),
})

export const pluginSchema = z.object({
  id: z.string(),
  name: z.string().describe('An i18n key (namespace admin-plugins)'),
  description: z.string().describe('An i18n key (namespace admin-plugins)'),
  version: z.string(),
  settings: z
    .array(definitionOut)
    .describe('Field definitions (the custom-field registry); type password = secret'),
  test: z.boolean().describe('Has "send a test" (POST /plugin-configs/{nodeId}/{pluginConfigId}/test)'),
  single: z.boolean().describe('At most one configuration per node'),
  configured: z.number().int().describe('How many configurations the node has (0 without node_id)'),
  config_id: z
    .string()
    .uuid()
    .nullable()
    .describe('A one-per-node (single) plugin’s configuration in the node, if it has one (else null)'),
})

export const pluginConfigSchema = z.object({
  id: z.string().uuid(),
  plugin_id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  settings: z.record(z.unknown()).describe('Secret settings are `{ "set": boolean }`, never their value'),
  created_at: z.string(),
  updated_at: z.string(),
})

export const historyEntrySchema = z.object({
  id: z.string().uuid(),
  action: z
    .string()
    .describe(
      'A catalogue code: plugins.config_created, _edited, _enabled, _disabled, _migrated (by migration 0019, no actor)',
    ),
  actor: z.object({ id: z.string().uuid(), full_name: z.string() }).nullable(),
  changes: z
    .record(z.unknown())
    .describe('Changed keys (settings.<name>) with their new value; secrets masked'),
  created_at: z.string(),
})

export const configBody = z.object({
  name: z.string({ invalid_type_error: 'value_error' }).optional(),
  enabled: z.boolean({ invalid_type_error: 'value_error' }).optional(),
  settings: z
    .record(z.unknown(), { invalid_type_error: 'value_error' })
    .optional()
    .describe('A secret: text sets it, `{ "set": false }` removes it, empty or absent keeps it'),
})

export const configParams = z.object({ nodeId: idSchema, pluginConfigId: idSchema })
export const pluginParams = z.object({
  nodeId: idSchema,
  pluginId: z.string().max(100, 'value_error.any_str.max_length'),
})
/** The catalogue is a list like any other (PRODUCT.md §2): a page of it, in the shipped order. */
export const catalogueQuery = paginationQuery.extend({ node_id: idSchema.optional() })
export const configListQuery = searchListQuery.extend({
  plugin_id: z.string().max(100, 'value_error.any_str.max_length').optional(),
})

export const deliverySchema = z.object({
  id: z.string().uuid(),
  event_id: z.number().int().nullable().describe('The event delivered; null for a test (ping)'),
  event_type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_status: z.number().int().nullable().describe("The last attempt's HTTP status; null: no answer"),
  last_answer: z.string().nullable().describe('The start of the last answer, or why there was none'),
  next_at: z.string().nullable().describe('When a pending delivery is tried next'),
  created_at: z.string(),
  updated_at: z.string(),
})
