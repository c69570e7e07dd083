import { Readable } from 'node:stream'
import { checkKey, type FileStorage } from './storage'

/** Bytes kept in a map: the tests' storage (DATA_DIR=':memory:'), gone with the process. */
export class MemoryStorage implements FileStorage {
  readonly files = new Map<string, Buffer>()
  /** When each key was last written (a test may move it back). */
  readonly written = new Map<string, Date>()

  async put(key: string, body: Readable) {
    const chunks: Buffer[] = []
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer))
    const bytes = Buffer.concat(chunks)
    this.files.set(checkKey(key), bytes)
    this.written.set(key, new Date())
    return { size: bytes.length }
  }

  async get(key: string) {
    const bytes = this.files.get(checkKey(key))
    return bytes && Readable.from([bytes])
  }

  async delete(key: string) {
    this.files.delete(checkKey(key))
    this.written.delete(key)
  }

  async sweep(prefix: string, before: Date) {
    let removed = 0
    for (const [key, at] of this.written)
      if (key.startsWith(`${checkKey(prefix)}/`) && at < before) {
        await this.delete(key)
        removed++
      }
    return removed
  }

  async usage(prefix: string, since: Date) {
    let files = 0
    let bytes = 0
    for (const [key, at] of this.written)
      if (key.startsWith(`${checkKey(prefix)}/`) && at >= since) {
        files++
        bytes += this.files.get(key)?.length ?? 0
      }
    return { files, bytes }
  }
}
