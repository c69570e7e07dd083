import { bindStatusInput, statusInput, statusPatch } from '@domain/workflow/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller'
import { envelope, listEnvelope, ok, page } from '../../http/envelope'
import { searchListQuery } from '../../http/list-query'
import { nodeIdParams } from '../../http/params'
import {
  bindStatus,
  createStatus,
  editStatus,
  getNodeStatus,
  listNodeStatuses,
  removeStatus,
} from '../../services/statuses'
import { deletedSchema, errors, progressSchema, statusParams, statusSchema } from './schemas'

/** /api/statuses: a node's statuses (PRODUCT.md §4), and putting them into a progress. */
export const statusesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId',
    {
      schema: {
        tags: ['statuses'],
        summary: "A node's statuses, a page at a time, by name (is_authorized)",
        params: nodeIdParams,
        querystring: searchListQuery,
        response: { 200: listEnvelope(statusSchema), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await listNodeStatuses(app.db, callerOf(req), req.params.nodeId, req.query)
      return page(rows, total, req.query)
    },
  )

  app.get(
    '/:nodeId/:statusId',
    {
      schema: {
        tags: ['statuses'],
        summary: 'One status of the node (is_authorized)',
        params: statusParams,
        response: { 200: envelope(statusSchema), ...errors },
      },
    },
    async (req) => ok(await getNodeStatus(app.db, callerOf(req), req.params.nodeId, req.params.statusId)),
  )

  app.post(
    '/:nodeId',
    {
      schema: {
        tags: ['statuses'],
        summary: 'Creates a status (is_admin)',
        description: 'Names are unique in the node, in any case: 409 statuses.status_already_exists.',
        params: nodeIdParams,
        body: statusInput,
        response: { 201: envelope(statusSchema), ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await createStatus(app.db, callerOf(req), req.params.nodeId, req.body),
            'statuses.status_created',
          ),
        ),
  )

  app.patch(
    '/:nodeId/:statusId',
    {
      schema: {
        tags: ['statuses'],
        summary: "Edits a status's name, description or colour (is_admin)",
        params: statusParams,
        body: statusPatch,
        response: { 200: envelope(statusSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await editStatus(app.db, callerOf(req), req.params.nodeId, req.params.statusId, req.body),
        'statuses.status_edited',
      ),
  )

  app.delete(
    '/:nodeId/:statusId',
    {
      schema: {
        tags: ['statuses'],
        summary: 'Deletes a status no progress holds and no process names (is_admin)',
        description: 'A status in use answers 409 statuses.status_in_use.',
        params: statusParams,
        response: { 200: envelope(deletedSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await removeStatus(app.db, callerOf(req), req.params.nodeId, req.params.statusId),
        'statuses.status_deleted',
      ),
  )

  app.post(
    '/bind-status/:nodeId',
    {
      schema: {
        tags: ['statuses'],
        summary: 'Puts a status into a progress at a position, or takes it out (is_admin)',
        description:
          '`position` counts from 0 (the initial status); omitted or past the end puts the status last; a status already in the progress moves there. `unbind: true` takes it out: refused with 409 progress.status_in_use while a process of the progress names it in a transition or field rule, and with 422 progress.progress_empty when it is the last status of a progress a process uses. Answers the progress with its statuses in order.',
        params: nodeIdParams,
        body: bindStatusInput,
        response: { 200: envelope(progressSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await bindStatus(app.db, callerOf(req), req.params.nodeId, req.body),
        req.body.unbind ? 'statuses.status_unbound' : 'statuses.status_bound',
      ),
  )
}
