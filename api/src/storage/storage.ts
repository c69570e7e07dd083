import type { Readable } from 'node:stream'

/**
 * Where attachment bytes live (PRODUCT.md §1: an interface, so that an S3-compatible store can be
 * added). Keys are relative paths made by the server (`attachments/{nodeId}/{id}`), never by a
 * client. Implementations: the filesystem under FILES_DIR, and memory for tests.
 */
export interface FileStorage {
  /** Writes the stream under the key, replacing nothing that is there only after it fully arrived. */
  put(key: string, body: Readable): Promise<{ size: number }>
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Readable | undefined>
  /** Removes the key; a missing key is no error. */
  delete(key: string): Promise<void>
  /** Removes every file under the prefix last written before `before`; answers how many. */
  sweep(prefix: string, before: Date): Promise<number>
  /** How many files under the prefix were last written at or after `since`, and their bytes. */
  usage(prefix: string, since: Date): Promise<{ files: number; bytes: number }>
}

/** A key is the server's own: segments of letters, digits, dashes and underscores. */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) || key.includes('..'))
    throw new Error(`bad storage key: ${key}`)
  return key
}

/**
 * The storage itself failed (not the body it was given): `full` when it has no room left (a full
 * disk, a quota), `failed` for the rest (permissions, I/O). The upload answers 507
 * attachments.storage_full or 500 attachments.storage_failed.
 */
export class StorageError extends Error {
  constructor(
    readonly kind: 'full' | 'failed',
    readonly cause: unknown,
  ) {
    super(`storage ${kind}: ${(cause as Error | undefined)?.message ?? cause}`)
  }
}

const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG'])

/** Wraps an error of the storage's own file system as a StorageError. */
export function storageError(err: unknown): StorageError {
  const code = (err as { code?: unknown } | null)?.code
  return new StorageError(typeof code === 'string' && FULL.has(code) ? 'full' : 'failed', err)
}
