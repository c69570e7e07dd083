import { lstatSync, unlinkSync } from 'node:fs'
import net from 'node:net'
import type { FastifyInstance } from 'fastify'

/**
 * Where the upstream listens (ADR 024): its Unix socket (API_SOCKET, what `npm start` gives the web
 * tier), its TCP port (API_HOST:API_PORT), or both. One HTTP server serves both: the second
 * listener hands its connections to it, so a graceful stop (`app.close()`) drains them alike.
 */
export interface ListenOn {
  host: string
  port: number | undefined
  socket: string | undefined
}

/** The default port when neither a port nor a socket is given (the upstream run alone). */
export const DEFAULT_PORT = 3001

export async function listen(app: FastifyInstance, on: ListenOn): Promise<void> {
  const port = on.port ?? (on.socket ? undefined : DEFAULT_PORT)
  if (!on.socket) {
    await app.listen({ host: on.host, port })
    return
  }
  if (port === undefined) return void (await app.listen({ path: on.socket }))
  const tcp = net.createServer((socket) => app.server.emit('connection', socket))
  // Stops accepting on TCP too when the server starts draining; open connections drain with it.
  app.addHook('preClose', async () => {
    tcp.close()
  })
  await app.listen({ path: on.socket })
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject)
    tcp.listen(port, on.host, () => resolve())
  })
}

/**
 * A socket file left by an upstream that died without closing it (kill -9) would refuse the next
 * listen: removed when nothing answers on it. One that answers is another live upstream: an error.
 * Run once before listening (by the primary, before forking workers that share it).
 */
export async function clearStaleSocket(path: string): Promise<void> {
  let isSocket = false
  try {
    isSocket = lstatSync(path).isSocket()
  } catch {
    return // nothing there
  }
  if (!isSocket) throw new Error(`API_SOCKET ${path} exists and is not a socket`)
  const live = await new Promise<boolean>((resolve) => {
    const probe = net.connect(path)
    probe.once('connect', () => {
      probe.destroy()
      resolve(true)
    })
    probe.once('error', () => resolve(false))
  })
  if (live) throw new Error(`API_SOCKET ${path} is in use by another process`)
  unlinkSync(path)
}
