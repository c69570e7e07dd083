import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller'
import { envelope, errorEnvelope, listEnvelope, ok, page } from '../../http/envelope'
import { nodeIdParams } from '../../http/params'
import { bindUserToNode, editNodeSettings, getNode, listUserNodes } from '../../services/nodes'
import {
  adminNodeSchema,
  bindUserBody,
  bindUserResult,
  editNodeBody,
  publicNodeSchema,
  userNodesQuery,
} from './schemas'

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope }

export const adminNodeRoutes: FastifyPluginAsyncZod = async (app) => {
  // '' rather than '/': the documented path is /api/nodes, as the spec writes it.
  app.get(
    '',
    {
      schema: {
        tags: ['nodes'],
        summary: 'The nodes a user is bound to (yourself, or anyone for a superuser)',
        querystring: userNodesQuery,
        response: { 200: listEnvelope(publicNodeSchema), ...errors },
      },
    },
    async (req) => {
      const { user_id, ...p } = req.query
      const { rows, total } = await listUserNodes(app.db, callerOf(req), user_id ?? req.auth.user.id, p)
      return page(rows, total, p)
    },
  )

  app.post(
    '/bind-user',
    {
      schema: {
        tags: ['nodes'],
        summary: 'Binds an existing user to a node, granting is_authorized (is_admin)',
        body: bindUserBody,
        response: { 200: envelope(bindUserResult), ...errors, 409: errorEnvelope },
      },
    },
    async (req) => ok(await bindUserToNode(app.db, callerOf(req), req.body), 'nodes.user_bound'),
  )

  app.get(
    '/:nodeId',
    {
      schema: {
        tags: ['nodes'],
        summary: 'A node with all its settings, for its administrators (is_admin)',
        params: nodeIdParams,
        response: { 200: envelope(adminNodeSchema), ...errors },
      },
    },
    async (req) => ok(await getNode(app.db, callerOf(req), req.params.nodeId)),
  )

  app.patch(
    '/:nodeId',
    {
      schema: {
        tags: ['nodes'],
        summary: "Edits a node's settings: top-level keys are merged, null removes one (is_admin)",
        params: nodeIdParams,
        body: editNodeBody,
        response: { 200: envelope(adminNodeSchema), ...errors, 409: errorEnvelope },
      },
    },
    async (req) =>
      ok(await editNodeSettings(app.db, callerOf(req), req.params.nodeId, req.body), 'nodes.node_edited'),
  )
}
