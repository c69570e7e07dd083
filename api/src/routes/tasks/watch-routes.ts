import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller'
import { envelope, ok } from '../../http/envelope'
import { watch, watching } from '../../services/notifications'
import { watchAnswer } from '../notifications/schemas'
import { errors, taskParams } from './schemas'

/** Watching a task (PRODUCT.md §7): its watchers are told of its status changes and comments. */
export const watchRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = (summary: string) => ({
    tags: ['tasks'],
    summary,
    params: taskParams,
    response: { 200: envelope(watchAnswer), ...errors },
  })
  app.get(
    '/:nodeId/:taskId/watch',
    { schema: schema('Whether the caller watches the task (task_view)') },
    async (req) => ok(await watching(app.db, callerOf(req), req.params.nodeId, req.params.taskId)),
  )
  app.post(
    '/:nodeId/:taskId/watch',
    { schema: schema('The caller watches the task (task_view)') },
    async (req) =>
      ok(
        await watch(app.db, callerOf(req), req.params.nodeId, req.params.taskId, true),
        'tasks.task_watched',
      ),
  )
  app.delete(
    '/:nodeId/:taskId/watch',
    { schema: schema('The caller stops watching the task') },
    async (req) =>
      ok(
        await watch(app.db, callerOf(req), req.params.nodeId, req.params.taskId, false),
        'tasks.task_unwatched',
      ),
  )
}
