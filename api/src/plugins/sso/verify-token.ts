import { emailSchema } from '@domain/auth/login-schema'
import { privateAllowance } from '@domain/outbound/policy'
import { and, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { errors, type JWTPayload, jwtVerify } from 'jose'
import type { Tx } from '../../db/client'
import { nodes, nodeUsers } from '../../db/schema'
import { AppError, notFound } from '../../http/errors'
import { writeAudit } from '../../repositories/audit-repository'
import { findUserByEmail, insertUser, isBound, type UserRow } from '../../repositories/users-repository'
import { bindUser } from '../../seed'
import { openSession } from '../../services/sessions'
import { tokenResponse } from '../../services/users'
import { ssoConfigOf, ssoConfigsOf, type TokenCheck, tokenCheckOf } from './config'
import { keysOf } from './jwks'

type SsoSettings = TokenCheck

const credentialsError = () => new AppError(400, 'users.credentials_validate_error', ['body', 'token'])
const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']

/**
 * Standard OIDC/JWT verification against the node's SSO configuration. A token that fails a check is
 * the caller's problem (400); an identity server we cannot reach or read, or may not call (a
 * private address, ADR 027), is ours (503). The keys come through jwks.ts: cached and bounded.
 */
async function verifyExternal(app: FastifyInstance, sso: SsoSettings, token: string): Promise<JWTPayload> {
  try {
    const keys = keysOf(sso.jwks_url, privateAllowance(app.config, 'sso'))
    const { payload } = await jwtVerify(token, keys, {
      issuer: sso.issuer,
      audience: sso.audience,
      algorithms: ASYMMETRIC,
      requiredClaims: ['exp'],
      clockTolerance: 30,
    })
    return payload
  } catch (err) {
    const unreachable =
      !(err instanceof errors.JOSEError) ||
      err instanceof errors.JWKSTimeout ||
      err instanceof errors.JWKSInvalid ||
      err.code === 'ERR_JOSE_GENERIC'
    app.log.warn({ err, jwks: sso.jwks_url }, 'external token refused')
    if (unreachable) throw new AppError(503, 'request.upstream_unavailable')
    throw credentialsError()
  }
}

/**
 * Tokens are global, so a node's identity server may vouch only for users the node already
 * controls: never a superuser, and no one who is also in a node trusting another issuer or key
 * set — else one tenant's administrator could mint a token for another tenant's account.
 */
async function mayVouchFor(tx: Tx, user: UserRow, nodeId: string, sso: SsoSettings): Promise<boolean> {
  if (user.isSuperuser) return false
  const others = await tx
    .select({ nodeId: nodeUsers.nodeId })
    .from(nodeUsers)
    .where(and(eq(nodeUsers.userId, user.id), ne(nodeUsers.nodeId, nodeId)))
  const configs = await ssoConfigsOf(
    tx,
    others.map((o) => o.nodeId),
  )
  return others.every((o) => {
    const theirs = tokenCheckOf(configs.get(o.nodeId))
    return theirs?.issuer === sso.issuer && theirs.jwks_url === sso.jwks_url
  })
}

const claim = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : undefined)

/** POST /users/verify_token: exchanges an external token for one of ours (PRODUCT.md §3, §7 sso). */
export async function verifyToken(
  app: FastifyInstance,
  input: { token: string; domain: string },
  requestId: string,
) {
  const [node] = await app.db.select().from(nodes).where(eq(nodes.domain, input.domain)).limit(1)
  if (!node) throw notFound('nodes.node_not_found')
  // The node's SSO plugin configuration: disabled or without issuer, audience and JWKS, no token passes.
  const sso = tokenCheckOf(await ssoConfigOf(app.db, node.id))
  if (!sso) throw credentialsError()
  const payload = await verifyExternal(app, sso, input.token)
  const email = emailSchema.safeParse(payload.email)
  if (!email.success || payload.email_verified === false) throw credentialsError()

  return app.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email.data)
    const audit = (action: string, targetId: string) =>
      writeAudit(tx, {
        nodeId: node.id,
        actorId: targetId,
        action,
        targetId,
        requestId,
        data: { via: 'sso' },
      })
    if (!user) {
      if (!sso.create_users) throw credentialsError()
      const fio = {
        name: claim(payload.given_name),
        surname: claim(payload.family_name),
        middlename: claim(payload.middle_name),
      }
      // A concurrent exchange for the same new email may have created the user first.
      user =
        (await insertUser(tx, {
          email: email.data,
          passwordHash: null,
          fio,
          contacts: { email: email.data },
        })) ?? (await findUserByEmail(tx, email.data))!
      await audit('users.user_created', user.id)
    }
    if (!(await mayVouchFor(tx, user, node.id, sso))) throw credentialsError()
    // Only a node that creates users also binds them; otherwise an unbound user still gets a token
    // and the web app shows node-not-binded. A bound user is not re-granted is_authorized.
    if (sso.create_users && !(await isBound(tx, node.id, user.id))) {
      await bindUser(tx, node.id, user.id)
      await audit('nodes.user_bound', user.id)
    }
    return tokenResponse(await openSession(app, user.id, null, tx), user)
  })
}
