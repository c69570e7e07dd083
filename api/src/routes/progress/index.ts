import { progressInput, progressPatch } from '@domain/workflow/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { envelope, listEnvelope, ok, page } from '../../http/envelope'
import { searchListQuery } from '../../http/list-query'
import { idSchema, nodeIdParams } from '../../http/params'
import {
  createProgress,
  editProgress,
  getNodeProgress,
  listNodeProgress,
  progressOfProcess,
  removeProgress,
} from '../../services/progress'
import { deletedSchema, errors, progressSchema } from '../statuses/schemas'

/*
 * The spec puts a process id (GET) and a progress id (PATCH, DELETE) in the same place of the same
 * path. OpenAPI treats /progress/{nodeId}/{processId} and /progress/{nodeId}/{progressId} as one
 * path named twice (an invalid document), so the segment is `{id}`, described per operation.
 */
const progressParams = z.object({ nodeId: idSchema, id: idSchema.describe('The progress id') })
const processParams = z.object({ nodeId: idSchema, id: idSchema.describe('The process id') })

/** /api/progress: status groups, each an ordered list of statuses (PRODUCT.md §4). */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId',
    {
      schema: {
        tags: ['progress'],
        summary: "A node's progress with their statuses in order, a page at a time, by name (is_authorized)",
        params: nodeIdParams,
        querystring: searchListQuery,
        response: { 200: listEnvelope(progressSchema), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await listNodeProgress(app.db, callerOf(req), req.params.nodeId, req.query)
      return page(rows, total, req.query)
    },
  )

  app.get(
    '/:nodeId/:id',
    {
      schema: {
        tags: ['progress'],
        summary: 'The progress of a process, with its statuses in order (is_authorized)',
        params: processParams,
        response: { 200: envelope(progressSchema), ...errors },
      },
    },
    async (req) => ok(await progressOfProcess(app.db, callerOf(req), req.params.nodeId, req.params.id)),
  )

  app.get(
    '/by-id/:nodeId/:progressId',
    {
      schema: {
        tags: ['progress'],
        summary: 'One progress of the node by its own id, with its statuses in order (is_authorized)',
        description:
          'GET /progress/{nodeId}/{id} answers the progress of a process (the spec puts a process id there), so one progress by its id has this path of its own.',
        params: z.object({ nodeId: idSchema, progressId: idSchema }),
        response: { 200: envelope(progressSchema), ...errors },
      },
    },
    async (req) => ok(await getNodeProgress(app.db, callerOf(req), req.params.nodeId, req.params.progressId)),
  )

  app.post(
    '/:nodeId',
    {
      schema: {
        tags: ['progress'],
        summary: 'Creates a progress from statuses in order (is_admin)',
        params: nodeIdParams,
        body: progressInput,
        response: { 201: envelope(progressSchema), ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await createProgress(app.db, callerOf(req), req.params.nodeId, req.body),
            'progress.progress_created',
          ),
        ),
  )

  app.patch(
    '/:nodeId/:id',
    {
      schema: {
        tags: ['progress'],
        summary: 'Renames a progress and/or replaces its statuses in a new order (is_admin)',
        description:
          '`status_ids` is the whole new list: it adds, removes and reorders. A status a process of the progress names in a transition or field rule cannot leave it (409 progress.status_in_use); a progress a process uses cannot become empty (422 progress.progress_empty).',
        params: progressParams,
        body: progressPatch,
        response: { 200: envelope(progressSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await editProgress(app.db, callerOf(req), req.params.nodeId, req.params.id, req.body),
        'progress.progress_edited',
      ),
  )

  app.delete(
    '/:nodeId/:id',
    {
      schema: {
        tags: ['progress'],
        summary: 'Deletes a progress no process uses (is_admin)',
        description: 'A progress in use answers 409 progress.progress_in_use.',
        params: progressParams,
        response: { 200: envelope(deletedSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await removeProgress(app.db, callerOf(req), req.params.nodeId, req.params.id),
        'progress.progress_deleted',
      ),
  )
}
