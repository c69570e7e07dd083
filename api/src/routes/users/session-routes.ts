import { loginSchema } from '@domain/auth/login-schema'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, errorEnvelope, ok } from '../../http/envelope'
import { AppError } from '../../http/errors'
import { DUMMY_HASH, verifyPassword } from '../../lib/passwords'
import { findUserByEmail, publicUser } from '../../repositories/users-repository'
import { assertNotLocked, clearFailures, recordFailure } from '../../services/login-throttle'
import { openSession, revokeSession } from '../../services/sessions'
import { tokenResponse } from '../../services/users'
import { publicUserSchema, tokenResponseSchema } from './schemas'

/** Sign-in, sign-out and the current user. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/token',
    {
      config: { public: true },
      schema: {
        tags: ['users'],
        summary: 'Sign in with email and password',
        security: [],
        body: loginSchema,
        response: {
          200: envelope(tokenResponseSchema),
          400: errorEnvelope,
          422: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (req) => {
      const { email, password } = req.body
      await assertNotLocked(app.db, email, req.clientIp)
      const user = await findUserByEmail(app.db, email)
      // Verify against a dummy hash when there is no such user (or no password: SSO), so timing
      // does not tell; the dummy's own password must never sign anyone in.
      const good = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password)
      if (!user?.passwordHash || !good) {
        await recordFailure(app.db, email, req.clientIp)
        throw new AppError(400, 'users.incorrect_username_or_password', ['body', 'password'])
      }
      await clearFailures(app.db, email)
      const session = await openSession(app, user.id)
      req.log.info({ userId: user.id }, 'signed in')
      return ok(tokenResponse(session, user))
    },
  )

  app.post(
    '/logout',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign out: revokes the session of the bearer token',
        response: { 200: envelope(z.null()), 401: errorEnvelope },
      },
    },
    async (req) => {
      await revokeSession(app, req.auth.sessionId)
      return ok(null, 'users.logged_out')
    },
  )

  app.get(
    '/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: {
          200: envelope(publicUserSchema.extend({ impersonator_id: z.string().nullable() })),
          401: errorEnvelope,
        },
      },
    },
    async (req) => ok({ ...publicUser(req.auth.user), impersonator_id: req.auth.impersonatorId }),
  )
}
