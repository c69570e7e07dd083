import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { envelope, errorEnvelope, ok } from '../../http/envelope'
import { idSchema } from '../../http/params'
import { uploadOf } from '../../http/upload'
import { deleteAttachment, openAttachment, openThumbnail, uploadAttachment } from '../../services/attachments'
import { INLINE_TYPES } from '../../storage/sniff'
import { THUMBNAIL_BOX, THUMBNAIL_CONTENT_TYPE } from '../../storage/thumbnail'
import { attachmentSchema } from '../tasks/schemas'

// POST names a task, GET and DELETE an attachment in the same segment: one name, {id} (ADR 009 §9).
const uploadParams = z.object({ nodeId: idSchema, id: idSchema.describe('The task id') })
const attachmentParams = z.object({ nodeId: idSchema, id: idSchema.describe('The attachment id') })
const uploadQuery = z.object({
  type: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,63}$/, 'value_error')
    .default('attachment')
    .describe('What the file is for: `attachment` (the card’s list) or a file field’s name (cf_…)'),
})
const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  413: errorEnvelope,
  422: errorEnvelope,
}

/** RFC 6266: an ASCII fallback and the UTF-8 name; inline only for raster images. */
export function contentDisposition(name: string, contentType: string): string {
  const kind = INLINE_TYPES.has(contentType) ? 'inline' : 'attachment'
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** What a download must not let a browser do with the bytes: guess their type, run anything. */
const SAFE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'private, max-age=0, must-revalidate',
}

/** The thumbnail's own file name: the image's, with the thumbnail's extension. */
const thumbnailName = (name: string) => `${name.replace(/\.[A-Za-z0-9]{1,8}$/, '')}.webp`

/** Attachments of tasks (spec §7): one file per upload, read back with the task's view right. */
export const attachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // The handler reports a file past the limit (413) itself, after removing what was stored.
    throwFileSizeLimit: false,
    limits: { fileSize: app.config.UPLOAD_MAX_MB * 1024 * 1024, files: 1, fields: 10, parts: 11 },
  })

  app.post(
    '/:nodeId/:id',
    {
      schema: {
        tags: ['attachments'],
        summary: 'Attaches a file to a task (task_edit); multipart/form-data, one file part',
        description:
          'The content type is sniffed from the bytes, not taken from the client. Past UPLOAD_MAX_MB: 413 request.too_large. No file or an empty one: 422 value_error.missing at body.file. No room left in the storage: 507 attachments.storage_full; another storage failure: 500 attachments.storage_failed (nothing is kept of the file in either case, and the rest of the body is read, so the connection serves on). Recorded in the task’s history (field `attachments`). A PNG, JPEG, GIF or WebP image also gets a thumbnail (thumbnail_url); one that cannot be decoded still uploads, with thumbnail_url null.',
        consumes: ['multipart/form-data'],
        params: uploadParams,
        querystring: uploadQuery,
        response: { 201: envelope(attachmentSchema), ...errors, 500: errorEnvelope, 507: errorEnvelope },
      },
    },
    async (req, reply) => {
      const file = await uploadOf(req)
      const data = await uploadAttachment(
        app.db,
        app.storage,
        callerOf(req),
        req.params.nodeId,
        req.params.id,
        req.query.type,
        file,
        req.log,
      )
      return reply.status(201).send(ok(data, 'attachments.attachment_created'))
    },
  )

  app.get(
    '/:nodeId/:id',
    {
      schema: {
        tags: ['attachments'],
        summary: "An attachment's bytes (task_view of its task)",
        description:
          'Sent with the sniffed content type and a Content-Disposition naming the file: inline for PNG, JPEG, GIF and WebP images, a download for everything else. An attachment of a task the caller may not view answers 404 attachments.attachment_not_found.',
        params: attachmentParams,
        // The bytes themselves: Fastify sends a stream as it is, without serialising it.
        response: { 200: z.unknown().describe('The file'), ...errors },
      },
    },
    async (req, reply) => {
      const { row, body } = await openAttachment(
        app.db,
        app.storage,
        callerOf(req),
        req.params.nodeId,
        req.params.id,
      )
      return reply
        .header('content-type', row.contentType)
        .header('content-length', row.size)
        .header('content-disposition', contentDisposition(row.name, row.contentType))
        .headers(SAFE_HEADERS)
        .send(body)
    },
  )

  app.get(
    '/:nodeId/:id/thumbnail',
    {
      schema: {
        tags: ['attachments'],
        summary: "An image attachment's thumbnail (task_view of its task)",
        description: `The image upright (EXIF orientation applied), fitted inside ${THUMBNAIL_BOX}×${THUMBNAIL_BOX} and never enlarged, as ${THUMBNAIL_CONTENT_TYPE} without metadata; made on upload for PNG, JPEG, GIF and WebP (the first frame of an animation). Served inline with the download's headers. An attachment of a task the caller may not view answers 404 attachments.attachment_not_found; one without a thumbnail (not an image, or one that could not be decoded) 404 attachments.thumbnail_not_found.`,
        params: attachmentParams,
        response: { 200: z.unknown().describe('The thumbnail'), ...errors },
      },
    },
    async (req, reply) => {
      const { row, bytes } = await openThumbnail(
        app.db,
        app.storage,
        callerOf(req),
        req.params.nodeId,
        req.params.id,
      )
      return reply
        .header('content-type', THUMBNAIL_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(thumbnailName(row.name), THUMBNAIL_CONTENT_TYPE))
        .headers(SAFE_HEADERS)
        .send(bytes)
    },
  )

  app.delete(
    '/:nodeId/:id',
    {
      schema: {
        tags: ['attachments'],
        summary: 'Deletes an attachment (task_edit of its task)',
        description:
          'Recorded in the task’s history. Refused while the task’s status keeps attachments read-only (422 attachments.attachment_not_deleted at params.id).',
        params: attachmentParams,
        response: { 200: envelope(z.object({ id: z.string().uuid() })), ...errors },
      },
    },
    async (req) =>
      ok(
        await deleteAttachment(app.db, app.storage, callerOf(req), req.params.nodeId, req.params.id),
        'attachments.attachment_deleted',
      ),
  )
}
