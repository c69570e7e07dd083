import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { commentsRoutes } from './comments-routes'
import { crudRoutes } from './crud-routes'
import { historyRoutes } from './history-routes'
import { watchRoutes } from './watch-routes'

/**
 * /api/tasks (spec §7 Tasks). One plugin per group of calls; the task queries (RQL, bulk edit)
 * are added here as one more line.
 */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(crudRoutes)
  await app.register(historyRoutes)
  await app.register(commentsRoutes)
  await app.register(watchRoutes)
}
