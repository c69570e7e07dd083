import { FsStorage } from './fs-storage'
import { MemoryStorage } from './memory-storage'
import type { FileStorage } from './storage'

export type { FileStorage } from './storage'

/** The configured storage: the filesystem under FILES_DIR, or memory for a throwaway run (tests). */
export function openStorage(filesDir: string): FileStorage {
  return filesDir === ':memory:' ? new MemoryStorage() : new FsStorage(filesDir)
}
