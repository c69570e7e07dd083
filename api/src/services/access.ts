import { hasRight, mergeRights, type Right, type RightsMap } from '@domain/rights/rights'
import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { nodes, nodeUsers, rights as rightsTable, teamMembers } from '../db/schema'
import type { Auth } from '../http/auth-hook'
import { forbidden, notFound } from '../http/errors'
import { rightsOf } from '../repositories/rights-repository'
import { boundNodeIds, findUserById, type UserRow } from '../repositories/users-repository'
import { authCacheOf } from './auth-cache'

const theirs = alias(nodeUsers, 'theirs')

export interface NodeAccess {
  node: typeof nodes.$inferSelect
  rights: RightsMap
  /** The caller's teams in the node (moves restricted to teams). */
  teamIds: string[]
}

/*
 * Every tenant call starts here, so the node, the binding, the caller's rights (their own and
 * their teams') and their teams come back in one prepared statement: one round trip, planned once
 * per connection. Prepared per database handle (the tests open several).
 */
const user = sql.placeholder('userId')
const node = sql.placeholder('nodeId')
const prepare = (db: Db) =>
  db
    .select({
      node: nodes,
      rights: sql<Right[]>`coalesce((
        select json_agg(json_build_object('right_code', r.right_code, 'attributes', r.attributes))
          from ${rightsTable} r
         where r.node_id = ${nodes.id}
           and ((r.subject_type = 'user' and r.subject_id = ${user})
             or (r.subject_type = 'team' and r.subject_id in (
                   select m.team_id from ${teamMembers} m where m.node_id = ${nodes.id} and m.user_id = ${user})))
      ), '[]'::json)`,
      teamIds: sql<string[]>`coalesce((
        select json_agg(m.team_id) from ${teamMembers} m where m.node_id = ${nodes.id} and m.user_id = ${user}
      ), '[]'::json)`,
    })
    .from(nodes)
    .innerJoin(nodeUsers, and(eq(nodeUsers.nodeId, nodes.id), eq(nodeUsers.userId, user)))
    .where(eq(nodes.id, node))
    .limit(1)
    .prepare('node_access')
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>()

/**
 * The node, the binding, rights and teams, or undefined when the node is unknown or not the
 * caller's. Kept in the process's auth cache until the database announces a change to any of them.
 */
async function readAccess(db: Db, auth: Auth, nodeId: string): Promise<NodeAccess | undefined> {
  const cache = authCacheOf(db)
  const kept = cache?.nodeAccess(auth.user.id, nodeId)
  if (kept) return kept
  const mark = cache?.mark() ?? -1
  let statement = prepared.get(db)
  if (!statement) {
    statement = prepare(db)
    prepared.set(db, statement)
  }
  const [row] = await statement.execute({ userId: auth.user.id, nodeId })
  if (!row) return undefined
  const access = { node: row.node, rights: mergeRights(row.rights), teamIds: row.teamIds }
  cache?.keepNodeAccess(mark, auth.user.id, nodeId, access)
  return access
}

/**
 * The node exists and the caller is bound to it, whatever their rights, else 404 (another tenant's
 * id is never confirmed). Alone only where a bound user without is_authorized must still get an
 * answer: their own rights, from which the web app learns to show node-not-binded.
 */
export async function requireNodeBinding(db: Db, auth: Auth, nodeId: string): Promise<NodeAccess['node']> {
  const [row] = await db
    .select({ node: nodes })
    .from(nodes)
    .innerJoin(nodeUsers, and(eq(nodeUsers.nodeId, nodes.id), eq(nodeUsers.userId, auth.user.id)))
    .where(eq(nodes.id, nodeId))
    .limit(1)
  if (!row) throw notFound('nodes.node_not_found')
  return row.node
}

/** Calls about a user across nodes (their node list): the user themself, or a superuser; else 403. */
export function requireSelfOrSuperuser(auth: Auth, userId: string): void {
  if (auth.user.id !== userId && !auth.user.isSuperuser) throw forbidden()
}

/**
 * The first line of every tenant service call: the node must exist and the caller be bound to it,
 * else 404 (another tenant's id is never confirmed); then the right, else 403.
 */
export async function requireNodeRight(
  db: Db,
  auth: Auth,
  nodeId: string,
  code: string = 'is_authorized',
  attribute?: string,
): Promise<NodeAccess> {
  const access = await readAccess(db, auth, nodeId)
  if (!access) throw notFound('nodes.node_not_found')
  const { rights } = access
  if (!hasRight(rights, 'is_authorized') || !hasRight(rights, code, attribute)) throw forbidden()
  return access
}

async function administers(db: Db, auth: Auth, nodeId: string): Promise<boolean> {
  const rights = await rightsOf(db, nodeId, auth.user.id)
  return hasRight(rights, 'is_authorized') && hasRight(rights, 'is_admin')
}

/**
 * The first line of a call that administers another user without naming a node: the target must
 * share a node with the caller (else 404 — other tenants' users are never confirmed), and the
 * caller must be an administrator in one of those nodes (else 403). `nodeId` narrows the check to
 * that node. Returns the target.
 */
export async function requireUserAdmin(
  db: Db,
  auth: Auth,
  targetId: string,
  nodeId?: string,
): Promise<UserRow> {
  if (nodeId) await requireNodeRight(db, auth, nodeId, 'is_admin')
  const target = await findUserById(db, targetId)
  const shared = target
    ? await db
        .select({ nodeId: nodeUsers.nodeId })
        .from(nodeUsers)
        .innerJoin(theirs, and(eq(theirs.nodeId, nodeUsers.nodeId), eq(theirs.userId, targetId)))
        .where(and(eq(nodeUsers.userId, auth.user.id), nodeId ? eq(nodeUsers.nodeId, nodeId) : undefined))
    : []
  if (!target || shared.length === 0) throw notFound('users.user_not_found')
  for (const { nodeId: id } of shared) if (await administers(db, auth, id)) return target
  throw forbidden()
}

/** Users may always act on themselves; anyone else needs requireUserAdmin. */
export async function requireSelfOrUserAdmin(
  db: Db,
  auth: Auth,
  targetId: string,
  nodeId?: string,
): Promise<{ target: UserRow; self: boolean }> {
  if (targetId === auth.user.id) return { target: auth.user, self: true }
  return { target: await requireUserAdmin(db, auth, targetId, nodeId), self: false }
}

/**
 * For powers that reach past one node — setting someone's password, signing in as them: users
 * are global, so an administrator of one node must administer every node the target belongs to,
 * or one tenant's administrator could take over another tenant's account. A superuser is
 * controlled only by a superuser.
 */
export async function requireFullControl(db: Db, auth: Auth, target: UserRow): Promise<void> {
  if (target.id === auth.user.id) return
  if (target.isSuperuser && !auth.user.isSuperuser) throw forbidden()
  for (const id of await boundNodeIds(db, target.id))
    if (!(await administers(db, auth, id))) throw forbidden()
}
