import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { leaveStaleSocket } from '../../../tests/fixtures/stale-socket'
import { clearStaleSocket, listen } from './listen'

/*
 * Where the upstream listens (ADR 024), with real sockets: the Unix socket alone, or the socket and
 * a TCP port served by one HTTP server (so that a graceful stop drains both), and the socket file a
 * killed upstream leaves behind.
 */

const dirs: string[] = []
const socketIn = () => {
  const dir = mkdtempSync(join(tmpdir(), 'nodus-listen-'))
  dirs.push(dir)
  return join(dir, 'api.sock')
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo
      s.close(() => resolve(port))
    })
  })

/** GET `path` over the socket or the port: status and body, or the connection error's code. */
function get(where: { socketPath: string } | { port: number }, path = '/ping') {
  return new Promise<{ status?: number; body?: string; code?: string }>((resolve) => {
    const req = request({ ...where, host: '127.0.0.1', path, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => {
        body += c
      })
      res.on('end', () => resolve({ status: res.statusCode, body }))
    })
    req.once('error', (e: NodeJS.ErrnoException) => resolve({ code: e.code }))
    req.end()
  })
}

function app(onSlow?: () => void) {
  const a = Fastify()
  a.get('/ping', async () => ({ pong: true }))
  a.get('/slow', async () => {
    onSlow?.()
    await new Promise((r) => setTimeout(r, 300))
    return { slow: true }
  })
  return a
}

describe('listen', () => {
  it('serves on the socket alone when no port is given, and removes the file on close', async () => {
    const socket = socketIn()
    const a = app()
    await listen(a, { host: '127.0.0.1', port: undefined, socket })
    expect(await get({ socketPath: socket })).toEqual({ status: 200, body: '{"pong":true}' })
    await a.close()
    expect(existsSync(socket)).toBe(false)
  })

  it('serves on the socket and the port at once; a stop lets a request on either finish, then refuses both', async () => {
    const socket = socketIn()
    const port = await freePort()
    let started = 0
    const a = app(() => {
      started += 1
    })
    await listen(a, { host: '127.0.0.1', port, socket })
    expect((await get({ port })).status).toBe(200)
    expect((await get({ socketPath: socket })).status).toBe(200)
    const inFlight = [get({ port }, '/slow'), get({ socketPath: socket }, '/slow')]
    while (started < 2) await new Promise((r) => setTimeout(r, 10))
    const closed = a.close()
    expect(await Promise.all(inFlight)).toEqual([
      { status: 200, body: '{"slow":true}' },
      { status: 200, body: '{"slow":true}' },
    ])
    await closed
    expect((await get({ port })).code).toBe('ECONNREFUSED')
    expect(['ENOENT', 'ECONNREFUSED']).toContain((await get({ socketPath: socket })).code)
  })

  it('keeps TCP on the default port when no socket is given', async () => {
    const port = await freePort()
    const a = app()
    await listen(a, { host: '127.0.0.1', port, socket: undefined })
    expect((await get({ port })).status).toBe(200)
    await a.close()
  })
})

describe('clearStaleSocket', () => {
  it('removes the file a killed upstream left, so the next one can listen there', async () => {
    const socket = socketIn()
    await leaveStaleSocket(socket)
    expect(existsSync(socket)).toBe(true)
    await clearStaleSocket(socket)
    expect(existsSync(socket)).toBe(false)
    const a = app()
    await listen(a, { host: '127.0.0.1', port: undefined, socket })
    expect((await get({ socketPath: socket })).status).toBe(200)
    await a.close()
  })

  it('refuses a socket another live process answers on, and a path that is not a socket', async () => {
    const socket = socketIn()
    const a = app()
    await listen(a, { host: '127.0.0.1', port: undefined, socket })
    await expect(clearStaleSocket(socket)).rejects.toThrow(/in use/)
    expect((await get({ socketPath: socket })).status).toBe(200)
    await a.close()
    const file = socketIn()
    writeFileSync(file, 'not a socket')
    await expect(clearStaleSocket(file)).rejects.toThrow(/not a socket/)
    expect(existsSync(file)).toBe(true)
    await expect(clearStaleSocket(socketIn())).resolves.toBeUndefined()
  })
})
