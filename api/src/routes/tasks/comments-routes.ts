import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller'
import { envelope, listEnvelope, ok, page } from '../../http/envelope'
import { addComment, taskComments } from '../../services/task-comments'
import { commentBody, commentSchema, commentsQuery, errors, taskParams } from './schemas'

/** A task's comments (PRODUCT.md §4, §7 notifications: mentions). */
export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId/:taskId/comments',
    {
      schema: {
        tags: ['tasks'],
        summary: "A task's comments, oldest first unless order=desc (task_view)",
        params: taskParams,
        querystring: commentsQuery,
        response: { 200: listEnvelope(commentSchema), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await taskComments(
        app.db,
        callerOf(req),
        req.params.nodeId,
        req.params.taskId,
        req.query,
      )
      return page(rows, total, req.query)
    },
  )

  app.post(
    '/:nodeId/:taskId/comments',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Comments on a task (task_edit)',
        description:
          '1–10 000 characters. `@` followed by the e-mail or the id of a user bound to the node mentions them (kept in `mentions`, by id); other @-words are plain text.',
        params: taskParams,
        body: commentBody,
        response: { 201: envelope(commentSchema), ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await addComment(app.db, callerOf(req), req.params.nodeId, req.params.taskId, req.body.body),
            'tasks.comment_created',
          ),
        ),
  )
}
