import { beforeAll, describe, expect, it } from 'vitest'
import {
  CSRF_COOKIE,
  csrfToken,
  isCrossOrigin,
  isValidCsrf,
  requireCsrf,
  requireCsrfInQuery,
} from './csrf.server'
import { resetEnv } from './env.server'

beforeAll(() => {
  process.env.UPSTREAM_API_URL = 'http://127.0.0.1:4999'
  process.env.SECRET = 'unit-test-secret-0123456789'
  resetEnv()
})

const URL_ = 'http://start.localhost:3000/lk/profile'
const req = (headers: Record<string, string> = {}) => new Request(URL_, { method: 'POST', headers })
const form = (token?: string) => {
  const f = new FormData()
  if (token !== undefined) f.set('csrf', token)
  return f
}
/** A browser session: its cookie (from the Set-Cookie) and the token its pages carry. */
function session() {
  const { token, setCookie } = csrfToken(new Request(URL_))
  const cookie = setCookie!.split(';')[0]!
  return { token, cookie }
}

describe('csrfToken', () => {
  it('starts a CSRF session when the browser has none: HttpOnly, Lax, host-only, until the browser closes', () => {
    const { token, setCookie } = csrfToken(new Request(URL_))
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(setCookie).toMatch(
      new RegExp(`^${CSRF_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Lax$`),
    )
  })

  it('keeps the session it has: same token, nothing to set', () => {
    const { token, cookie } = session()
    expect(csrfToken(req({ cookie }))).toEqual({ token, setCookie: null })
  })

  it('the token is a MAC of the secret, never the secret itself', () => {
    const { token, cookie } = session()
    expect(cookie).not.toContain(token)
  })

  it('marks the cookie Secure under HTTPS', () => {
    const { setCookie } = csrfToken(new Request('https://start.example.com/lk'))
    expect(setCookie).toContain('; Secure')
  })
})

describe('isValidCsrf and requireCsrf', () => {
  it('accepts the token of this browser session', async () => {
    const { token, cookie } = session()
    expect(isValidCsrf(req({ cookie }), form(token))).toBe(true)
    await expect(
      requireCsrf(req({ cookie, origin: 'http://start.localhost:3000' }), form(token)),
    ).resolves.toBe(undefined)
  })

  it('refuses a missing or foreign token, a missing or forged cookie', () => {
    const mine = session()
    const theirs = session()
    expect(isValidCsrf(req({ cookie: mine.cookie }), form())).toBe(false)
    expect(isValidCsrf(req({ cookie: mine.cookie }), form(''))).toBe(false)
    expect(isValidCsrf(req({ cookie: mine.cookie }), form(theirs.token))).toBe(false)
    expect(isValidCsrf(req(), form(mine.token))).toBe(false)
    expect(isValidCsrf(req({ cookie: `${CSRF_COOKIE}=not-a-secret` }), form(mine.token))).toBe(false)
    expect(isValidCsrf(req({ cookie: mine.cookie }), form(`${mine.token}x`))).toBe(false)
  })

  it('throws a 403 with the csrf code', async () => {
    const error = await requireCsrf(req(), form('x')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Response)
    expect((error as Response).status).toBe(403)
    expect(await (error as Response).json()).toMatchObject({ detail: [{ type: 'request.csrf' }] })
  })

  it('refuses a valid token posted by a page on another origin', async () => {
    const { token, cookie } = session()
    const error = await requireCsrf(req({ cookie, origin: 'http://evil.localhost:3000' }), form(token)).catch(
      (e: unknown) => e,
    )
    expect((error as Response).status).toBe(403)
  })
})

describe('origin checks', () => {
  it('no Origin (scripts, old browsers) and the same origin pass; another origin does not', () => {
    expect(isCrossOrigin(req())).toBe(false)
    expect(isCrossOrigin(req({ origin: 'http://start.localhost:3000' }))).toBe(false)
    // A TLS-terminating proxy in front: the page is https, the request URL http.
    expect(isCrossOrigin(req({ origin: 'https://start.localhost:3000' }))).toBe(false)
    expect(isCrossOrigin(req({ origin: 'http://acme.localhost:3000' }))).toBe(true)
    expect(isCrossOrigin(req({ origin: 'null' }))).toBe(true)
  })
})

describe('requireCsrfInQuery (an upload whose body is streamed on, unread)', () => {
  const upload = (query: string, headers: Record<string, string>) =>
    new Request(`http://start.localhost:3000/lk/t/ABC/ABC-1?intent=upload${query}`, {
      method: 'POST',
      headers,
    })

  it("accepts this browser's token in the action URL", () => {
    const { token, cookie } = session()
    expect(() => requireCsrfInQuery(upload(`&csrf=${encodeURIComponent(token)}`, { cookie }))).not.toThrow()
  })

  it('refuses no token, a wrong one, and another origin', () => {
    const { token, cookie } = session()
    const status = (r: Request) => {
      try {
        requireCsrfInQuery(r)
        return 200
      } catch (e) {
        return (e as Response).status
      }
    }
    expect(status(upload('', { cookie }))).toBe(403)
    expect(status(upload('&csrf=nope', { cookie }))).toBe(403)
    expect(status(upload(`&csrf=${token}`, { cookie, origin: 'http://evil.localhost:3000' }))).toBe(403)
  })
})
