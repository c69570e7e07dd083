import { createUserSchema } from '@domain/users/user-schema'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller'
import { envelope, errorEnvelope, ok } from '../../http/envelope'
import { createUser } from '../../services/users'
import { publicUserSchema, uuid } from './schemas'

/** POST /users: an administrator of `node_id` creates a user there. */
export const createRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      // POST /api/users, as the spec writes it (not /api/users/), also in the OpenAPI document.
      prefixTrailingSlash: 'no-slash',
      schema: {
        tags: ['users'],
        summary: 'Create a user and bind them to a node (is_admin in that node)',
        description:
          'An email already registered anywhere answers 409 users.user_already_registered; binding an existing user to a node is POST /nodes/bind-user.',
        body: createUserSchema.extend({ node_id: uuid() }),
        response: {
          201: envelope(publicUserSchema),
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const user = await createUser(app, callerOf(req), req.body)
      return reply.status(201).send(ok(user, 'users.user_created'))
    },
  )
}
