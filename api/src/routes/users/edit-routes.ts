import { editUserSchema } from '@domain/users/user-schema'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller'
import { envelope, errorEnvelope, ok } from '../../http/envelope'
import { editUser } from '../../services/users'
import { nodeIdQuery, publicUserSchema, userIdParams } from './schemas'

/** PATCH /users/{userId}: the user themself, or an administrator of a node they share. */
export const editRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/:userId',
    {
      schema: {
        tags: ['users'],
        summary: "Edit a user's fio, contacts or password",
        description:
          'Users edit themselves (a new password needs `current_password`). An administrator of a node the user is in edits them (`node_id` narrows it to one node); setting their password needs is_admin in every node the user is in. A new password signs out every other session of the user.',
        params: userIdParams,
        querystring: nodeIdQuery.partial(),
        body: editUserSchema,
        response: {
          200: envelope(publicUserSchema),
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          422: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (req) => {
      const user = await editUser(app, callerOf(req), req.params.userId, req.body, req.query.node_id)
      return ok(user, 'users.user_edited')
    },
  )
}
