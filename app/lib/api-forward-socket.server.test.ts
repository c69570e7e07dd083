import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leaveStaleSocket } from '../../tests/fixtures/stale-socket'
import { forwardApi } from './api-forward.server'
import { resetEnv } from './env.server'

/*
 * The tiers over a Unix socket (ADR 024): a real upstream listening on a socket file, the web
 * tier's forwarding in front of it with UPSTREAM_API_SOCKET set. The same answers as over TCP, and
 * the upstream gone (no socket file, or a file nobody listens on) is the 502 envelope, never a 500.
 */

const dir = mkdtempSync(join(tmpdir(), 'nodus-sock-test-'))
const socket = join(dir, 'api.sock')
let upstream: Server
let webServer: Server
let web = ''
const seen: { url: string; host?: string; proxy?: string; body: string }[] = []

function startUpstream() {
  upstream = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => {
      body += c
    })
    req.on('end', () => {
      seen.push({
        url: req.url ?? '',
        host: req.headers.host,
        proxy: req.headers['x-nodus-proxy'] as string | undefined,
        body,
      })
      res.writeHead(req.method === 'POST' ? 201 : 200, {
        'content-type': 'application/json; charset=utf-8',
        'retry-after': '1',
      })
      res.end(JSON.stringify({ data: { echo: body || null } }))
    })
  })
  return new Promise<void>((resolve) => upstream.listen(socket, resolve))
}

beforeAll(async () => {
  await startUpstream()
  process.env.UPSTREAM_API_URL = 'http://localhost'
  process.env.UPSTREAM_API_SOCKET = socket
  process.env.SECRET = 'unit-test-secret-0123456789'
  resetEnv()
  webServer = createServer((req, res) => void forwardApi(req, res))
  await new Promise<void>((resolve) => webServer.listen(0, '127.0.0.1', resolve))
  web = `http://127.0.0.1:${(webServer.address() as AddressInfo).port}`
})
afterAll(() => {
  delete process.env.UPSTREAM_API_SOCKET
  resetEnv()
  webServer.closeAllConnections()
  webServer.close()
  upstream.closeAllConnections()
  upstream.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('forwardApi over the upstream Unix socket', () => {
  it('forwards path, query and body through the socket, with the proxy key', async () => {
    const got = await fetch(`${web}/api/tasks/n/1?x=1`)
    expect(got.status).toBe(200)
    expect(await got.json()).toEqual({ data: { echo: null } })
    const posted = await fetch(`${web}/api/tasks/n/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title":"t"}',
    })
    expect(posted.status).toBe(201)
    expect(posted.headers.get('retry-after')).toBe('1')
    expect(await posted.json()).toEqual({ data: { echo: '{"title":"t"}' } })
    expect(seen.map((s) => s.url)).toEqual(['/api/tasks/n/1?x=1', '/api/tasks/n/1'])
    expect(seen[0]!.host).toBe('localhost')
    expect(seen[0]!.proxy).toMatch(/^[\w-]{20,}$/)
  })

  it('answers 502 in the envelope when the socket is gone, and again when nobody listens on it', async () => {
    upstream.closeAllConnections()
    await new Promise<void>((resolve) => upstream.close(() => resolve()))
    const gone = await fetch(`${web}/api/users/me`)
    expect(gone.status).toBe(502)
    expect((await gone.json()).detail[0].type).toBe('request.upstream_unavailable')

    // A socket file left behind by an upstream killed with -9: connections are refused.
    await leaveStaleSocket(socket)
    expect(existsSync(socket)).toBe(true)
    const refused = await fetch(`${web}/api/users/me`)
    expect(refused.status).toBe(502)
    expect((await refused.json()).detail[0].type).toBe('request.upstream_unavailable')

    rmSync(socket)
    await startUpstream()
    const back = await fetch(`${web}/api/users/me`)
    expect(back.status).toBe(200)
  })
})
