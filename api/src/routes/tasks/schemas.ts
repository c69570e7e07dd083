import { expandTaskPayload } from '@domain/tasks/payload'
import { z } from 'zod'
import { errorEnvelope, paginationQuery } from '../../http/envelope'
import { idSchema } from '../../http/params'

/*
 * The task on the wire (spec §3). Requests: assignee, status, author and process as *_id; dotted
 * keys expand and cf_… keys go under custom_fields before the schema reads the body, so
 * `{ "cf_office.city": "Kazan" }` and `{ "custom_fields": { "cf_office": { "city": "Kazan" } } }`
 * are one request. Custom field values are checked by the service against the process's form.
 */

/** Under /{nodeId}/{taskId}/…: history, comments. */
export const taskParams = z.object({ nodeId: idSchema, taskId: idSchema })
// GET and PATCH name a task, POST a process in the same segment: OpenAPI wants one name per
// template, so the segment is {id}, described per operation (ADR 009 §9 did the same for progress).
export const taskIdParams = z.object({ nodeId: idSchema, id: idSchema.describe('The task id') })
export const createParams = z.object({ nodeId: idSchema, id: idSchema.describe('The process id') })
export const keyParams = z.object({ nodeId: idSchema, taskKey: z.string().trim().min(1).max(40) })

export const listTasksQuery = paginationQuery.extend({
  process_id: idSchema.optional().describe('Only the tasks of this process'),
})
export const commentsQuery = paginationQuery.extend({
  order: z
    .enum(['asc', 'desc'], { errorMap: () => ({ message: 'value_error.enum' }) })
    .default('asc')
    .describe('asc: oldest first (as a conversation reads); desc: newest first'),
})

const text = (max: number) =>
  z
    .string({ required_error: 'value_error.missing', invalid_type_error: 'value_error' })
    .trim()
    .max(max, 'value_error.any_str.max_length')
/** A task's title and description, as every writer reads them (a task, a bulk patch). */
export const title = text(255).min(1, 'value_error.missing')
export const description = text(100_000)
const customFields = z
  .record(z.unknown(), { invalid_type_error: 'value_error' })
  .describe('cf_… values, nested by dotted names; checked against the process’s form')
const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(expandTaskPayload, z.object(shape).strict('value_error.extra'))

export const createTaskBody = strict({
  title,
  description: description.default(''),
  assignee_id: idSchema.nullable().optional(),
  process_id: idSchema.optional().describe('If sent, the process of the path'),
  custom_fields: customFields.optional(),
})

export const editTaskBody = strict({
  version: z
    .number({ required_error: 'value_error.missing', invalid_type_error: 'value_error' })
    .int('value_error')
    .min(1, 'value_error')
    .describe('The version the editor read: 409 tasks.task_conflict when the task changed since'),
  title: title.optional(),
  description: description.optional(),
  assignee_id: idSchema.nullable().optional().describe('null: nobody'),
  status_id: idSchema.optional().describe('A move: obeys the process’s transitions'),
  author_id: idSchema.optional().describe('Read-only: accepted when unchanged'),
  process_id: idSchema.optional().describe('Read-only: accepted when unchanged'),
  custom_fields: customFields.optional(),
})

export const commentBody = z
  .object({
    body: text(10_000).min(1, 'value_error.missing'),
  })
  .strict('value_error.extra')

export const userRefSchema = z.object({
  id: z.string().uuid(),
  user_name: z.string(),
  full_name: z.string(),
  fio: z.object({ name: z.string(), surname: z.string(), middlename: z.string() }),
  contacts: z.object({ email: z.string(), phone: z.string() }),
  logo: z.string().nullable().describe("The URL of the user's picture, or null"),
})

export const attachmentSchema = z.object({
  id: z.string().uuid(),
  type: z.string(),
  name: z.string(),
  content_type: z.string().describe('Sniffed from the bytes, not taken from the client'),
  size: z.number().int(),
  url: z.string().describe('GET it (with the bearer) for the bytes'),
  thumbnail_url: z.string().nullable(),
  user: z.object({ id: z.string().uuid(), full_name: z.string(), logo: z.string().nullable() }).nullable(),
  created_at: z.string(),
})

export const taskSchema = z.object({
  id: z.string().uuid(),
  key: z.string(),
  title: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
  status: z.object({ id: z.string().uuid(), name: z.string(), description: z.string(), color: z.string() }),
  process: z.object({ id: z.string().uuid(), key: z.string(), name: z.string(), description: z.string() }),
  assignee: userRefSchema.nullable(),
  author: userRefSchema.nullable(),
  custom_fields: z.record(z.unknown()),
  attachments: z.array(attachmentSchema).describe('Latest first'),
  allowed_moves: z
    .array(z.object({ to_status_id: z.string().uuid(), required_fields: z.array(z.string()) }))
    .describe(
      'The statuses the caller may move the task to now (empty without task_edit), and the fields each move needs',
    ),
  field_rules: z
    .object({ required: z.array(z.string()), readonly: z.array(z.string()) })
    .describe('The rules of the status the task is in'),
})

export const historySchema = z.object({
  id: z.number().int(),
  field: z.string().describe("'created', 'attachments', a system field name or a custom field name"),
  old_value: z.unknown(),
  new_value: z.unknown(),
  actor: userRefSchema.nullable(),
  batch_id: z.string().uuid().nullable(),
  created_at: z.string(),
})

export const commentSchema = z.object({
  id: z.string().uuid(),
  body: z.string(),
  author: userRefSchema.nullable(),
  mentions: z.array(z.string().uuid()),
  created_at: z.string(),
})

export const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
}
