import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { type Contacts, type Fio, nodeUsers, rights, teamMembers, users } from '../db/schema'
import { API_PREFIX } from '../http/prefix'

export type UserRow = typeof users.$inferSelect

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  return row
}

export async function findUserById(db: Db | Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

/** `full_name` is "surname name middlename", trimmed (PRODUCT.md §3). */
export function fullName(u: Pick<UserRow, 'fio' | 'email'>): string {
  const parts = [u.fio.surname, u.fio.name, u.fio.middlename].map((p) => p?.trim()).filter(Boolean)
  return parts.length ? parts.join(' ') : u.email
}

/**
 * The URL of a user's picture (spec §3 `logo`), or null: it names the picture's own id, so a new
 * picture is a new URL and the browser may keep each one for good.
 */
export function logoUrl(u: { id: string; logoId?: string | null }): string | null {
  return u.logoId ? `${API_PREFIX}/users/${u.id}/logo/${u.logoId}` : null
}

/** The public shape of a user: never the password hash. */
export function publicUser(u: UserRow) {
  return {
    id: u.id,
    user_name: u.email,
    full_name: fullName(u),
    is_superuser: u.isSuperuser,
    fio: { name: u.fio.name ?? '', surname: u.fio.surname ?? '', middlename: u.fio.middlename ?? '' },
    contacts: { email: u.contacts.email ?? u.email, phone: u.contacts.phone ?? '' },
    logo: logoUrl(u),
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
  }
}
export type PublicUser = ReturnType<typeof publicUser>

/**
 * Inserts a user unless the email is taken (any case): undefined then. Relying on the unique index
 * rather than a prior look-up keeps two concurrent creations of one email from both succeeding.
 */
export async function insertUser(
  db: Db | Tx,
  values: { email: string; passwordHash: string | null; fio?: Fio; contacts?: Contacts },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .onConflictDoNothing()
    .returning()
  return row
}

export async function updateUser(
  db: Db | Tx,
  id: string,
  set: { fio?: Fio; contacts?: Contacts; passwordHash?: string },
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
  return row!
}

/** Takes the user's row lock for the rest of the transaction; false when there is no such user. */
export async function lockUser(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update')
  return rows.length > 0
}

export async function isBound(db: Db | Tx, nodeId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: nodeUsers.userId })
    .from(nodeUsers)
    .where(and(eq(nodeUsers.nodeId, nodeId), eq(nodeUsers.userId, userId)))
    .limit(1)
  return row !== undefined
}

export async function boundNodeIds(db: Db | Tx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ nodeId: nodeUsers.nodeId })
    .from(nodeUsers)
    .where(eq(nodeUsers.userId, userId))
  return rows.map((r) => r.nodeId)
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The users bound to a node, one page, optionally filtered by a case-insensitive substring. */
export async function listNodeUsers(
  db: Db,
  nodeId: string,
  opts: { search?: string; page: number; per_page: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = opts.search ? `%${escapeLike(opts.search)}%` : null
  const where = and(
    eq(nodeUsers.nodeId, nodeId),
    pattern
      ? sql`(${users.email} ilike ${pattern} or ${users.fio}->>'name' ilike ${pattern}
            or ${users.fio}->>'surname' ilike ${pattern} or ${users.fio}->>'middlename' ilike ${pattern})`
      : undefined,
  )
  const field = (k: string) => sql`nullif(lower(trim(${users.fio}->>${k})), '') asc nulls last`
  const [rows, totals] = await Promise.all([
    db
      .select({ user: users })
      .from(nodeUsers)
      .innerJoin(users, eq(users.id, nodeUsers.userId))
      .where(where)
      // People without a surname sort after those with one; email then id make the order total,
      // so pages never overlap or skip.
      .orderBy(field('surname'), field('name'), sql`lower(${users.email})`, asc(users.id))
      .limit(opts.per_page)
      .offset((opts.page - 1) * opts.per_page),
    db
      .select({ total: count() })
      .from(nodeUsers)
      .innerJoin(users, eq(users.id, nodeUsers.userId))
      .where(where),
  ])
  return { rows: rows.map((r) => r.user), total: Number(totals[0]?.total ?? 0) }
}

/**
 * The first `limit` users bound to a node in the order of the users list (surname, name, e-mail):
 * only what a choice needs, one statement (a table filter's options).
 */
export async function nodeUserChoices(
  db: Db | Tx,
  nodeId: string,
  limit: number,
): Promise<Pick<UserRow, 'id' | 'email' | 'fio'>[]> {
  const field = (k: string) => sql`nullif(lower(trim(${users.fio}->>${k})), '') asc nulls last`
  return db
    .select({ id: users.id, email: users.email, fio: users.fio })
    .from(nodeUsers)
    .innerJoin(users, eq(users.id, nodeUsers.userId))
    .where(eq(nodeUsers.nodeId, nodeId))
    .orderBy(field('surname'), field('name'), sql`lower(${users.email})`, asc(users.id))
    .limit(limit)
}

/**
 * Unbinds a user from one node with everything they held there: their own rights and their team
 * memberships (the teams' rights stay with the teams).
 */
export async function unbindUser(tx: Tx, nodeId: string, userId: string) {
  await tx.delete(teamMembers).where(and(eq(teamMembers.nodeId, nodeId), eq(teamMembers.userId, userId)))
  await tx
    .delete(rights)
    .where(and(eq(rights.nodeId, nodeId), eq(rights.subjectType, 'user'), eq(rights.subjectId, userId)))
  await tx.delete(nodeUsers).where(and(eq(nodeUsers.nodeId, nodeId), eq(nodeUsers.userId, userId)))
}

/** Deletes the user row (sessions cascade) when no node holds them any more. */
export async function deleteUserIfUnbound(tx: Tx, userId: string) {
  await tx
    .delete(users)
    .where(
      and(
        eq(users.id, userId),
        sql`not exists (select 1 from ${nodeUsers} where ${nodeUsers.userId} = ${userId})`,
      ),
    )
}
