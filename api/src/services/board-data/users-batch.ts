import type { Db } from '../../db/client'
import { type UserRow, usersByIds } from '../../repositories/tasks-repository'

/*
 * The people a board call's widgets name (a table's assignee and author cells, a schedule's
 * columns), read for the whole call rather than once per widget: the asks made while one statement
 * is on its way (and in the same turn of the event loop) go out together as the next one. A widget
 * waits at most for the statement already running, never for another widget's tasks. A user is
 * read once per call.
 */

/** Users by id, as the board data reads them. */
export type UsersByIds = (ids: readonly string[]) => Promise<readonly UserRow[]>

export function batchedUsers(db: Db): UsersByIds {
  const known = new Map<string, Promise<UserRow | undefined>>()
  let queued: Map<string, { resolve(u: UserRow | undefined): void; reject(e: unknown): void }> | null = null
  let previous: Promise<void> = Promise.resolve()

  const send = async () => {
    const batch = queued!
    queued = null
    try {
      const rows = new Map((await usersByIds(db, [...batch.keys()])).map((u) => [u.id, u]))
      for (const [id, slot] of batch) slot.resolve(rows.get(id))
    } catch (err) {
      for (const [id, slot] of batch) {
        known.delete(id)
        slot.reject(err)
      }
    }
  }

  const ask = (id: string): Promise<UserRow | undefined> => {
    let user = known.get(id)
    if (user) return user
    if (!queued) {
      queued = new Map()
      // After the statement on its way (if any) and after this turn's other asks.
      previous = previous.then(() => new Promise<void>((r) => setImmediate(r))).then(send)
    }
    const batch = queued
    user = new Promise<UserRow | undefined>((resolve, reject) => batch.set(id, { resolve, reject }))
    known.set(id, user)
    return user
  }

  return async (ids) => {
    const users = await Promise.all([...new Set(ids)].map(ask))
    return users.filter((u): u is UserRow => u !== undefined)
  }
}
