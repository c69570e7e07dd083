import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startApi } from '../../../test/harness'

let h: Harness
beforeAll(async () => {
  h = await startApi()
})
afterAll(() => h.close())

describe('health and the error envelope', () => {
  it('reports the database reachable and migrations current', async () => {
    const res = await h.call('GET', '/health')
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: 'ok', migrations: expect.any(Number) })
    expect(res.body.data.migrations).toBeGreaterThan(0)
  })

  it('answers an unknown route with 404 in the error shape', async () => {
    const res = await h.call('GET', '/no/such/route')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ detail: [{ type: 'request.not_found', msg: expect.any(String) }] })
  })

  it('answers bad JSON with 400 value_error.json', async () => {
    const res = await fetch(`${h.url}/users/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{bad',
    })
    expect(res.status).toBe(400)
    expect((await res.json()).detail[0].type).toBe('value_error.json')
  })

  it('answers a body over the limit with 413 request.too_large', async () => {
    const res = await fetch(`${h.url}/users/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(res.status).toBe(413)
    expect((await res.json()).detail[0].type).toBe('request.too_large')
  })

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await h.call('GET', '/openapi.json')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toBe('3.1.0')
    expect(Object.keys(res.body.paths)).toContain('/api/health')
  })

  it('echoes a request id, and ignores a forwarded one from an untrusted caller', async () => {
    const res = await h.call('GET', '/health', { headers: { 'x-request-id': 'spoofed' } })
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})
