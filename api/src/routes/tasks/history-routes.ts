import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller'
import { listEnvelope, page, paginationQuery } from '../../http/envelope'
import { taskHistory } from '../../services/task-comments'
import { errors, historySchema, taskParams } from './schemas'

/** A task's history: every change, who made it and when (PRODUCT.md §4). */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId/:taskId/history',
    {
      schema: {
        tags: ['tasks'],
        summary: "A task's history, newest first (task_view)",
        description:
          'One entry per changed field: `created` when the task was made, `attachments` for an attachment added (new_value) or removed (old_value), otherwise the field’s name (assignee and status hold ids).',
        params: taskParams,
        querystring: paginationQuery,
        response: { 200: listEnvelope(historySchema), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await taskHistory(
        app.db,
        callerOf(req),
        req.params.nodeId,
        req.params.taskId,
        req.query,
      )
      return page(rows, total, req.query)
    },
  )
}
