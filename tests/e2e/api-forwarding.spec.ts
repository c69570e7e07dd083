import { expect, test } from '@playwright/test'
import { ADMIN, ORIGIN, USER } from './env'
import { apiToken } from './utils'

// `{host}/api/*` is the upstream, forwarded by the web tier (PRODUCT.md §1). Cookies are sent by
// hand here: Playwright's request context keeps none of its own between these calls.
test.describe('/api forwarding', () => {
  test('POST /api/users/token goes through and answers the token envelope', async ({ request }) => {
    const res = await request.post(`${ORIGIN}/api/users/token`, {
      data: { email: USER.email, password: USER.password },
    })
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toContain('application/json')
    const body = await res.json()
    expect(body.data).toMatchObject({ token_type: 'bearer', user: { user_name: USER.email } })
    expect(typeof body.data.access_token).toBe('string')
  })

  test('GET /api/users/me with only the _token cookie: the bearer is added', async ({ request }) => {
    const token = await apiToken(request, ADMIN)
    const res = await request.get(`${ORIGIN}/api/users/me`, { headers: { cookie: `_token=${token}` } })
    expect(res.status()).toBe(200)
    expect((await res.json()).data.user_name).toBe(ADMIN.email)
  })

  test('an explicit Authorization header wins over the cookie', async ({ request }) => {
    const admin = await apiToken(request, ADMIN)
    const user = await apiToken(request, USER)
    const res = await request.get(`${ORIGIN}/api/users/me`, {
      headers: { authorization: `Bearer ${user}`, cookie: `_token=${admin}` },
    })
    expect(res.status()).toBe(200)
    expect((await res.json()).data.user_name).toBe(USER.email)
  })

  test('without either: 401 users.user_not_authenticated', async ({ request }) => {
    const res = await request.get(`${ORIGIN}/api/users/me`)
    expect(res.status()).toBe(401)
    expect((await res.json()).detail[0].type).toBe('users.user_not_authenticated')
  })

  test('an unknown /api path: the upstream 404 envelope, not the web app’s page', async ({ request }) => {
    const res = await request.get(`${ORIGIN}/api/no/such/thing?x=1`, { maxRedirects: 0 })
    expect(res.status()).toBe(404)
    expect(res.headers()['content-type']).toContain('application/json')
    expect((await res.json()).detail[0].type).toBe('request.not_found')
  })

  test('X-Request-Id makes the round trip; without one, the answer carries a new id', async ({ request }) => {
    const res = await request.get(`${ORIGIN}/api/users/me`, { headers: { 'x-request-id': 'e2e-trace-42' } })
    expect(res.headers()['x-request-id']).toBe('e2e-trace-42')
    const fresh = await request.get(`${ORIGIN}/api/users/me`)
    expect(fresh.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('the upstream’s own headers stay behind', async ({ request }) => {
    const res = await request.get(`${ORIGIN}/api/users/me`)
    const headers = res.headers()
    expect(headers['x-nodus-proxy']).toBeUndefined()
    expect(headers['set-cookie']).toBeUndefined()
  })

  test('/api/health is the web tier’s, with the upstream’s inside', async ({ request }) => {
    const res = await request.get(`${ORIGIN}/api/health`)
    expect(res.status()).toBe(200)
    expect(res.headers()['cache-control']).toBe('no-store')
    const body = await res.json()
    expect(body.data).toMatchObject({ status: 'ok', web: 'ok', upstream: { status: 'ok' } })
  })
})

test.describe('/api forwarding and other origins', () => {
  test('a change paid with the cookie from another origin is refused; same origin and explicit bearer pass', async ({
    request,
  }) => {
    const token = await apiToken(request, USER)
    const evil = await request.post(`${ORIGIN}/api/users/logout`, {
      headers: { cookie: `_token=${token}`, origin: 'http://evil.localhost:3100' },
    })
    expect(evil.status()).toBe(403)
    expect((await evil.json()).detail[0].type).toBe('rights.forbidden')
    // The session is still alive: the request never reached the upstream.
    const me = await request.get(`${ORIGIN}/api/users/me`, { headers: { cookie: `_token=${token}` } })
    expect(me.status()).toBe(200)

    const same = await request.post(`${ORIGIN}/api/users/logout`, {
      headers: { cookie: `_token=${token}`, origin: ORIGIN },
    })
    expect(same.status()).toBe(200)
    const other = await apiToken(request, USER)
    const bearer = await request.post(`${ORIGIN}/api/users/logout`, {
      headers: { authorization: `Bearer ${other}`, origin: 'http://evil.localhost:3100' },
    })
    expect(bearer.status()).toBe(200)
  })
})

// Issue 10: a body past the limits answers 413 in the error envelope, whether the web tier refuses
// it on its Content-Length or the upstream does while it streams across; never a reset connection.
test.describe('/api forwarding of oversized bodies', () => {
  const MiB = 1024 * 1024
  const bigJson = () => Buffer.from(`{"name":"${'a'.repeat(32 * MiB)}"}`)
  const tooLarge = async (res: Response) => {
    expect(res.status).toBe(413)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect((await res.json()).detail[0].type).toBe('request.too_large')
  }

  test('32 MiB of JSON with its Content-Length: 413 request.too_large', async ({ request }) => {
    const token = await apiToken(request, ADMIN)
    const res = await fetch(`${ORIGIN}/api/statuses/00000000-0000-4000-8000-000000000000`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: bigJson(),
    })
    await tooLarge(res)
  })

  test('32 MiB of JSON sent in chunks (no Content-Length): 413 from the upstream, passed on', async ({
    request,
  }) => {
    const token = await apiToken(request, ADMIN)
    const bytes = bigJson()
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += MiB) controller.enqueue(bytes.subarray(i, i + MiB))
        controller.close()
      },
    })
    const res = await fetch(`${ORIGIN}/api/statuses/00000000-0000-4000-8000-000000000000`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    await tooLarge(res)
  })

  test('an upload past the limit: 413, with or without a bearer, never a reset', async ({ request }) => {
    const token = await apiToken(request, ADMIN)
    const form = () => {
      const f = new FormData()
      f.append('file', new Blob([Buffer.alloc(30 * MiB, 1)]), 'big.bin')
      return f
    }
    const url = `${ORIGIN}/api/attachments/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000000`
    await tooLarge(
      await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form() }),
    )
    const unauthenticated = await fetch(url, { method: 'POST', body: form() })
    expect(unauthenticated.status).toBe(413)
  })
})
