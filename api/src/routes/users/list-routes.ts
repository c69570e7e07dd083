import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { envelope, errorEnvelope, listEnvelope, ok, page, paginationQuery } from '../../http/envelope'
import { getNodeUser, listUsers } from '../../services/users'
import { nodeIdParams, publicUserSchema, userIdParams } from './schemas'

/** GET /users/{nodeId}: the users bound to a node; GET /users/{nodeId}/{userId}: one of them. */
export const listRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId',
    {
      schema: {
        tags: ['users'],
        summary: "A node's users, a page at a time (is_authorized in the node)",
        description:
          'Ordered by surname, name, email. `search` matches any part of the email, name, surname or middle name, in any case.',
        params: nodeIdParams,
        querystring: paginationQuery.extend({
          search: z.string().trim().max(100, 'value_error.any_str.max_length').optional(),
        }),
        response: {
          200: listEnvelope(publicUserSchema),
          401: errorEnvelope,
          404: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (req) => {
      const { users, total } = await listUsers(app, callerOf(req), req.params.nodeId, req.query)
      return page(users, total, req.query)
    },
  )

  app.get(
    '/:nodeId/:userId',
    {
      schema: {
        tags: ['users'],
        summary: 'One user of a node (is_authorized in the node); another node’s user is not found',
        params: nodeIdParams.merge(userIdParams),
        response: {
          200: envelope(publicUserSchema),
          401: errorEnvelope,
          404: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (req) => ok(await getNodeUser(app, callerOf(req), req.params.nodeId, req.params.userId)),
  )
}
