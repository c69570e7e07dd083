import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { nodes, nodeUsers, rights, teamMembers, teams, users } from '../src/db/schema'
import { hashPassword } from '../src/lib/passwords'
import type { Harness } from './harness'

/** Written straight to the database, so that tests of nodes and rights do not lean on the users routes. */
export async function createUser(h: Harness, opts: { email?: string; superuser?: boolean } = {}) {
  const email = opts.email ?? `u-${randomBytes(4).toString('hex')}@example.com`
  const password = 'factory-password-1'
  const [row] = await h.database.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(password), isSuperuser: opts.superuser ?? false })
    .returning()
  return { id: row!.id, email, password }
}

/** Binds a user with exactly the given rights (none: bound, yet without is_authorized). */
export async function bindWithRights(h: Harness, nodeId: string, userId: string, codes: string[] = []) {
  await h.database.db.insert(nodeUsers).values({ nodeId, userId })
  for (const code of codes)
    await h.database.db
      .insert(rights)
      .values({ nodeId, subjectType: 'user', subjectId: userId, rightCode: code })
}

export type Grant = { code: string; attributes?: string[] }

/**
 * A new user bound to the node with is_authorized and the given rights (attributes: process keys,
 * board ids…), written straight to the database; with a token.
 */
export async function userWithGrants(h: Harness, nodeId: string, grants: Grant[]) {
  const u = await createUser(h)
  await h.database.db.insert(nodeUsers).values({ nodeId, userId: u.id })
  await h.database.db.insert(rights).values(
    [{ code: 'is_authorized' }, ...grants].map((g: Grant) => ({
      nodeId,
      subjectType: 'user' as const,
      subjectId: u.id,
      rightCode: g.code,
      attributes: g.attributes ?? null,
    })),
  )
  return { id: u.id, token: await h.login(u) }
}

export async function createTeam(h: Harness, nodeId: string, memberIds: string[] = []) {
  const [team] = await h.database.db
    .insert(teams)
    .values({ nodeId, name: `team-${randomBytes(3).toString('hex')}` })
    .returning()
  for (const userId of memberIds)
    await h.database.db.insert(teamMembers).values({ nodeId, teamId: team!.id, userId })
  return team!
}

export async function nodeIdOf(h: Harness, domain: string): Promise<string> {
  const [row] = await h.database.db.select({ id: nodes.id }).from(nodes).where(eq(nodes.domain, domain))
  return row!.id
}

export async function userIdOf(h: Harness, email: string): Promise<string> {
  const [row] = await h.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return row!.id
}

/** A token with its signature altered: must be refused like no token at all. */
export const tamper = (token: string) => `${token.slice(0, -3)}${token.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
