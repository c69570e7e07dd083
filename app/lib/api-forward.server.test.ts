import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { forwardApi } from './api-forward.server'
import { resetEnv } from './env.server'
import { proxyKey } from './proxy-key.server'

/*
 * The Node-native /api forwarding between two real HTTP servers started here: an upstream that
 * records what reaches it and answers as each test tells it, and the web tier's forwarding in front.
 */

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
  aborted: boolean
}
let seen: Seen[] = []
let answer: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void
const servers: Server[] = []
let upstream = ''
let web = ''
let webPort = 0

const listen = (server: Server) =>
  new Promise<number>((resolve) => {
    servers.push(server)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  })

beforeAll(async () => {
  const upstreamPort = await listen(
    createServer((req, res) => {
      const entry: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.alloc(0),
        aborted: false,
      }
      seen.push(entry)
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('close', () => {
        if (!res.writableFinished) entry.aborted = true
      })
      req.on('end', () => {
        entry.body = Buffer.concat(chunks)
        answer(req, res, entry.body)
      })
    }),
  )
  upstream = `http://127.0.0.1:${upstreamPort}`
  process.env.UPSTREAM_API_URL = upstream
  process.env.SECRET = 'unit-test-secret-0123456789'
  resetEnv()
  webPort = await listen(createServer((req, res) => void forwardApi(req, res)))
  web = `http://127.0.0.1:${webPort}`
})
afterAll(() => {
  for (const s of servers) s.closeAllConnections()
  for (const s of servers) s.close()
})
beforeEach(() => {
  seen = []
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{"data":1}')
  }
})

/** Raw bytes on one connection; everything read until the server closes it or `ms` pass. */
function raw(bytes: string | Buffer, ms = 1_500): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(webPort, '127.0.0.1')
    let out = ''
    const done = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(out)
    }
    const timer = setTimeout(done, ms)
    socket.on('data', (d) => {
      out += d.toString('latin1')
    })
    socket.on('end', done)
    socket.on('error', done)
    socket.write(bytes)
  })
}
const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]))

describe('forwardApi: headers and statuses', () => {
  it('forwards method, path and query; drops hop-by-hop, cookies and forged headers; adds its own', async () => {
    const res = await fetch(`${web}/api/users/me?x=1&y=%20`, {
      headers: {
        cookie: '_token=abc; other=1',
        'x-nodus-proxy': 'forged',
        'x-forwarded-host': 'evil',
        'accept-encoding': 'gzip',
        accept: 'application/json',
        'x-request-id': 'trace-1',
        'x-custom': 'kept',
      },
    })
    expect(res.status).toBe(200)
    const [call] = seen
    expect(call).toMatchObject({ method: 'GET', url: '/api/users/me?x=1&y=%20' })
    expect(call?.headers).toMatchObject({
      authorization: 'Bearer abc',
      accept: 'application/json',
      'x-custom': 'kept',
      'x-request-id': 'trace-1',
      'x-nodus-proxy': proxyKey('unit-test-secret-0123456789'),
      'x-forwarded-for': '127.0.0.1',
    })
    expect(call?.headers.cookie).toBeUndefined()
    expect(call?.headers['x-forwarded-host']).toBeUndefined()
    expect(call?.headers['accept-encoding']).toBeUndefined()
  })

  it('keeps the answer’s status and the headers that matter; the upstream’s address stays inside', async () => {
    answer = (_req, res) => {
      res.writeHead(503, {
        'content-type': 'application/json',
        'retry-after': '2',
        'set-cookie': 'a=b',
        server: 'fastify',
        'access-control-allow-origin': '*',
        location: `${upstream}/api/files/1`,
        etag: '"7"',
      })
      res.end('{"detail":[{"type":"server.database_unavailable","msg":"x"}]}')
    }
    const res = await fetch(`${web}/api/tasks/x`)
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('2')
    expect(res.headers.get('location')).toBe('/api/files/1')
    expect(res.headers.get('etag')).toBe('"7"')
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(res.headers.get('server')).toBeNull()
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect((await res.json()).detail[0].type).toBe('server.database_unavailable')
  })

  it('passes 201, 204, 304, 404 and 422 as they are; HEAD has no body', async () => {
    for (const status of [201, 204, 304, 404, 422]) {
      answer = (_req, res) => {
        res.writeHead(status, status === 204 || status === 304 ? {} : { 'content-type': 'application/json' })
        res.end(status === 204 || status === 304 ? undefined : `{"s":${status}}`)
      }
      const res = await fetch(`${web}/api/x`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      })
      expect(res.status).toBe(status)
      expect(await res.text()).toBe(status === 204 || status === 304 ? '' : `{"s":${status}}`)
    }
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '10' })
      res.end()
    }
    const head = await fetch(`${web}/api/x`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe('10')
  })

  it('refuses a change paid with the cookie from another origin, without calling the upstream', async () => {
    const res = await fetch(`${web}/api/users/logout`, {
      method: 'POST',
      headers: { cookie: '_token=abc', origin: 'http://evil.localhost:3000' },
    })
    expect(res.status).toBe(403)
    expect((await res.json()).detail[0].type).toBe('rights.forbidden')
    expect(seen).toHaveLength(0)
  })
})

