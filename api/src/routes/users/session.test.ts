import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, type Harness, USER, startApi } from '../../../test/harness'

let h: Harness
beforeAll(async () => {
  h = await startApi()
})
afterAll(() => h.close())

describe('POST /users/token, GET /users/me, POST /users/logout', () => {
  it('signs in and returns a bearer token and the user', async () => {
    const res = await h.call('POST', '/users/token', { body: { email: 'ADMIN@example.com ', password: ADMIN.password } })
    expect(res.status).toBe(200)
    expect(res.body.data.token_type).toBe('bearer')
    expect(res.body.data.user).toMatchObject({ user_name: ADMIN.email, full_name: 'Nodus Admin' })
    expect(res.body.data.user).not.toHaveProperty('password_hash')
    const me = await h.call('GET', '/users/me', { token: res.body.data.access_token })
    expect(me.status).toBe(200)
    expect(me.body.data.user_name).toBe(ADMIN.email)
  })

  it('refuses a wrong password with users.incorrect_username_or_password', async () => {
    const res = await h.call('POST', '/users/token', { body: { email: USER.email, password: 'wrong-password' } })
    expect(res.status).toBe(400)
    expect(res.body.detail[0].type).toBe('users.incorrect_username_or_password')
  })

  it('refuses a malformed email with value_error.email and a missing password with value_error.missing', async () => {
    const res = await h.call('POST', '/users/token', { body: { email: 'not-an-email' } })
    expect(res.status).toBe(422)
    const types = res.body.detail.map((d: { type: string; loc: string[] }) => `${d.loc.join('.')}:${d.type}`)
    expect(types).toEqual(expect.arrayContaining(['body.email:value_error.email', 'body.password:value_error.missing']))
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
