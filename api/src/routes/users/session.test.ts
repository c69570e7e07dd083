import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { createUser, nodeId } from '../../../test/factories'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'
import { proxyKey } from '../../app'
import { EMAIL_LIMIT, IP_LIMIT } from '../../services/login-throttle'

let h: Harness
beforeAll(async () => {
  h = await startApi()
})
afterAll(() => h.close())

describe('POST /users/token, GET /users/me, POST /users/logout', () => {
  it('signs in and returns a bearer token and the user', async () => {
    const res = await h.call('POST', '/users/token', {
      body: { email: 'ADMIN@example.com ', password: ADMIN.password },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.token_type).toBe('bearer')
    expect(res.body.data.user).toMatchObject({ user_name: ADMIN.email, full_name: 'Nodus Admin' })
    expect(res.body.data.user).not.toHaveProperty('password_hash')
    const me = await h.call('GET', '/users/me', { token: res.body.data.access_token })
    expect(me.status).toBe(200)
    expect(me.body.data.user_name).toBe(ADMIN.email)
  })

  it('refuses a wrong password with users.incorrect_username_or_password', async () => {
    const res = await h.call('POST', '/users/token', {
      body: { email: USER.email, password: 'wrong-password' },
    })
    expect(res.status).toBe(400)
    expect(res.body.detail[0].type).toBe('users.incorrect_username_or_password')
  })

  it('refuses a malformed email with value_error.email and a missing password with value_error.missing', async () => {
    const res = await h.call('POST', '/users/token', { body: { email: 'not-an-email' } })
    expect(res.status).toBe(422)
    const types = locs(res.body)
    expect(types).toEqual(
      expect.arrayContaining(['body.email:value_error.email', 'body.password:value_error.missing']),
    )
  })

  it('answers 401 without a token, with a tampered one, and after logout', async () => {
    expect((await h.call('GET', '/users/me')).status).toBe(401)
    const token = await h.login(USER)
    const tampered = `${token.slice(0, -3)}${token.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`
    const bad = await h.call('GET', '/users/me', { token: tampered })
    expect(bad.status).toBe(401)
    expect(bad.body.detail[0].type).toBe('users.user_not_authenticated')
    expect((await h.call('GET', '/users/me', { token })).status).toBe(200)
    expect((await h.call('POST', '/users/logout', { token })).status).toBe(200)
    expect((await h.call('GET', '/users/me', { token })).status).toBe(401)
  })
})

describe('the sign-in rate limit', () => {
  // Each test signs in from its own address, given through the web app's trusted forwarding, so
  // one test's lock does not leak into the next.
  const from = (ip: string, key = proxyKey(h.config.secret)) => ({
    'x-forwarded-for': ip,
    'x-nodus-proxy': key,
  })
  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    h.call('POST', '/users/token', { body: { email, password }, headers })

  it(`refuses even the right password after ${EMAIL_LIMIT} failures for one email`, async () => {
    const who = await createUser(h, await h.login(ADMIN), await nodeId(h, 'start'))
    for (let i = 0; i < EMAIL_LIMIT; i++)
      expect((await signIn(who.email, 'wrong-password', from('10.1.0.1'))).status).toBe(400)
    // From another address too: the lock is on the email.
    const res = await unchanged(h.database.db, () => signIn(who.email, who.password, from('10.1.0.2')))
    expect(res.status).toBe(429)
    expect(res.body.detail[0]).toMatchObject({
      type: 'users.too_many_attempts',
      ctx: { retry_after: expect.any(Number) },
    })
    expect(res.body.detail[0].ctx.retry_after).toBeGreaterThan(0)
    // Other people still sign in from that address.
    expect((await signIn(USER.email, USER.password, from('10.1.0.1'))).status).toBe(200)
  })

  it(`locks an address after ${IP_LIMIT} failures across many emails`, async () => {
    for (let i = 0; i < IP_LIMIT; i++)
      expect((await signIn(`nobody-${i}@example.com`, 'wrong-password', from('10.2.0.1'))).status).toBe(400)
    const res = await unchanged(h.database.db, () => signIn(ADMIN.email, ADMIN.password, from('10.2.0.1')))
    expect(res.status).toBe(429)
    expect((await signIn(ADMIN.email, ADMIN.password, from('10.2.0.2'))).status).toBe(200)
  })

  it('believes X-Forwarded-For only with the proxy key', async () => {
    // 10.2.0.1 is locked by the test above; without the key (or with a wrong one) the limit sees
    // the real address, which is not.
    const spoofed = { 'x-forwarded-for': '10.2.0.1' }
    expect((await signIn(ADMIN.email, ADMIN.password, spoofed)).status).toBe(200)
    expect((await signIn(ADMIN.email, ADMIN.password, from('10.2.0.1', 'not-the-key'))).status).toBe(200)
    expect((await signIn(ADMIN.email, ADMIN.password, from('10.2.0.1'))).status).toBe(429)
  })

  // Last in the file: it locks the test client's own address.
  it('does not let a locked caller escape by sending X-Forwarded-For itself', async () => {
    for (let i = 0; i < IP_LIMIT; i++) await signIn(`stranger-${i}@example.com`, 'wrong-password')
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(429)
    const res = await signIn(ADMIN.email, ADMIN.password, { 'x-forwarded-for': '10.9.9.9' })
    expect(res.status).toBe(429)
  })
})
