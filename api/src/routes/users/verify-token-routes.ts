import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, errorEnvelope, ok } from '../../http/envelope'
import { verifyToken } from '../../plugins/sso/verify-token'
import { tokenResponseSchema } from './schemas'

/** POST /users/verify_token: service-centre sign-in with an external token (public). */
export const verifyTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/verify_token',
    {
      config: { public: true },
      schema: {
        tags: ['users'],
        summary: "Exchange a token from the node's identity server for a Nodus token",
        description:
          "Verified against the node's SSO settings (issuer, audience, JWKS URL); the user is found by the `email` claim, or created and bound when the node allows it. 400 users.credentials_validate_error when the token or the user is not accepted; 503 when the identity server cannot be reached.",
        security: [],
        body: z.object({
          token: z.string().min(1, 'value_error.missing').max(16_384, 'value_error.any_str.max_length'),
          domain: z
            .string()
            .trim()
            .toLowerCase()
            .min(1, 'value_error.missing')
            .max(253, 'value_error.any_str.max_length'),
        }),
        response: {
          200: envelope(tokenResponseSchema),
          400: errorEnvelope,
          404: errorEnvelope,
          422: errorEnvelope,
          503: errorEnvelope,
        },
      },
    },
    async (req) => ok(await verifyToken(app, req.body, req.id)),
  )
}
