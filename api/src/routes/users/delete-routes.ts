import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { envelope, errorEnvelope, ok } from '../../http/envelope'
import { deleteUser } from '../../services/users'
import { nodeIdQuery, userIdParams } from './schemas'

/** DELETE /users/{userId}?node_id=: an administrator removes a user from their node. */
export const deleteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/:userId',
    {
      schema: {
        tags: ['users'],
        summary: 'Remove a user from a node (is_admin in that node)',
        description:
          "Removes the user's binding, rights and team memberships in the node; a user left in no node is deleted with their sessions. Removing yourself answers 422 users.cannot_delete_self.",
        params: userIdParams,
        querystring: nodeIdQuery,
        response: {
          200: envelope(z.object({ id: z.string().uuid() })),
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (req) =>
      ok(await deleteUser(app, callerOf(req), req.params.userId, req.query.node_id), 'users.user_deleted'),
  )
}
