import { eq } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { expect } from 'vitest'
import { sessions } from '../src/db/schema'
import { unchanged } from './db-state'
import { type Harness, USER } from './harness'

/**
 * Every way a bearer token is refused with 401: none, tampered, revoked (logged out), expired
 * (the token's own exp), and a live token whose session has expired upstream.
 */
export async function badTokens(h: Harness): Promise<[string, string | undefined][]> {
  const tampered = await h.login(USER)
  const revoked = await h.login(USER)
  await h.call('POST', '/users/logout', { token: revoked })

  const { sub, sid } = decodeJwt(await h.login(USER)) as { sub: string; sid: string }
  const expired = await h.app.tokens.sign({
    userId: sub,
    sessionId: sid,
    expiresAt: new Date(Date.now() - 1000),
  })

  const lapsed = await h.login(USER)
  const lapsedSid = decodeJwt(lapsed).sid as string
  await h.database.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.id, lapsedSid))

  const flip = tampered.at(-2) === 'A' ? 'B' : 'A'
  return [
    ['no token', undefined],
    ['a tampered token', `${tampered.slice(0, -2)}${flip}${tampered.at(-1)}`],
    ['a revoked token', revoked],
    ['an expired token', expired],
    ['a token whose session expired', lapsed],
  ]
}

/** Makes the call with each refused token: every one answers 401 and leaves the database as it was. */
export async function expectEachRefused(
  h: Harness,
  tokens: [string, string | undefined][],
  call: (token: string | undefined) => ReturnType<Harness['call']>,
) {
  for (const [label, token] of tokens) {
    const res = await unchanged(h.database.db, () => call(token))
    expect(res.status, label).toBe(401)
    expect(res.body.detail[0].type, label).toBe('users.user_not_authenticated')
  }
}
