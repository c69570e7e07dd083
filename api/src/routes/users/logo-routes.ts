import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { envelope, errorEnvelope, ok } from '../../http/envelope'
import { uploadOf } from '../../http/upload'
import { LOGO_MAX_BYTES, openUserLogo, removeUserLogo, setUserLogo } from '../../services/user-logos'
import { nodeIdQuery, publicUserSchema, userIdParams, uuid } from './schemas'

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  422: errorEnvelope,
}

/** A picture's own URL never changes its bytes: the browser keeps it (the URL changes with the picture). */
const LOGO_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'private, max-age=31536000, immutable',
}

/** A user's picture (spec §3 `logo`): PUT and DELETE /users/{userId}/logo, GET its URL. */
export const logoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // One byte past the limit is enough to know it is too large (422 users.logo_too_large).
    throwFileSizeLimit: false,
    limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
  })

  app.put(
    '/:userId/logo',
    {
      schema: {
        tags: ['users'],
        summary: "Sets a user's picture; multipart/form-data, one file part",
        description: `The user themself, or an administrator of a node they share (\`node_id\` narrows it to one node), as PATCH /users/{userId}. A PNG, JPEG or WebP image of at most ${LOGO_MAX_BYTES / 1024} KB, recognised by its bytes (the client's type is not trusted): anything else is 422 users.logo_type, a larger one 422 users.logo_too_large, none 422 value_error.missing (at body.file), and the picture the user had stays. The answer's \`logo\` is the new picture's URL.`,
        consumes: ['multipart/form-data'],
        params: userIdParams,
        querystring: nodeIdQuery.partial(),
        response: { 200: envelope(publicUserSchema), ...errors, 500: errorEnvelope, 507: errorEnvelope },
      },
    },
    async (req) => {
      const file = await uploadOf(req)
      const user = await setUserLogo(
        app.db,
        app.storage,
        callerOf(req),
        req.params.userId,
        file,
        req.query.node_id,
      )
      return ok(user, 'users.logo_set')
    },
  )

  app.delete(
    '/:userId/logo',
    {
      schema: {
        tags: ['users'],
        summary: "Removes a user's picture",
        description: 'Who may: as PUT /users/{userId}/logo. A user without a picture is no error.',
        params: userIdParams,
        querystring: nodeIdQuery.partial(),
        response: { 200: envelope(publicUserSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await removeUserLogo(app.db, app.storage, callerOf(req), req.params.userId, req.query.node_id),
        'users.logo_removed',
      ),
  )

  app.get(
    '/:userId/logo/:logoId',
    {
      schema: {
        tags: ['users'],
        summary: "A user's picture (the `logo` URL of the user)",
        description:
          'For the user themself and anyone who shares a node with them; sent with its PNG, JPEG or WebP type, nosniff, and cached for good (a new picture has a new URL). A picture that is not the user’s current one, or a user in no node of the caller: 404 users.logo_not_found.',
        params: userIdParams.extend({ logoId: uuid() }),
        response: { 200: z.unknown().describe('The image'), ...errors },
      },
    },
    async (req, reply) => {
      const { contentType, bytes } = await openUserLogo(
        app.db,
        app.storage,
        callerOf(req),
        req.params.userId,
        req.params.logoId,
      )
      return reply.header('content-type', contentType).headers(LOGO_HEADERS).send(bytes)
    },
  )
}
