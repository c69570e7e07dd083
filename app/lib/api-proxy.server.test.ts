import { beforeAll, describe, expect, it } from 'vitest'
import {
  bodyLimitFor,
  forwardRequestHeaders,
  forwardResponseHeaders,
  forwardToUpstream,
  isCrossOriginCookieWrite,
} from './api-proxy.server'
import { resetEnv } from './env.server'
import { proxyKey } from './proxy-key.server'

beforeAll(() => {
  process.env.UPSTREAM_API_URL = 'http://127.0.0.1:4999'
  process.env.SECRET = 'unit-test-secret-0123456789'
  resetEnv()
})

const req = (headers: Record<string, string>, method = 'GET') =>
  new Request('http://start.localhost:3000/api/users/me?x=1', { method, headers })

describe('forwardRequestHeaders', () => {
  it('drops hop-by-hop, cookies and forged forwarding headers; adds ours', () => {
    const h = forwardRequestHeaders(
      req({
        connection: 'keep-alive, x-custom-hop',
        'keep-alive': 'timeout=5',
        'x-custom-hop': '1',
        'proxy-authorization': 'Basic x',
        cookie: '_token=abc; __flash=zzz',
        'x-nodus-proxy': 'forged',
        'x-forwarded-host': 'evil',
        'accept-encoding': 'gzip',
        accept: 'application/json',
        'x-request-id': 'trace-1',
        'x-forwarded-for': '203.0.113.9',
      }),
    )
    expect(h).toMatchObject({
      accept: 'application/json',
      authorization: 'Bearer abc',
      'x-request-id': 'trace-1',
      'x-forwarded-for': '203.0.113.9',
      'x-nodus-proxy': proxyKey('unit-test-secret-0123456789'),
    })
    for (const gone of [
      'connection',
      'keep-alive',
      'x-custom-hop',
      'proxy-authorization',
      'cookie',
      'x-forwarded-host',
      'accept-encoding',
    ])
      expect(h[gone], gone).toBeUndefined()
  })

  it('keeps the caller’s own Authorization over the cookie', () => {
    expect(
      forwardRequestHeaders(req({ authorization: 'Bearer mine', cookie: '_token=abc' })).authorization,
    ).toBe('Bearer mine')
    expect(forwardRequestHeaders(req({})).authorization).toBeUndefined()
  })
})

describe('forwardResponseHeaders', () => {
  it('keeps the headers that matter and hides the upstream’s address', () => {
    const h = forwardResponseHeaders({
      'content-type': 'application/json',
      'content-length': '12',
      etag: '"1"',
      'retry-after': '30',
      location: 'http://127.0.0.1:4999/api/files/1',
      server: 'fastify',
      'set-cookie': ['a=b'],
      connection: 'keep-alive',
      'transfer-encoding': 'chunked',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    })
    expect(Object.fromEntries(h)).toEqual({
      'content-type': 'application/json',
      'content-length': '12',
      etag: '"1"',
      'retry-after': '30',
      location: '/api/files/1',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    })
  })
})

describe('isCrossOriginCookieWrite', () => {
  it('refuses only a cookie-paid change from another origin', () => {
    const cookie = { cookie: '_token=abc' }
    expect(isCrossOriginCookieWrite(req({ ...cookie, origin: 'http://evil.localhost:3000' }, 'POST'))).toBe(
      true,
    )
    expect(isCrossOriginCookieWrite(req({ ...cookie, origin: 'http://start.localhost:3000' }, 'POST'))).toBe(
      false,
    )
    expect(isCrossOriginCookieWrite(req({ ...cookie }, 'POST'))).toBe(false)
    expect(isCrossOriginCookieWrite(req({ ...cookie, origin: 'http://evil.localhost:3000' }, 'GET'))).toBe(
      false,
    )
    expect(
      isCrossOriginCookieWrite(
        req({ ...cookie, authorization: 'Bearer x', origin: 'http://evil.localhost:3000' }, 'DELETE'),
      ),
    ).toBe(false)
    expect(isCrossOriginCookieWrite(req({ origin: 'http://evil.localhost:3000' }, 'POST'))).toBe(false)
  })
})

describe('noteUpstreamWrite (the node caches forget on a change)', () => {
  it('tells the listeners about accepted writes under /api/nodes only', async () => {
    const { noteUpstreamWrite, onNodeChange } = await import('./upstream.server')
    let heard = 0
    onNodeChange(() => heard++)
    noteUpstreamWrite('PATCH', '/api/nodes/4f0c', 200)
    noteUpstreamWrite('POST', '/api/nodes/bind-user', 200)
    expect(heard).toBe(2)
    noteUpstreamWrite('GET', '/api/nodes/4f0c', 200)
    noteUpstreamWrite('PATCH', '/api/nodes/4f0c', 409)
    noteUpstreamWrite('PATCH', '/api/users/4f0c', 200)
    noteUpstreamWrite('POST', '/api/nodesx', 200)
    expect(heard).toBe(2)
  })
})

describe('oversized bodies (issue 10)', () => {
  const post = (headers: Record<string, string>, body: BodyInit) =>
    new Request('http://start.localhost:3000/api/statuses/x', { method: 'POST', headers, body })

  it('knows the upstream limits: JSON 1 MiB, an upload UPLOAD_MAX_MB and its envelope', () => {
    expect(bodyLimitFor(post({ 'content-type': 'application/json' }, '{}'))).toBe(1024 * 1024)
    expect(bodyLimitFor(post({ 'content-type': 'multipart/form-data; boundary=x' }, ''))).toBe(
      26 * 1024 * 1024,
    )
  })

  it('answers 413 in the error envelope on the Content-Length alone, without calling the upstream', async () => {
    // UPSTREAM_API_URL points at nothing: a forwarded request would answer 502.
    const body = JSON.stringify({ name: 'a'.repeat(2 * 1024 * 1024) })
    const res = await forwardToUpstream(
      post({ 'content-type': 'application/json', 'content-length': String(body.length) }, body),
    )
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({
      detail: [{ type: 'request.too_large', msg: 'The request is too large' }],
    })
  })
})
