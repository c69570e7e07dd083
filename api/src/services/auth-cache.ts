import type { Db } from '../db/client'
import type { AuthUser } from '../http/auth-hook'
import type { NodeAccess } from './access'

/** A live session as the authentication hook reads it. */
export interface KnownSession {
  user: AuthUser
  impersonatorId: string | null
  expiresAt: Date
}

/*
 * Every call checks its session, and every tenant call the caller's binding, rights and teams in
 * the node: two statements before any work. Both answers are kept here, per upstream process, and
 * dropped the moment the database announces a change to them (migration 0007: triggers NOTIFY
 * nodus_changes on commit with 's:<session>', 'u:<user>' or 'n:<node>'), on every instance alike.
 * The rules that keep it exact:
 * - an answer read while any change was announced is not kept (`generation`): the read may have
 *   seen the state before a change whose notice already came;
 * - while the notices cannot be heard (the listening connection is down) nothing is kept or used;
 * - what is kept is dropped after TTL_MS anyway, and a session past its expiry is never used.
 */

const TTL_MS = 10_000
const MAX_ENTRIES = 10_000

interface Entry<T> {
  value: T
  userId: string
  nodeId?: string
  at: number
}

class Kept<T> {
  private readonly map = new Map<string, Entry<T>>()

  get(key: string): Entry<T> | undefined {
    const e = this.map.get(key)
    if (e && Date.now() - e.at < TTL_MS) return e
    if (e) this.map.delete(key)
    return undefined
  }

  set(key: string, entry: Entry<T>) {
    this.map.delete(key)
    this.map.set(key, entry)
    if (this.map.size > MAX_ENTRIES) this.map.delete(this.map.keys().next().value!)
  }

  drop(key: string) {
    this.map.delete(key)
  }

  dropWhere(test: (e: Entry<T>) => boolean) {
    for (const [k, e] of this.map) if (test(e)) this.map.delete(k)
  }

  clear() {
    this.map.clear()
  }
}

export class AuthCache {
  private readonly sessions = new Kept<KnownSession>()
  private readonly access = new Kept<NodeAccess>()
  /** Grows with every notice: a read that started before it may be stale. */
  private generation = 0
  /** Whether the notices are heard now. */
  private listening = false

  /** The mark to take before reading what may be kept afterwards. */
  mark(): number {
    return this.listening ? this.generation : -1
  }

  session(sessionId: string, userId: string): KnownSession | undefined {
    if (!this.listening) return undefined
    const e = this.sessions.get(sessionId)
    if (!e || e.userId !== userId) return undefined
    if (e.value.expiresAt.getTime() <= Date.now()) {
      this.sessions.drop(sessionId)
      return undefined
    }
    return e.value
  }

  keepSession(mark: number, sessionId: string, userId: string, value: KnownSession) {
    if (mark === this.generation && this.listening)
      this.sessions.set(sessionId, { value, userId, at: Date.now() })
  }

  nodeAccess(userId: string, nodeId: string): NodeAccess | undefined {
    if (!this.listening) return undefined
    return this.access.get(`${userId}:${nodeId}`)?.value
  }

  keepNodeAccess(mark: number, userId: string, nodeId: string, value: NodeAccess) {
    if (mark === this.generation && this.listening)
      this.access.set(`${userId}:${nodeId}`, { value, userId, nodeId, at: Date.now() })
  }

  /** A notice from the database: 's:<session id>', 'u:<user id>' or 'n:<node id>'. */
  changed(notice: string) {
    this.generation++
    const id = notice.slice(2)
    if (notice.startsWith('s:')) this.sessions.drop(id)
    else if (notice.startsWith('u:')) {
      this.sessions.dropWhere((e) => e.userId === id)
      this.access.dropWhere((e) => e.userId === id)
    } else if (notice.startsWith('n:')) this.access.dropWhere((e) => e.nodeId === id)
    else this.clear()
  }

  /** Notices are heard (again), or not: either way nothing read before counts. */
  setListening(on: boolean) {
    this.listening = on
    this.clear()
  }

  private clear() {
    this.generation++
    this.sessions.clear()
    this.access.clear()
  }
}

const registry = new WeakMap<Db, AuthCache>()

/** The cache that serves this database handle, when its process listens for changes (the API does). */
export const authCacheOf = (db: Db) => registry.get(db)

export function registerAuthCache(db: Db, cache: AuthCache) {
  registry.set(db, cache)
}
