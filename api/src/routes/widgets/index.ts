import { widgetInput, widgetPatch } from '@domain/widgets/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { envelope, listEnvelope, ok, page } from '../../http/envelope'
import { searchListQuery } from '../../http/list-query'
import { nodeIdParams } from '../../http/params'
import {
  createWidget,
  editWidget,
  getNodeWidget,
  listNodeWidgets,
  removeWidget,
} from '../../services/widgets'
import { bindBoardRoute } from '../boards'
import { widgetParams, widgetSchema } from '../boards/schemas'
import { deletedSchema, errors } from '../statuses/schemas'

const widgetListQuery = searchListQuery.extend({
  type: z.string().trim().max(50, 'value_error.any_str.max_length').optional(),
})

const checks =
  'Settings are checked against the type’s settings fields, whose options are the node’s fields (422 at body.settings.…; missing ones take their defaults); the query by the query language (422 rql.syntax_error, rql.unknown_field, … with ctx.position).'

/** /api/widgets: a node's widgets (an administrator's object: users see them through boards). */
export const widgetsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(bindBoardRoute)

  app.get(
    '/:nodeId',
    {
      schema: {
        tags: ['widgets'],
        summary: "A node's widgets by title, a page at a time, searched, of one type (is_admin)",
        params: nodeIdParams,
        querystring: widgetListQuery,
        response: { 200: listEnvelope(widgetSchema), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await listNodeWidgets(app.db, callerOf(req), req.params.nodeId, req.query)
      return page(rows, total, req.query)
    },
  )

  app.get(
    '/:nodeId/:widgetId',
    {
      schema: {
        tags: ['widgets'],
        summary: 'One widget with the boards it sits on (is_admin)',
        params: widgetParams,
        response: { 200: envelope(widgetSchema), ...errors },
      },
    },
    async (req) => ok(await getNodeWidget(app.db, callerOf(req), req.params.nodeId, req.params.widgetId)),
  )

  app.post(
    '/:nodeId',
    {
      schema: {
        tags: ['widgets'],
        summary: 'Creates a widget (is_admin); it is put on boards with bind-board',
        description: `An unknown type answers 422 widgets.unknown_type. ${checks}`,
        params: nodeIdParams,
        body: widgetInput,
        response: { 201: envelope(widgetSchema), ...errors },
      },
      config: { leavesAuth: true },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await createWidget(app.db, callerOf(req), req.params.nodeId, req.body),
            'widgets.widget_created',
          ),
        ),
  )

  app.patch(
    '/:nodeId/:widgetId',
    {
      schema: {
        tags: ['widgets'],
        summary: "Edits a widget's title, settings or query (is_admin); its type is fixed",
        description: checks,
        params: widgetParams,
        body: widgetPatch,
        response: { 200: envelope(widgetSchema), ...errors },
      },
      config: { leavesAuth: true },
    },
    async (req) =>
      ok(
        await editWidget(app.db, callerOf(req), req.params.nodeId, req.params.widgetId, req.body),
        'widgets.widget_edited',
      ),
  )

  app.delete(
    '/:nodeId/:widgetId',
    {
      schema: {
        tags: ['widgets'],
        summary: 'Deletes a widget (is_admin); it leaves every board and their layouts',
        params: widgetParams,
        response: { 200: envelope(deletedSchema), ...errors },
      },
      config: { leavesAuth: true },
    },
    async (req) =>
      ok(
        await removeWidget(app.db, callerOf(req), req.params.nodeId, req.params.widgetId),
        'widgets.widget_deleted',
      ),
  )
}
