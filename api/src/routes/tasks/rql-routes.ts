import { MAX_QUERY_LENGTH } from '@domain/rql'
import { expandTaskPayload } from '@domain/tasks/payload'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { detailSchema, errorEnvelope, MAX_PAGE, MAX_PER_PAGE } from '../../http/envelope'
import { fastSerializer } from '../../http/fast-serializer'
import { idSchema, nodeIdParams } from '../../http/params'
import { BULK_EDIT_LIMIT, bulkEdit, PREVIEW_SHOWN } from '../../services/task-bulk-edit'
import { queryTasks } from '../../services/task-query-page'
import { batchRoutes, editedDetail, runAnswer } from './batch-routes'
import { description, title } from './schemas'

/*
 * The task query language over HTTP (PRODUCT.md §6): a page of the tasks a query selects, and a
 * patch applied to all of them at once (with a dry run and an undo). Registered under /tasks beside
 * the tasks area's own routes.
 */

const query = z
  .string({ invalid_type_error: 'value_error' })
  .max(MAX_QUERY_LENGTH, 'value_error.any_str.max_length')
  .default('')

export const rqlTaskSchema = z.object({
  id: z.string().uuid(),
  key: z.string(),
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  process_id: z.string().uuid(),
  status_id: z.string().uuid(),
  assignee_id: z.string().uuid().nullable(),
  author_id: z.string().uuid(),
  custom_fields: z.record(z.unknown()),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
})

const queryBody = z
  .object({
    query,
    page: z.number().int().min(1).max(MAX_PAGE).default(1),
    per_page: z.number().int().min(1).max(MAX_PER_PAGE).default(10),
    /** The `next_cursor` of the previous page: the page after it, whatever was inserted before. */
    cursor: z.string().max(4096).optional(),
  })
  .strict()

export const queryAnswer = z.object({
  data: z.array(rqlTaskSchema),
  meta: z.object({
    total: z
      .number()
      .int()
      .describe(
        'How many tasks match, counted no further than 10,000 (or four pages past the one asked for, when further): see total_exact',
      ),
    total_exact: z
      .boolean()
      .describe(
        'false: counting stopped at `total` and more tasks match (show it as "10,000+"); true: exactly `total` match',
      ),
    page: z.number().int().nullable(),
    per_page: z.number().int(),
    next_cursor: z.string().nullable(),
  }),
})

/** A task payload's editable keys (dotted and top-level cf_… keys read as in a task body), at least one. */
const patchSchema = z
  .preprocess(
    expandTaskPayload,
    z
      .object({
        status_id: idSchema.optional(),
        assignee_id: idSchema.nullable().optional(),
        title: title.optional(),
        description: description.optional(),
        custom_fields: z.record(z.unknown(), { invalid_type_error: 'value_error' }).optional(),
      })
      .strict('value_error.extra'),
  )
  .refine((p) => Object.keys(p).length > 0, { message: 'value_error.missing' })

const bulkBody = z.object({ query, patch: patchSchema, dry_run: z.boolean().default(false) }).strict()

const change = z.record(z.unknown())
const fieldChange = z.object({
  field: z.string().describe('title, description, assignee, status, or a top-level custom field name'),
  old: z.unknown().describe('The stored value (assignee and status: ids)'),
  new: z.unknown().describe('The value the run would write'),
})
const dryAnswer = z.object({
  dry_run: z.literal(true),
  count: z.number().int().describe('Tasks the run would change'),
  refused: z.number().int().describe('Tasks the planner refuses: the run would change nothing at all'),
  unchanged: z.number().int().describe('Tasks selected that already hold these values'),
  run_status: z
    .number()
    .int()
    .describe('What the run would answer now: 200, or the status of its refusals (403, 404 or 422)'),
  tasks: z
    .array(
      z.object({
        id: z.string().uuid(),
        key: z.string(),
        title: z.string(),
        changes: z.array(fieldChange),
      }),
    )
    .describe(
      `The first ${PREVIEW_SHOWN} tasks the run would change, in the query's order, with each change`,
    ),
  refusals: detailSchema.describe(
    `The first ${PREVIEW_SHOWN} refusals, as the run would answer them: catalogue code, message, loc under body.patch, ctx.task (the key)`,
  ),
  sample: z
    .array(z.object({ id: z.string().uuid(), key: z.string(), before: change, after: change }))
    .describe('The first 20 changed tasks, values before and after (kept for older callers: see tasks)'),
})
export const bulkAnswer = z.object({
  data: z.union([runAnswer, dryAnswer]),
  detail: detailSchema.optional(),
})

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
}

export const rqlRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/rql/:nodeId',
    {
      serializerCompiler: fastSerializer,
      schema: {
        tags: ['tasks'],
        summary: 'The tasks a query selects, a page at a time (task_view)',
        description:
          'Only tasks of processes the caller may view (task_view; its attributes are process keys, none = all). ' +
          'Pages by `page` or, stable under inserts, by `cursor` (the previous answer’s `meta.next_cursor`; `meta.page` is then null). ' +
          'A walk by cursor counts its total once: the pages after the first answer the `meta.total` (and `meta.total_exact`) the first page counted. ' +
          'A total is counted no further than 10,000 matches or four pages past the page asked for: past that `meta.total_exact` is false and `meta.total` is a lower bound. ' +
          'A query with an error answers 422 with the checker’s code (rql.syntax_error, rql.unknown_field, …) and `ctx.position` (from 1); ' +
          'a cursor made for another order answers 422 rql.invalid_cursor. Without `order by`: newest change first; the task id always breaks ties.',
        params: nodeIdParams,
        body: queryBody,
        response: { 200: queryAnswer, ...errors },
      },
    },
    // The answer arrives as JSON text (the database wrote its rows): sent as it is, no serializer.
    async (req, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await queryTasks(app.db, callerOf(req), req.params.nodeId, req.body)) as never),
  )

  app.post(
    '/:nodeId/rql',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Applies one patch to every task a query selects, all or nothing (task_edit)',
        description:
          'Touches the selected tasks the caller may view and edit. Each is planned as a single edit would be (ADR 014: the same codes, messages and locs, under `body.patch`): ' +
          'custom fields as the process’s form allows and by their definitions, a status move by the process’s transitions, the fields the move or the status requires, read-only fields of the current status. ' +
          'What the patch itself gets wrong (an unknown field or status, a bad value) is refused before any task; one refusal of a task and nothing changes: the first 20 listed, each with `ctx.task` (the key), 403 when one is workflow.move_forbidden, else 422. ' +
          `At most ${BULK_EDIT_LIMIT} tasks (422 rql.too_many_tasks). Every change is recorded in the task’s history under one \`batch_id\`. ` +
          '`dry_run`: the same checks, nothing written. A patch that is wrong in itself is refused as in a run; otherwise the dry run answers 200 with what the run would do: ' +
          `the counts (changed, refused, unchanged), the status the run would answer, the first ${PREVIEW_SHOWN} tasks with each change (field, old, new) and the first ${PREVIEW_SHOWN} refusals, each as the run would list it.`,
        params: nodeIdParams,
        body: bulkBody,
        response: { 200: bulkAnswer, ...errors },
      },
    },
    async (req) => {
      const result = await bulkEdit(app.db, callerOf(req), req.params.nodeId, req.body)
      return 'sample' in result ? { data: result } : { data: result, detail: editedDetail(result.count) }
    },
  )

  await app.register(batchRoutes)
}
