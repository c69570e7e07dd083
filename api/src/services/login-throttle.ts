import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { loginAttempts } from '../db/schema'
import { AppError } from '../http/errors'

/** Failures within WINDOW before a key locks for LOCK. Per email and per address (PRODUCT.md §3). */
export const EMAIL_LIMIT = 5
export const IP_LIMIT = 20
const WINDOW_MS = 15 * 60_000
const LOCK_MS = 15 * 60_000

const keys = (email: string, ip: string) => ({ email: `email:${email.toLowerCase()}`, ip: `ip:${ip}` })

/** Refuses (429) while the email or the address is locked: even the right password is refused then. */
export async function assertNotLocked(db: Db, email: string, ip: string) {
  const k = keys(email, ip)
  const rows = await db
    .select({ key: loginAttempts.key, lockedUntil: loginAttempts.lockedUntil })
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, [k.email, k.ip]))
  const now = Date.now()
  const locked = rows.find((r) => r.lockedUntil && r.lockedUntil.getTime() > now)
  if (locked) {
    const retry = Math.ceil((locked.lockedUntil!.getTime() - now) / 1000)
    throw new AppError(429, 'users.too_many_attempts', undefined, { retry_after: retry })
  }
}

export async function recordFailure(db: Db, email: string, ip: string) {
  const k = keys(email, ip)
  for (const [key, limit] of [
    [k.email, EMAIL_LIMIT],
    [k.ip, IP_LIMIT],
  ] as const) {
    // One statement per key: a new window when the old one has passed, a lock when the limit is hit.
    await db.execute(sql`
      insert into ${loginAttempts} (key, failures, window_start) values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when ${loginAttempts.windowStart} < now() - make_interval(secs => ${WINDOW_MS / 1000})
                        then 1 else ${loginAttempts.failures} + 1 end,
        window_start = case when ${loginAttempts.windowStart} < now() - make_interval(secs => ${WINDOW_MS / 1000})
                        then now() else ${loginAttempts.windowStart} end,
        locked_until = case when (case when ${loginAttempts.windowStart} < now() - make_interval(secs => ${WINDOW_MS / 1000})
                        then 1 else ${loginAttempts.failures} + 1 end) >= ${limit}
                        then now() + make_interval(secs => ${LOCK_MS / 1000}) else ${loginAttempts.lockedUntil} end`)
  }
}

/** A successful sign-in clears the email's count (the address keeps its own). */
export async function clearFailures(db: Db, email: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keys(email, '').email))
}
