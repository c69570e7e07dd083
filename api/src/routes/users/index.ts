import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sessionRoutes } from './session-routes'

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sessionRoutes)
}
