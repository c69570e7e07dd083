import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminNodeRoutes } from './admin-routes'
import { publicNodeRoutes } from './public-routes'

/** /api/nodes: public look-ups by domain, and the signed-in calls. */
export const nodesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicNodeRoutes)
  await app.register(adminNodeRoutes)
}
