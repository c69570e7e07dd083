import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { checkKey, type FileStorage, storageError } from './storage'

/** Files under a root directory (FILES_DIR). Written to a temporary name, renamed when complete. */
export class FsStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private path(key: string) {
    return join(this.root, checkKey(key))
  }

  async put(key: string, body: Readable) {
    const target = this.path(key)
    await mkdir(dirname(target), { recursive: true }).catch((err) => {
      throw storageError(err)
    })
    const partial = `${target}.${randomUUID()}.part`
    let size = 0
    body.on('data', (chunk: Buffer) => {
      size += chunk.length
    })
    const file = createWriteStream(partial, { flags: 'wx', mode: 0o600 })
    // The file's own failure (a full disk…) is the storage's; the body's (a client gone, a limit)
    // passes as it is.
    let fileError: unknown
    file.once('error', (err) => {
      fileError = err
    })
    try {
      await pipeline(body, file)
      await rename(partial, target).catch((err) => {
        fileError = err
        throw err
      })
    } catch (err) {
      // A body that fails at once can fail while the file is still being opened: removed before
      // the open completes, it would appear afterwards. Remove it once the stream has closed.
      if (!file.closed) await new Promise<void>((done) => file.once('close', () => done()))
      await rm(partial, { force: true })
      throw fileError !== undefined && err === fileError ? storageError(err) : err
    }
    return { size }
  }

  async get(key: string) {
    const path = this.path(key)
    try {
      if (!(await stat(path)).isFile()) return undefined
    } catch {
      return undefined
    }
    return createReadStream(path)
  }

  async delete(key: string) {
    await rm(this.path(key), { force: true })
  }

  async sweep(prefix: string, before: Date) {
    const dir = this.path(prefix)
    let names: string[]
    try {
      names = await readdir(dir, { recursive: true })
    } catch {
      return 0
    }
    let removed = 0
    for (const name of names) {
      const path = join(dir, name)
      const info = await stat(path).catch(() => undefined)
      if (!info?.isFile() || info.mtime >= before) continue
      await rm(path, { force: true })
      removed++
    }
    return removed
  }

  async usage(prefix: string, since: Date) {
    const dir = this.path(prefix)
    let names: string[]
    try {
      names = await readdir(dir, { recursive: true })
    } catch {
      return { files: 0, bytes: 0 }
    }
    let files = 0
    let bytes = 0
    for (const name of names) {
      const info = await stat(join(dir, name)).catch(() => undefined)
      if (!info?.isFile() || info.mtime < since) continue
      files++
      bytes += info.size
    }
    return { files, bytes }
  }
}
