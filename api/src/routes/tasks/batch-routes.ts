import { messageFor } from '@domain/errors/catalogue'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { detailSchema, errorEnvelope, listEnvelope, page, paginationQuery } from '../../http/envelope'
import { idSchema, nodeIdParams } from '../../http/params'
import { listBatches } from '../../services/task-batches'
import { undoBatch } from '../../services/task-undo'
import { userRefSchema } from './schemas'

/*
 * Batches (PRODUCT.md §10, ADR 011 §8): the list of a caller's bulk edits, imports and undos, and
 * the undo of one. Registered by the RQL routes, under /tasks.
 */

/** A run's answer (and an undo's): how many tasks changed, and the batch that undoes them. */
export const runAnswer = z.object({
  count: z.number().int().describe('Tasks changed (for an undo: restored and deleted)'),
  batch_id: z.string().uuid().nullable().describe('The batch (null when nothing changed)'),
})

export const editedDetail = (count: number) => [
  { type: 'tasks.tasks_edited', msg: messageFor('tasks.tasks_edited', { count }), ctx: { count } },
]

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
}

const batchSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(['bulk_edit', 'csv_import', 'undo']),
  created_at: z.string(),
  count: z.number().int().describe('Tasks the batch changed, created, or (an undo) restored and deleted'),
  query: z.string().nullable().describe('A bulk edit’s query, as sent; null for the other kinds'),
  author: userRefSchema.nullable().describe('Who made the batch'),
  undo_of: z.string().uuid().nullable().describe('For an undo: the batch it undid'),
  undone_by: z.string().uuid().nullable().describe('The undo that reverted this batch, once one did'),
  undoable: z.boolean().describe('Whether POST …/rql/undo/{id} can undo it now, as far as its history tells'),
  reason: z
    .enum(['tasks.batch_undone', 'tasks.batch_changed', 'tasks.batch_not_undoable'])
    .nullable()
    .describe(
      'Why it cannot be undone (the code the undo would answer): already undone, a task changed since (or a new task got a comment or a file), an undo that deleted tasks',
    ),
})

export const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId/batches',
    {
      schema: {
        tags: ['tasks'],
        summary: 'The caller’s batches (bulk edits, imports, undos), newest first',
        description:
          'A user sees their own batches, an administrator (is_admin) everyone’s. `undoable` says whether the undo would pass the checks its history allows (not undone yet, no task changed since); ' +
          'the undo itself still plans every task with the task-write planner and may refuse it then.',
        params: nodeIdParams,
        querystring: paginationQuery,
        response: { 200: listEnvelope(batchSchema), ...errors },
      },
    },
    async (req) => {
      const { data, total } = await listBatches(app.db, callerOf(req), req.params.nodeId, req.query)
      return page(data, total, req.query)
    },
  )

  app.post(
    '/:nodeId/rql/undo/:batchId',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Reverts one batch: a bulk edit, an import or an undo (its author or an administrator)',
        description:
          'Only the batch’s author or an administrator may undo it; to anyone else, as to an unknown or another node’s batch, 404 tasks.batch_not_found. ' +
          'Every restore is planned by the task-write planner as an edit by the caller (ADR 014: task_edit on the process, its transitions by right and team, the fields the status holds read-only or requires, the form’s editable fields, the definitions’ rules); ' +
          'the tasks an import created are deleted, which needs task_create on their process. One refusal refuses the whole undo, nothing written: the first 20 refusals, each with `ctx.task` (the key) and its loc under `patch` (the restore), with the planner’s status (403, 404 or 422). ' +
          '409 tasks.batch_undone once undone, tasks.batch_changed when a task changed since (or a new task got a comment or a file), tasks.batch_not_undoable for an undo that deleted tasks. ' +
          'The undo is a batch too (its id answered), so an undo of a bulk edit can itself be undone.',
        params: z.object({ nodeId: idSchema, batchId: idSchema }),
        response: { 200: z.object({ data: runAnswer, detail: detailSchema.optional() }), ...errors },
      },
    },
    async (req) => {
      const result = await undoBatch(app.db, callerOf(req), req.params.nodeId, req.params.batchId)
      return { data: result, detail: editedDetail(result.count) }
    },
  )
}
