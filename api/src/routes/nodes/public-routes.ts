import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, errorEnvelope, ok } from '../../http/envelope'
import { getNodeAssets, getNodeByDomain } from '../../services/nodes'
import { assetsSchema, domainParams, publicNodeSchema } from './schemas'

/** The look-ups the web app makes before anyone signs in: the node and its theme, by domain. */
export const publicNodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/domain/:domain',
    {
      config: { public: true },
      schema: {
        tags: ['nodes'],
        summary: 'A node by its domain, with its public settings',
        security: [],
        params: domainParams,
        response: { 200: envelope(publicNodeSchema), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => ok(await getNodeByDomain(app.db, req.params.domain)),
  )

  app.get(
    '/assets/:domain',
    {
      config: { public: true },
      schema: {
        tags: ['nodes'],
        summary: "A node's theme and login options; `version` changes whenever the settings do",
        security: [],
        params: domainParams,
        response: { 200: envelope(assetsSchema), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (req) => ok(await getNodeAssets(app.db, req.params.domain)),
  )
}