describe('forwardApi: bodies', () => {
  it('a small JSON body arrives whole, with its length', async () => {
    answer = (_req, res, body) => {
      res.writeHead(201, { 'content-type': 'application/json' })
      res.end(body)
    }
    const body = JSON.stringify({ title: 'Задача ✓', n: 1 })
    const res = await fetch(`${web}/api/tasks/n/p`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(201)
    expect(await res.text()).toBe(body)
    expect(seen[0]?.headers['content-length']).toBe(String(Buffer.byteLength(body)))
  })

  it('an upload (5 MiB, with a length or chunked) is streamed across intact', async () => {
    answer = (_req, res, body) => {
      res.writeHead(201, { 'content-type': 'text/plain' })
      res.end(createHash('sha256').update(body).digest('hex'))
    }
    const bytes = Buffer.alloc(5 * 1024 * 1024)
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff
    const hash = createHash('sha256').update(bytes).digest('hex')
    // The bytes stand for a multipart body: the web tier reads only its type, for the upload limit.
    const headers = { 'content-type': 'multipart/form-data; boundary=x' }
    const sized = await fetch(`${web}/api/attachments/n/t`, { method: 'POST', body: bytes, headers })
    expect(await sized.text()).toBe(hash)
    const chunked = await fetch(`${web}/api/attachments/n/t`, {
      method: 'POST',
      headers,
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < bytes.length; i += 256 * 1024) c.enqueue(bytes.subarray(i, i + 256 * 1024))
          c.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(await chunked.text()).toBe(hash)
    expect(seen[1]?.headers['transfer-encoding']).toBe('chunked')
  })

  it('the answer is streamed: its first part arrives before the upstream has finished', async () => {
    let finish = () => {}
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.write('first;')
      finish = () => res.end('last')
    }
    const res = await fetch(`${web}/api/files/1`)
    const reader = res.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first;')
    finish()
    let rest = ''
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += new TextDecoder().decode(r.value)
    expect(rest).toBe('last')
  })

  it('answers with a length, small (gathered) or large (streamed), arrive byte for byte with their headers', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 'é')
    const disposition = `attachment; filename*=UTF-8''${encodeURIComponent('отчёт.txt')}`
    for (const body of [Buffer.from('{"data":"ü"}'), big]) {
      answer = (_req, res) => {
        res.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': body.length,
          'content-disposition': disposition,
        })
        res.end(body)
      }
      const res = await fetch(`${web}/api/files/1`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-length')).toBe(String(body.length))
      expect(res.headers.get('content-disposition')).toBe(disposition)
      expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true)
    }
  })

  it('an upstream that dies mid-answer cuts the answer short (no made-up status), and the web tier serves on', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
      res.write('{"data":')
      setTimeout(() => res.socket?.destroy(), 20)
    }
    const text = await raw('GET /api/x HTTP/1.1\r\nHost: a\r\n\r\n')
    // Gathered answers are held back until complete: the caller sees no 200 with half a body.
    expect(statuses(text).every((s) => s === 200)).toBe(true)
    expect(text).not.toContain('HTTP/1.1 5')
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"data":1}')
    }
    expect((await fetch(`${web}/api/x`)).status).toBe(200)
  })

  it('a body past the limit on its Content-Length: 413 in the envelope, the upstream never called', async () => {
    const body = JSON.stringify({ name: 'a'.repeat(2 * 1024 * 1024) })
    const res = await fetch(`${web}/api/statuses/x`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(413)
    expect((await res.json()).detail[0].type).toBe('request.too_large')
    expect(seen).toHaveLength(0)
  })
})

