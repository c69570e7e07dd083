import { savedQueryInput, savedQueryPatch } from '@domain/queries/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { envelope, listEnvelope, ok, page, paginationQuery } from '../../http/envelope'
import { idSchema, nodeIdParams } from '../../http/params'
import { createQuery, editQuery, getNodeQuery, listNodeQueries, removeQuery } from '../../services/queries'
import { deletedSchema, errors } from '../statuses/schemas'

const queryParams = z.object({ nodeId: idSchema, queryId: idSchema })

export const savedQuerySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** The task query's text (PRODUCT.md §6), as saved. */
  query: z.string(),
  shared: z.boolean(),
  owner: z.object({ id: z.string().uuid(), full_name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
})

const listQuery = paginationQuery.extend({
  shared: z
    .enum(['true', 'false'], { message: 'value_error.enum' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true'))
    .describe('true: the node’s shared queries; false: the caller’s own personal ones; omitted: both'),
})

const RULES =
  'A personal query is its owner’s alone: anyone else gets 404 queries.query_not_found. A shared one is read by every user of the node and written by administrators only (403 rights.forbidden).'

/** /api/queries: saved task queries (PRODUCT.md §10), personal or shared with the node. */
export const queriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId',
    {
      schema: {
        tags: ['queries'],
        summary: 'The saved queries the caller may use, a page at a time, by name (is_authorized)',
        description: RULES,
        params: nodeIdParams,
        querystring: listQuery,
        response: { 200: listEnvelope(savedQuerySchema), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await listNodeQueries(app.db, callerOf(req), req.params.nodeId, req.query)
      return page(rows, total, req.query)
    },
  )

  app.get(
    '/:nodeId/:queryId',
    {
      schema: {
        tags: ['queries'],
        summary: 'One saved query: the caller’s own, or shared (is_authorized)',
        description: RULES,
        params: queryParams,
        response: { 200: envelope(savedQuerySchema), ...errors },
      },
    },
    async (req) => ok(await getNodeQuery(app.db, callerOf(req), req.params.nodeId, req.params.queryId)),
  )

  app.post(
    '/:nodeId',
    {
      schema: {
        tags: ['queries'],
        summary: 'Saves a query, personal or (is_admin) shared with the node',
        description:
          'The query is checked as POST /tasks/rql would run it for the caller: 422 rql.* with the position at ["body", "query"]. A non-administrator saving a shared query gets 403 rights.forbidden.',
        params: nodeIdParams,
        body: savedQueryInput,
        response: { 201: envelope(savedQuerySchema), ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          ok(await createQuery(app.db, callerOf(req), req.params.nodeId, req.body), 'queries.query_created'),
        ),
  )

  app.patch(
    '/:nodeId/:queryId',
    {
      schema: {
        tags: ['queries'],
        summary: 'Renames a saved query, changes its text, or shares it (shared: is_admin)',
        description: `${RULES} A new text is checked as at save.`,
        params: queryParams,
        body: savedQueryPatch,
        response: { 200: envelope(savedQuerySchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await editQuery(app.db, callerOf(req), req.params.nodeId, req.params.queryId, req.body),
        'queries.query_edited',
      ),
  )

  app.delete(
    '/:nodeId/:queryId',
    {
      schema: {
        tags: ['queries'],
        summary: 'Deletes a saved query: the caller’s own, or (is_admin) a shared one',
        description: RULES,
        params: queryParams,
        response: { 200: envelope(deletedSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await removeQuery(app.db, callerOf(req), req.params.nodeId, req.params.queryId),
        'queries.query_deleted',
      ),
  )
}
