import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { makeTask, makeTaskProcess } from '../task-factories'
import { startWorkflowApi } from '../workflow-factories'

/*
 * Issue 15 item 3: an upload that the storage cannot take. A full disk is a tiny tmpfs the test
 * mounts (as root, where the kernel lets it); another failure is a FILES_DIR whose attachments
 * folder cannot be made. Either way: a clean answer with a code, nothing kept (file, row, history),
 * and the next request on the same keep-alive connection is served.
 */

/** Every file under a directory, recursively (to find a partial file left behind). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
}

/** A multipart body of one file part of `size` bytes. */
function multipart(size: number) {
  const boundary = '----nodus-fault-test'
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    body: Buffer.concat([head, Buffer.alloc(size, 0x61), tail]),
    type: `multipart/form-data; boundary=${boundary}`,
  }
}

interface Answer {
  status: number
  body: { detail?: { type: string }[] }
  reused: boolean
  socket: unknown
}

/** One request through `agent` (keep-alive, one socket): which socket carried it is reported. */
function send(
  agent: Agent,
  url: string,
  opts: { method: string; token: string; body?: Buffer; type?: string },
) {
  return new Promise<Answer>((done, fail) => {
    const req = request(
      url,
      {
        agent,
        method: opts.method,
        headers: {
          authorization: `Bearer ${opts.token}`,
          ...(opts.body ? { 'content-type': opts.type, 'content-length': String(opts.body.length) } : {}),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (c) => {
          text += c
        })
        res.on('end', () =>
          done({
            status: res.statusCode!,
            body: JSON.parse(text || 'null'),
            reused: req.reusedSocket,
            socket: req.socket,
          }),
        )
      },
    )
    req.on('error', fail)
    // Slow enough for the storage to fail while the body is still on its way.
    if (opts.body) {
      const chunk = 64 * 1024
      let at = 0
      const next = () => {
        if (at >= opts.body!.length) return req.end()
        const part = opts.body!.subarray(at, at + chunk)
        at += chunk
        if (req.write(part)) setImmediate(next)
        else req.once('drain', next)
      }
      next()
    } else req.end()
  })
}

async function failedUploadThenReuse(filesDir: string, expected: { status: number; type: string }) {
  const w = await startWorkflowApi({ FILES_DIR: filesDir, UPLOAD_MAX_MB: '8' })
  try {
    const p = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
    const task = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
    const counts = async () => {
      const res = await w.h.database.db.execute(
        sql`select (select count(*)::int from attachments) as a, (select count(*)::int from task_history) as h`,
      )
      return (res as unknown as { rows: { a: number; h: number }[] }).rows[0]
    }
    const before = await counts()
    const filesBefore = filesUnder(filesDir)
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const { body, type } = multipart(2 * 1024 * 1024)
    const started = Date.now()
    const upload = await send(agent, `${w.h.url}/attachments/${w.startId}/${task.id}`, {
      method: 'POST',
      token: w.adminToken,
      body,
      type,
    })
    expect(upload.status, JSON.stringify(upload.body)).toBe(expected.status)
    expect(upload.body.detail?.[0]?.type).toBe(expected.type)
    // The next request on the very same connection is served, at once.
    const next = await send(agent, `${w.h.url}/users/me`, { method: 'GET', token: w.adminToken })
    expect(next.status).toBe(200)
    expect(next.reused, 'the same keep-alive connection').toBe(true)
    expect(next.socket).toBe(upload.socket)
    expect(Date.now() - started).toBeLessThan(10_000)
    agent.destroy()
    // Nothing kept: no file (not even a partial one), no row, no history entry.
    expect(filesUnder(filesDir)).toEqual(filesBefore)
    expect(await counts()).toEqual(before)
  } finally {
    await w.h.close()
  }
}

const root = mkdtempSync(join(tmpdir(), 'nodus-storage-fault-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A 256 KiB tmpfs, or why there can be none here. */
function mountTinyDisk(dir: string): string | undefined {
  if (process.getuid?.() !== 0) return 'not root: cannot mount a tmpfs'
  mkdirSync(dir, { recursive: true })
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k,mode=0700', 'tmpfs', dir], { stdio: 'pipe' })
    return undefined
  } catch (err) {
    return `mount refused: ${String((err as { stderr?: Buffer }).stderr ?? err).trim()}`
  }
}

const disk = join(root, 'tiny')
const noMount = mountTinyDisk(disk)
afterAll(() => {
  if (!noMount) execFileSync('umount', [disk])
})

describe('an upload the storage cannot take', () => {
  it.skipIf(noMount)(
    `a full disk: 507 attachments.storage_full, nothing kept, the connection serves on${noMount ? ` (skipped: ${noMount})` : ''}`,
    { timeout: 180_000 },
    () => failedUploadThenReuse(disk, { status: 507, type: 'attachments.storage_full' }),
  )

  it('another storage failure: 500 attachments.storage_failed, nothing kept, the connection serves on', {
    timeout: 180_000,
  }, async () => {
    // `attachments` is a file: the storage cannot make its folder.
    const broken = join(root, 'broken')
    mkdirSync(broken, { recursive: true })
    writeFileSync(join(broken, 'attachments'), '')
    await failedUploadThenReuse(broken, { status: 500, type: 'attachments.storage_failed' })
  })
})
