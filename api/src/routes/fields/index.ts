import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client'
import { callerOf } from '../../http/caller'
import { envelope, errorEnvelope, listEnvelope, ok, page } from '../../http/envelope'
import { nodeIdParams } from '../../http/params'
import { scheduleIndexes } from '../../services/field-indexes'
import { createField, deleteField, editField, getField, listFields } from '../../services/fields'
import {
  createFieldBody,
  deletedSchema,
  editFieldBody,
  fieldParams,
  fieldSchema,
  listFieldsQuery,
} from './schemas'

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope }

/**
 * After the answer has gone: the node's field indexes are reconciled (built concurrently, dropped),
 * so the request never waits for a build (services/field-indexes.ts).
 */
function reconcileAfter(app: { db: Db; log: FastifyBaseLogger }, reply: FastifyReply, nodeId: string) {
  reply.raw.once('finish', () => {
    void scheduleIndexes(app.db, nodeId, (err) =>
      app.log.warn({ err, nodeId }, 'field index reconciliation failed'),
    )
  })
}

/** Field definitions (spec §7 Fields, PRODUCT.md §5). */
export const fieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId',
    {
      schema: {
        tags: ['fields'],
        summary: "A node's fields, system fields first, a page at a time (is_authorized)",
        description:
          'System fields (title, description, status, …) come first in a fixed order and are marked `system: true`; custom fields follow by name. `search` matches any part of the name or title in any case; `type` keeps one type.',
        params: nodeIdParams,
        querystring: listFieldsQuery,
        response: { 200: listEnvelope(fieldSchema), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await listFields(app.db, callerOf(req), req.params.nodeId, req.query)
      return page(rows, total, req.query)
    },
  )

  app.get(
    '/:nodeId/:fieldId',
    {
      schema: {
        tags: ['fields'],
        summary: 'One field of the node, system or custom (is_authorized)',
        params: fieldParams,
        response: { 200: envelope(fieldSchema), ...errors },
      },
    },
    async (req) => ok(await getField(app.db, callerOf(req), req.params.nodeId, req.params.fieldId)),
  )

  app.post(
    '/:nodeId',
    {
      schema: {
        tags: ['fields'],
        summary: 'Creates a custom field (is_admin)',
        description:
          'The name is `cf_` and lower snake case; dots nest (`cf_address.city`), but a name may not also be a group of another field. Settings are those of the type (unknown ones are dropped) and the default must be a value the field accepts.',
        params: nodeIdParams,
        body: createFieldBody,
        response: { 201: envelope(fieldSchema), ...errors, 409: errorEnvelope },
      },
    },
    async (req, reply) => {
      const field = await createField(app.db, callerOf(req), req.params.nodeId, req.body)
      return reply.status(201).send(ok(field, 'fields.field_created'))
    },
  )

  app.patch(
    '/:nodeId/:fieldId',
    {
      schema: {
        tags: ['fields'],
        summary: 'Edits a custom field (is_admin)',
        description:
          'The keys sent are merged over the stored definition and the whole is checked as on creation. Renaming a field or changing its type is refused while a form uses it (409 fields.field_in_use). System fields are read-only (422 fields.system_field_readonly): a form relabels them with its entry’s `label`.',
        params: fieldParams,
        body: editFieldBody,
        response: { 200: envelope(fieldSchema), ...errors, 409: errorEnvelope },
      },
    },
    async (req, reply) => {
      const { field, reindex } = await editField(
        app.db,
        callerOf(req),
        req.params.nodeId,
        req.params.fieldId,
        req.body,
        { indexLimit: app.config.INDEXED_FIELDS_PER_NODE },
      )
      if (reindex) reconcileAfter(app, reply, req.params.nodeId)
      return ok(field, 'fields.field_edited')
    },
  )

  app.delete(
    '/:nodeId/:fieldId',
    {
      schema: {
        tags: ['fields'],
        summary: 'Deletes a custom field no form uses (is_admin)',
        description:
          "Refused while a form has an entry for the field (409 fields.field_in_use, `ctx.forms` names them): take it off those forms first. System fields are never deleted (422 fields.system_field_not_deletable). An indexed field's index is dropped after the answer.",
        params: fieldParams,
        response: { 200: envelope(deletedSchema), ...errors, 409: errorEnvelope },
      },
    },
    async (req, reply) => {
      const { id, reindex } = await deleteField(app.db, callerOf(req), req.params.nodeId, req.params.fieldId)
      if (reindex) reconcileAfter(app, reply, req.params.nodeId)
      return ok({ id }, 'fields.field_deleted')
    },
  )
}
