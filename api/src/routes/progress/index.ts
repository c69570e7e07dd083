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
  listNodeProgress,
  progressOfProcess,
  removeProgress,
} from '../../services/progress'
import { deletedSchema, errors, progressSchema } from '../statuses/schemas'

const progressParams = z.object({ nodeId: idSchema, progressId: idSchema })
const processParams = z.object({ nodeId: idSchema, processId: idSchema })

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
    '/:nodeId/:processId',
    {
      schema: {
        tags: ['progress'],
        summary: 'The progress of a process, with its statuses in order (is_authorized)',
        params: processParams,
        response: { 200: envelope(progressSchema), ...errors },
      },
    },
    async (req) =>
      ok(await progressOfProcess(app.db, callerOf(req), req.params.nodeId, req.params.processId)),
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
    '/:nodeId/:progressId',
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
        await editProgress(app.db, callerOf(req), req.params.nodeId, req.params.progressId, req.body),
        'progress.progress_edited',
      ),
  )

  app.delete(
    '/:nodeId/:progressId',
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
        await removeProgress(app.db, callerOf(req), req.params.nodeId, req.params.progressId),
        'progress.progress_deleted',
      ),
  )
}
