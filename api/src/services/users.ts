import type { CreateUserInput, EditUserInput } from '@domain/users/user-schema'
import type { FastifyInstance } from 'fastify'
import type { Contacts, Fio } from '../db/schema'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { AppError, badInput, forbidden, notFound } from '../http/errors'
import { hashPassword, verifyPassword } from '../lib/passwords'
import { writeAudit } from '../repositories/audit-repository'
import {
  deleteUserIfUnbound,
  findUserById,
  insertUser,
  isBound,
  listNodeUsers,
  lockUser,
  publicUser,
  unbindUser,
  updateUser,
} from '../repositories/users-repository'
import { bindUser } from '../seed'
import { requireFullControl, requireNodeRight, requireSelfOrUserAdmin } from './access'
import { assertNotLocked, clearFailures, recordFailure } from './login-throttle'
import { openSession, revokeUserSessions } from './sessions'

/** An administrator of `node_id` creates a user and binds them there (is_authorized). */
export async function createUser(
  app: FastifyInstance,
  c: Caller,
  input: CreateUserInput & { node_id: string },
) {
  await requireNodeRight(app.db, c.auth, input.node_id, 'is_admin')
  // Hashing outside the transaction: it is the slow part and needs no lock.
  const passwordHash = await hashPassword(input.password)
  const contacts: Contacts = { ...input.contacts, email: input.contacts?.email || input.email }
  const user = await app.db.transaction(async (tx) => {
    // An email known anywhere is refused, even when that user is not in this node: binding an
    // existing user is POST /nodes/bind-user, and a create must not reveal more than "taken".
    const row = await insertUser(tx, { email: input.email, passwordHash, fio: input.fio ?? {}, contacts })
    if (!row) throw new AppError(409, 'users.user_already_registered', ['body', 'email'])
    await bindUser(tx, input.node_id, row.id)
    await writeAudit(tx, {
      nodeId: input.node_id,
      actorId: c.auth.user.id,
      action: 'users.user_created',
      targetId: row.id,
      requestId: c.requestId,
    })
    return row
  })
  return publicUser(user)
}

/** The users of a node, for anyone authorized in it. */
export async function listUsers(
  app: FastifyInstance,
  c: Caller,
  nodeId: string,
  query: Pagination & { search?: string },
) {
  await requireNodeRight(app.db, c.auth, nodeId)
  const { rows, total } = await listNodeUsers(app.db, nodeId, query)
  return { users: rows.map(publicUser), total }
}

/** One user of a node, for anyone authorized in it; a user not bound to it is not found (404). */
export async function getNodeUser(app: FastifyInstance, c: Caller, nodeId: string, userId: string) {
  await requireNodeRight(app.db, c.auth, nodeId)
  const user = await findUserById(app.db, userId)
  if (!user || !(await isBound(app.db, nodeId, userId))) throw notFound('users.user_not_found')
  return publicUser(user)
}

/**
 * Users edit their own fio, contacts and (knowing the current one) password; an administrator of
 * a node the user is in edits theirs, and sets a new password only with full control of the user.
 */
export async function editUser(
  app: FastifyInstance,
  c: Caller,
  userId: string,
  input: EditUserInput,
  nodeId?: string,
) {
  const { target, self } = await requireSelfOrUserAdmin(app.db, c.auth, userId, nodeId)
  let passwordHash: string | undefined
  if (input.password !== undefined) {
    if (self) await checkCurrentPassword(app, c, target.email, target.passwordHash, input.current_password)
    else await requireFullControl(app.db, c.auth, target)
    passwordHash = await hashPassword(input.password)
  }
  const fio: Fio | undefined = input.fio && { ...target.fio, ...input.fio }
  const contacts: Contacts | undefined = input.contacts && { ...target.contacts, ...input.contacts }
  const user = await app.db.transaction(async (tx) => {
    const row = await updateUser(tx, target.id, { fio, contacts, passwordHash })
    // A new password ends every other session: whoever knew the old one is signed out.
    if (passwordHash) await revokeUserSessions(tx, target.id, self ? c.auth.sessionId : undefined)
    return row
  })
  return publicUser(user)
}

/**
 * The current password guards a self-service change, and is throttled like sign-in: a stolen
 * session must not become a way to guess the password. A user created by SSO has none, so an
 * administrator sets their first one.
 */
async function checkCurrentPassword(
  app: FastifyInstance,
  c: Caller,
  email: string,
  stored: string | null,
  current: string | undefined,
) {
  if (current === undefined) throw badInput('value_error.missing', ['body', 'current_password'])
  await assertNotLocked(app.db, email, c.ip)
  if (!(await verifyPassword(stored, current))) {
    await recordFailure(app.db, email, c.ip)
    throw new AppError(400, 'users.incorrect_password', ['body', 'current_password'])
  }
  await clearFailures(app.db, email)
}

/**
 * An administrator removes a user from their node: bindings, rights and team memberships there.
 * A user left in no node is deleted (their sessions go with them). Self-removal is refused, so a
 * node always keeps the administrator who did it.
 */
export async function deleteUser(app: FastifyInstance, c: Caller, userId: string, nodeId: string) {
  await requireNodeRight(app.db, c.auth, nodeId, 'is_admin')
  if (userId === c.auth.user.id) throw badInput('users.cannot_delete_self', ['params', 'userId'])
  await app.db.transaction(async (tx) => {
    // Locking the user serialises removals from two nodes at once, so the last one sees no node
    // left and deletes the row.
    if (!(await lockUser(tx, userId)) || !(await isBound(tx, nodeId, userId)))
      throw notFound('users.user_not_found')
    await unbindUser(tx, nodeId, userId)
    await deleteUserIfUnbound(tx, userId)
    await writeAudit(tx, {
      nodeId,
      actorId: c.auth.user.id,
      action: 'users.user_deleted',
      targetId: userId,
      requestId: c.requestId,
    })
  })
  return { id: userId }
}

/**
 * Support: an administrator of `nodeId` signs in as a user of that node. The session remembers the
 * administrator, and the audit row is written in the same transaction as the session.
 */
export async function signInAs(app: FastifyInstance, c: Caller, userId: string, nodeId: string) {
  await requireNodeRight(app.db, c.auth, nodeId, 'is_admin')
  // A support session does not open another one: the audit trail names one real person.
  if (c.auth.impersonatorId) throw forbidden()
  const target = await findUserById(app.db, userId)
  if (!target || !(await isBound(app.db, nodeId, userId))) throw notFound('users.user_not_found')
  await requireFullControl(app.db, c.auth, target)
  const session = await app.db.transaction(async (tx) => {
    const s = await openSession(app, target.id, c.auth.user.id, tx)
    await writeAudit(tx, {
      nodeId,
      actorId: c.auth.user.id,
      action: 'users.sign_in_as',
      targetId: target.id,
      requestId: c.requestId,
      data: { session_id: s.sessionId },
    })
    return s
  })
  return tokenResponse(session, target)
}

/** The body of every sign-in answer (POST /users/token, sign-in-as, verify_token). */
export function tokenResponse(s: { token: string; expiresAt: Date }, user: Parameters<typeof publicUser>[0]) {
  return {
    access_token: s.token,
    token_type: 'bearer' as const,
    expires_at: s.expiresAt.toISOString(),
    user: publicUser(user),
  }
}
