import { widgetCardSchema } from '@domain/widgets/card'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { envelope, errorEnvelope, ok } from '../../http/envelope'
import { idSchema } from '../../http/params'
import { widgetCard } from '../../services/board-data/card'

/** GET /widgets/{nodeId}/{widgetId}/card/{taskId}: the card modal's data (domain/widgets/card.ts). */
export const widgetCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/widgets/:nodeId/:widgetId/card/:taskId',
    {
      schema: {
        tags: ['widgets'],
        summary: 'One task as a widget’s card modal shows it (the widget’s subtitle and fields)',
        description:
          'Title, status, the subtitle field (settings.view.subtitle_field) and the read-only fields (settings.view.fields) with their definitions and stored values, and the key and process key of the task card. ' +
          '404 widgets.widget_not_found for an unknown widget, another node’s or one the caller sees on no board; 404 tasks.task_not_found for a task of another node or one the caller’s task_view does not reach.',
        params: z.object({ nodeId: idSchema, widgetId: idSchema, taskId: idSchema }),
        response: {
          200: envelope(widgetCardSchema),
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (req) => {
      const { nodeId, widgetId, taskId } = req.params
      return ok(await widgetCard(app.db, callerOf(req), nodeId, widgetId, taskId))
    },
  )
}
