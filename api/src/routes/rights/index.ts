import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const rightsRoutes: FastifyPluginAsyncZod = async (_app) => {}
