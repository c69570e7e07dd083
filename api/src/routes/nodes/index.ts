import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const nodesRoutes: FastifyPluginAsyncZod = async (_app) => {}
