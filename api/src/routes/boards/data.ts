import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/*
 * The board data calls (PRODUCT.md §7) — built on branch `boards-data`, which replaces this body:
 *   GET /boards/{nodeId}/{boardId}/data
 *   GET /widgets/{nodeId}/{widgetId}/data
 * Registered in app.ts under /api without a prefix of its own, so declare the full paths
 * ('/boards/:nodeId/:boardId/data', '/widgets/:nodeId/:widgetId/data') here.
 */
export const boardDataRoutes: FastifyPluginAsyncZod = async () => {}
