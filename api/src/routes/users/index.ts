import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { createRoutes } from './create-routes'
import { deleteRoutes } from './delete-routes'
import { editRoutes } from './edit-routes'
import { listRoutes } from './list-routes'
import { logoRoutes } from './logo-routes'
import { sessionRoutes } from './session-routes'
import { signInAsRoutes } from './sign-in-as-routes'
import { verifyTokenRoutes } from './verify-token-routes'

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sessionRoutes)
  await app.register(signInAsRoutes)
  await app.register(verifyTokenRoutes)
  await app.register(createRoutes)
  await app.register(listRoutes)
  await app.register(editRoutes)
  await app.register(deleteRoutes)
  await app.register(logoRoutes)
}
