import type { SwaggerTransformObject } from '@fastify/swagger'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { zodToJsonSchema } from 'zod-to-json-schema'
import {
  boardDataSchema,
  calendarWidgetData,
  kanbanWidgetData,
  mapWidgetData,
  tableWidgetData,
  widgetErrorSchema,
  widgetResultSchema,
} from '../routes/boards/data'
import {
  boardDocumentOut,
  boardSchema,
  importAnswerSchema,
  layoutItemSchema,
  widgetSchema,
} from '../routes/boards/schemas'
import { fieldSchema } from '../routes/fields/schemas'
import { bindFormResult, formSchema } from '../routes/forms/schemas'
import { adminNodeSchema, assetsSchema, bindUserResult, publicNodeSchema } from '../routes/nodes/schemas'
import { emailPreferenceAnswer, notificationSchema, preferenceRow } from '../routes/notifications/schemas'
import {
  deliverySchema,
  historyEntrySchema,
  pluginConfigSchema,
  pluginSchema,
} from '../routes/plugins/schemas'
import { processSchema } from '../routes/processes'
import { effectiveRightsSchema, grantSchema } from '../routes/rights/schemas'
import { deletedSchema, progressSchema, statusSchema } from '../routes/statuses/schemas'
import { bulkAnswer, queryAnswer, rqlTaskSchema } from '../routes/tasks/rql-routes'
import {
  attachmentSchema,
  commentSchema,
  historySchema,
  taskSchema,
  userRefSchema,
} from '../routes/tasks/schemas'
import { teamSchema } from '../routes/teams'
import { publicUserSchema, tokenResponseSchema } from '../routes/users/schemas'
import { detailSchema, errorEnvelope, listMetaSchema } from './envelope'

/**
 * The named schemas of the contract (`#/components/schemas/<Name>`): wherever a route's schema
 * turns into the same JSON as one of these, the document refers to it by name, so the web app's
 * generated client speaks of `Status` or `Task` rather than of anonymous shapes (STYLE.md §17).
 * A new resource's item schema belongs here.
 */
export const schemaComponents: Record<string, z.ZodTypeAny> = {
  DetailEntry: detailSchema.element,
  ErrorEnvelope: errorEnvelope,
  ListMeta: listMetaSchema,
  Deleted: deletedSchema,
  User: publicUserSchema,
  UserRef: userRefSchema,
  SignedIn: tokenResponseSchema,
  PublicNode: publicNodeSchema,
  AdminNode: adminNodeSchema,
  NodeAssets: assetsSchema,
  BindUserResult: bindUserResult,
  Grant: grantSchema,
  EffectiveRights: effectiveRightsSchema,
  Field: fieldSchema,
  Form: formSchema,
  BindFormResult: bindFormResult,
  Team: teamSchema,
  Plugin: pluginSchema,
  PluginConfig: pluginConfigSchema,
  PluginConfigChange: historyEntrySchema,
  PluginDelivery: deliverySchema,
  Status: statusSchema,
  Progress: progressSchema,
  Process: processSchema,
  Task: taskSchema,
  Attachment: attachmentSchema,
  HistoryEntry: historySchema,
  Comment: commentSchema,
  TaskRow: rqlTaskSchema,
  TaskQueryAnswer: queryAnswer,
  TaskBulkAnswer: bulkAnswer,
  TableWidgetData: tableWidgetData,
  CalendarWidgetData: calendarWidgetData,
  MapWidgetData: mapWidgetData,
  KanbanWidgetData: kanbanWidgetData,
  WidgetError: widgetErrorSchema,
  WidgetData: widgetResultSchema,
  BoardData: boardDataSchema,
  LayoutItem: layoutItemSchema,
  Widget: widgetSchema,
  Board: boardSchema,
  BoardDocument: boardDocumentOut,
  BoardImportAnswer: importAnswerSchema,
  NotificationItem: notificationSchema,
  NotificationPreferenceRow: preferenceRow,
  EmailPreference: emailPreferenceAnswer,
}

/** As fastify-type-provider-zod turns a route's zod schema into JSON (its converter's options). */
const toJson = (schema: z.ZodTypeAny) =>
  JSON.stringify(zodToJsonSchema(schema, { target: 'openApi3', $refStrategy: 'none' }))

/** Put on a route's schema where it equals a component; @fastify/swagger carries it through. */
const MARK = 'x-nodus-component'
let byJson: Map<string, string> | undefined

function mark(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(mark)
  byJson ??= new Map(Object.entries(schemaComponents).map(([name, schema]) => [toJson(schema), name]))
  const name = byJson.get(JSON.stringify(value))
  const inner = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mark(v)]))
  if (name) return { ...inner, [MARK]: name }
  // A component or null (zod's `.nullable()`: the component with `nullable: true`).
  const { nullable, ...rest } = value as Record<string, unknown>
  const nullableOf = nullable === true ? byJson.get(JSON.stringify(rest)) : undefined
  if (nullableOf) return { anyOf: [{ ...(mark(rest) as object), [MARK]: nullableOf }, { type: 'null' }] }
  return inner
}

/**
 * The routes' transform: zod to JSON as fastify-type-provider-zod does, then every response schema
 * (or part of one) equal to a component marked with its name.
 */
export const transformWithComponents: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input)
  const response = (out.schema as { response?: Record<string, unknown> }).response
  if (response) for (const code of Object.keys(response)) response[code] = mark(response[code])
  return out
}

/**
 * The document's last step: each marked schema, as @fastify/swagger converted it for OpenAPI 3.1,
 * becomes `#/components/schemas/<Name>` and a `$ref` to it.
 */
export const withSchemaComponents: SwaggerTransformObject = (input) => {
  if (!('openapiObject' in input)) return input.swaggerObject
  const found: Record<string, unknown> = {}
  const unmark = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) return value.map(unmark)
    const { [MARK]: name, ...rest } = value as Record<string, unknown>
    const plain = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, unmark(v)]))
    if (typeof name !== 'string') return plain
    found[name] ??= plain
    return { $ref: `#/components/schemas/${name}` }
  }
  const doc = unmark(input.openapiObject) as { components?: { schemas?: Record<string, unknown> } }
  const ordered = Object.keys(schemaComponents).filter((name) => name in found)
  return {
    ...doc,
    components: {
      ...doc.components,
      schemas: { ...doc.components?.schemas, ...Object.fromEntries(ordered.map((n) => [n, found[n]])) },
    },
  } as ReturnType<SwaggerTransformObject>
}
