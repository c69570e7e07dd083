import { type AllowPrivate, guardedRequest } from '@domain/outbound/guard.server'
import { createLocalJWKSet, errors, type JWTVerifyGetKey } from 'jose'
import { keepRecent } from '../../lib/recent'

/*
 * The identity servers' key sets, fetched through the outbound guard (ADR 027) and bounded, since
 * anyone can make POST /users/verify_token look up a node's key set: at most one fetch per URL at a
 * time and one per COOLDOWN_MS whatever tokens arrive (a success and a failure alike are remembered
 * that long), an answer of at most MAX_BYTES within FETCH_MS, redirects not followed, and at most
 * BOUND URLs remembered. Keys are used for FRESH_MS, and fetched again sooner only for a key id the
 * set does not have (a rotation), no more often than the cooldown allows.
 */

const FETCH_MS = 5000
const MAX_BYTES = 256 * 1024
const FRESH_MS = 10 * 60_000
const COOLDOWN_MS = 30_000
const BOUND = 256

interface Entry {
  keys?: JWTVerifyGetKey
  failure?: Error
  at: number
  pending?: Promise<void>
}

const entries = new Map<string, Entry>()

async function fetchInto(url: string, entry: Entry, allowPrivate: AllowPrivate) {
  try {
    const res = await guardedRequest(url, {
      timeoutMs: FETCH_MS,
      maxBytes: MAX_BYTES,
      allowPrivate,
      headers: { accept: 'application/json', 'user-agent': 'Nodus-SSO/1.0' },
    })
    if (res.status !== 200) throw new Error(`JWKS answered HTTP ${res.status}`)
    if (!res.complete) throw new Error(`JWKS longer than ${MAX_BYTES} bytes`)
    entry.keys = createLocalJWKSet(JSON.parse(res.body.toString('utf8')))
    entry.failure = undefined
  } catch (err) {
    entry.failure = err as Error
  } finally {
    entry.at = Date.now()
    entry.pending = undefined
  }
}

/** Fetches unless one is under way (then waits for it) or the last was within the cooldown. */
async function refresh(url: string, entry: Entry, allowPrivate: AllowPrivate, force: boolean) {
  if (entry.pending) return entry.pending
  const age = Date.now() - entry.at
  if (age < COOLDOWN_MS || (!force && entry.keys && age < FRESH_MS)) return
  entry.pending = fetchInto(url, entry, allowPrivate)
  return entry.pending
}

/** jose's key resolver for a JWKS URL: cached keys, a bounded fetch when they are missing or old. */
export function keysOf(url: string, allowPrivate: AllowPrivate): JWTVerifyGetKey {
  return async (header, token) => {
    const entry = keepRecent(entries, url, entries.get(url) ?? { at: 0 }, BOUND)
    await refresh(url, entry, allowPrivate, false)
    if (!entry.keys) throw entry.failure ?? new Error('JWKS unavailable')
    try {
      return await entry.keys(header, token)
    } catch (err) {
      if (!(err instanceof errors.JWKSNoMatchingKey)) throw err
      await refresh(url, entry, allowPrivate, true)
      return entry.keys(header, token)
    }
  }
}