describe('forwardApi: failures', () => {
  it('the upstream hangs up without an answer: 502 request.upstream_unavailable', async () => {
    answer = (req) => req.socket.destroy()
    const res = await fetch(`${web}/api/users/me`)
    expect(res.status).toBe(502)
    expect((await res.json()).detail[0].type).toBe('request.upstream_unavailable')
  })

  it('a caller who goes away before the answer cancels the upstream call', async () => {
    answer = () => {} // never answers
    const controller = new AbortController()
    const pending = fetch(`${web}/api/slow`, { signal: controller.signal }).catch(() => 'aborted')
    while (seen.length === 0) await new Promise((r) => setTimeout(r, 10))
    controller.abort()
    expect(await pending).toBe('aborted')
    for (let i = 0; i < 100 && !seen[0]?.aborted; i++) await new Promise((r) => setTimeout(r, 10))
    expect(seen[0]?.aborted).toBe(true)
  })
})

describe('forwardApi: hostile input is never a 5xx', () => {
  it('a GET with a body: answered, and the next request on the connection too', async () => {
    const out = await raw(
      'GET /api/a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello' +
        'GET /api/b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    )
    expect(statuses(out)).toEqual([200, 200])
    expect(seen.map((s) => s.url)).toEqual(['/api/a', '/api/b'])
  })

  it('bytes undici will not send (a non-ASCII path, a Latin-1 header value): 4xx, and served after', async () => {
    const path = await raw(
      Buffer.from('GET /api/caf\xe9 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'latin1'),
    )
    const header = await raw(
      Buffer.from('GET /api/a HTTP/1.1\r\nHost: x\r\nX-Name: caf\xe9\r\nConnection: close\r\n\r\n', 'latin1'),
    )
    for (const out of [path, header]) for (const s of statuses(out)) expect(s).toBeLessThan(500)
    expect((await fetch(`${web}/api/ok`)).status).toBe(200)
  })

  it('a body cut short by a caller who hangs up, a chunked body gone wrong: no 5xx, still serving', async () => {
    const cut = await raw('POST /api/a HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n12345', 300)
    const badChunk = await raw(
      'POST /api/a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      500,
    )
    for (const out of [cut, badChunk]) for (const s of statuses(out)) expect(s).toBeLessThan(500)
    const huge = await raw(
      'POST /api/a HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\nConnection: close\r\n\r\n',
    )
    for (const s of statuses(huge)) expect(s).toBeLessThan(500)
    expect((await fetch(`${web}/api/ok`)).status).toBe(200)
  })

  it('an Origin of "null" or garbage on a cookie write is refused, not failed', async () => {
    for (const origin of ['null', '::::', 'http://[bad']) {
      const res = await fetch(`${web}/api/x`, { method: 'DELETE', headers: { cookie: '_token=abc', origin } })
      expect(res.status).toBe(403)
    }
  })
})
