import { messageFor } from '@domain/errors/catalogue'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { envelope, listEnvelope, ok, page } from '../../http/envelope'
import { nodeIdParams } from '../../http/params'
import {
  configHistoryOf,
  createConfig,
  deliveriesOf,
  editConfig,
  getNodeConfig,
  listNodeConfigs,
  listPlugins,
  removeConfig,
  testConfig,
} from '../../services/plugin-configs'
import { deletedSchema, errors } from '../statuses/schemas'
import {
  catalogueQuery,
  configBody,
  configListQuery,
  configParams,
  deliverySchema,
  historyEntrySchema,
  pluginConfigSchema,
  pluginParams,
  pluginSchema,
} from './schemas'

/** GET /api/plugins: the catalogue shipped with the server. */
export const pluginsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['plugins'],
        summary: 'The plugins shipped with the server and their settings as field definitions',
        description:
          'A page at a time (`page`, `per_page`), in the shipped order. With `node_id` (is_admin of that node), how many configurations each has there.',
        querystring: catalogueQuery,
        response: { 200: listEnvelope(pluginSchema), ...errors },
      },
    },
    async (req) => {
      const all = await listPlugins(app.db, callerOf(req), req.query.node_id)
      const from = (req.query.page - 1) * req.query.per_page
      return page(all.slice(from, from + req.query.per_page), all.length, req.query)
    },
  )
}

/** /api/plugin-configs: a node's plugin configurations (is_admin). */
export const pluginConfigsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId',
    {
      schema: {
        tags: ['plugins'],
        summary: "The node's plugin configurations, a page at a time, by name (is_admin)",
        params: nodeIdParams,
        querystring: configListQuery,
        response: { 200: listEnvelope(pluginConfigSchema), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await listNodeConfigs(app.db, callerOf(req), req.params.nodeId, req.query)
      return page(rows, total, req.query)
    },
  )

  app.get(
    '/:nodeId/:pluginConfigId',
    {
      schema: {
        tags: ['plugins'],
        summary: 'One plugin configuration; secrets as `{ "set": boolean }` (is_admin)',
        params: configParams,
        response: { 200: envelope(pluginConfigSchema), ...errors },
      },
    },
    async (req) =>
      ok(await getNodeConfig(app.db, callerOf(req), req.params.nodeId, req.params.pluginConfigId)),
  )

  app.get(
    '/:nodeId/:pluginConfigId/history',
    {
      schema: {
        tags: ['plugins'],
        summary: 'Who changed the configuration and what, newest first; secrets masked (is_admin)',
        params: configParams,
        response: { 200: envelope(z.array(historyEntrySchema)), ...errors },
      },
    },
    async (req) =>
      ok(await configHistoryOf(app.db, callerOf(req), req.params.nodeId, req.params.pluginConfigId)),
  )

  app.get(
    '/:nodeId/:pluginConfigId/deliveries',
    {
      schema: {
        tags: ['plugins'],
        summary: "The configuration's delivery log, newest 50: status, attempts, the last answer (is_admin)",
        params: configParams,
        response: { 200: envelope(z.array(deliverySchema)), ...errors },
      },
    },
    async (req) =>
      ok(await deliveriesOf(app.db, callerOf(req), req.params.nodeId, req.params.pluginConfigId)),
  )

  app.post(
    '/:nodeId/:pluginId',
    {
      schema: {
        tags: ['plugins'],
        summary: 'Configures a plugin for the node: `{ name, enabled, settings }` (is_admin)',
        description:
          "Settings are checked by the plugin's field definitions. 404 plugins.plugin_not_found for an unknown plugin, 409 plugins.one_per_node for a second configuration of a single plugin.",
        params: pluginParams,
        body: configBody,
        response: { 201: envelope(pluginConfigSchema), ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await createConfig(app.plugins, callerOf(req), req.params.nodeId, req.params.pluginId, req.body),
            'plugins.config_created',
          ),
        ),
  )

  app.patch(
    '/:nodeId/:pluginConfigId',
    {
      schema: {
        tags: ['plugins'],
        summary: 'Edits a configuration, enables or disables it (is_admin)',
        description: 'Keys left out keep their value; a secret is replaced only when a new value is sent.',
        params: configParams,
        body: configBody,
        response: { 200: envelope(pluginConfigSchema), ...errors },
      },
    },
    async (req) => {
      const { config, code } = await editConfig(
        app.plugins,
        callerOf(req),
        req.params.nodeId,
        req.params.pluginConfigId,
        req.body,
      )
      return ok(config, code)
    },
  )

  app.delete(
    '/:nodeId/:pluginConfigId',
    {
      schema: {
        tags: ['plugins'],
        summary: 'Deletes a configuration with its delivery log (is_admin)',
        params: configParams,
        response: { 200: envelope(deletedSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await removeConfig(app.db, callerOf(req), req.params.nodeId, req.params.pluginConfigId),
        'plugins.config_deleted',
      ),
  )

  app.post(
    '/:nodeId/:pluginConfigId/test',
    {
      schema: {
        tags: ['plugins'],
        summary:
          '"Send a test" of a plugin that has one (webhooks: a ping; e-mail: a mail to the caller) (is_admin)',
        params: configParams,
        response: { 200: envelope(z.object({ id: z.string().uuid() })), ...errors },
      },
    },
    async (req) => {
      const done = await testConfig(app.plugins, callerOf(req), req.params.nodeId, req.params.pluginConfigId)
      const { code, ctx } = typeof done === 'string' ? { code: done, ctx: undefined } : done
      return {
        data: { id: req.params.pluginConfigId },
        detail: [{ type: code, msg: messageFor(code, ctx), ...(ctx ? { ctx } : {}) }],
      }
    },
  )
}
