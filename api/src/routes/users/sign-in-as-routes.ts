import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller'
import { envelope, errorEnvelope, ok } from '../../http/envelope'
import { signInAs } from '../../services/users'
import { nodeIdQuery, tokenResponseSchema, userIdParams } from './schemas'

/** GET /users/token/{userId}?node_id=: support sign-in as a user of the node, audited. */
export const signInAsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/token/:userId',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign in as a user of a node (is_admin there), recorded in the audit log',
        description:
          'Needs is_admin in every node the user is in (a superuser only by a superuser). The session remembers the administrator (GET /users/me impersonator_id); a support session cannot open another.',
        params: userIdParams,
        querystring: nodeIdQuery,
        response: {
          200: envelope(tokenResponseSchema),
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (req) => ok(await signInAs(app, callerOf(req), req.params.userId, req.query.node_id)),
  )
}
