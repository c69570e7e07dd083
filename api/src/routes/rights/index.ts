import { grantRightSchema } from '@domain/rights/grant-schema'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller'
import { envelope, errorEnvelope, listEnvelope, ok, page } from '../../http/envelope'
import { nodeIdParams } from '../../http/params'
import { grant, listGrants, revoke, rightsOfNodeUsers, subjectOf } from '../../services/rights'
import { effectiveRightsSchema, grantSchema, grantsQuery, rightParams, userIdsBody } from './schemas'

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope }

/** /api/rights: effective rights of a node's users, and granting and revoking (PRODUCT.md §3). */
export const rightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/all-users/:nodeId',
    {
      schema: {
        tags: ['rights'],
        summary: "Effective rights (own and teams') of users bound to the node, by user id",
        description: 'Your own: being bound to the node is enough. Anyone else: is_admin.',
        params: nodeIdParams,
        body: userIdsBody,
        response: { 200: envelope(effectiveRightsSchema), ...errors },
      },
    },
    async (req) => ok(await rightsOfNodeUsers(app.db, callerOf(req), req.params.nodeId, req.body)),
  )

  app.get(
    '/:nodeId',
    {
      schema: {
        tags: ['rights'],
        summary: 'The rights granted directly to one user or team of the node (is_admin)',
        params: nodeIdParams,
        querystring: grantsQuery,
        response: { 200: listEnvelope(grantSchema), ...errors },
      },
    },
    async (req) => {
      const { user_id, team_id, ...p } = req.query
      const { rows, total } = await listGrants(
        app.db,
        callerOf(req),
        req.params.nodeId,
        subjectOf({ user_id, team_id }),
        p,
      )
      return page(rows, total, p)
    },
  )

  app.post(
    '/:nodeId',
    {
      schema: {
        tags: ['rights'],
        summary: 'Grants a right to a user or a team; granting it again replaces its attributes (is_admin)',
        params: nodeIdParams,
        body: grantRightSchema,
        response: { 200: envelope(grantSchema), ...errors },
      },
    },
    async (req) =>
      ok(await grant(app.db, callerOf(req), req.params.nodeId, req.body), 'rights.right_granted'),
  )

  app.delete(
    '/:nodeId/:rightId',
    {
      schema: {
        tags: ['rights'],
        summary: 'Revokes a grant; never your own last is_admin or is_authorized (is_admin)',
        params: rightParams,
        response: { 200: envelope(grantSchema), ...errors },
      },
    },
    async (req) =>
      ok(await revoke(app.db, callerOf(req), req.params.nodeId, req.params.rightId), 'rights.right_revoked'),
  )
}
