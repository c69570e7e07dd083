import { eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { users } from '../db/schema'

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

/** The public shape of a user: never the password hash. */
export function publicUser(u: UserRow) {
  return {
    id: u.id,
    user_name: u.email,
    full_name: fullName(u),
    is_superuser: u.isSuperuser,
    fio: { name: u.fio.name ?? '', surname: u.fio.surname ?? '', middlename: u.fio.middlename ?? '' },
    contacts: { email: u.contacts.email ?? u.email, phone: u.contacts.phone ?? '' },
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
  }
}
export type PublicUser = ReturnType<typeof publicUser>
