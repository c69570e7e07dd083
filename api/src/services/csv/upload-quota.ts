import { AppError } from '../../http/errors'
import type { FileStorage } from '../../storage/storage'
import { UPLOAD_TTL_MS, uploadsOf } from './upload-expiry'

/*
 * A user's CSV uploads waiting for their import in one node are bounded (issue 23): at most
 * `files` of them (429 csv.too_many_uploads) and `mb` megabytes together (413
 * csv.uploads_too_large). An imported upload is removed at once, an unused one counts until it
 * expires (a day, upload-expiry.ts), whether or not the sweep has removed it yet. The storage is
 * the count: the same across processes; two uploads of one user at the same moment on one process
 * are checked one after the other.
 */

export interface UploadQuota {
  files: number
  mb: number
}

const turns = new Map<string, Promise<unknown>>()

/** Runs `put` once the user's waiting uploads leave room for `size` more bytes; refuses otherwise. */
export async function withinQuota<T>(
  storage: FileStorage,
  quota: UploadQuota,
  nodeId: string,
  userId: string,
  size: number,
  put: () => Promise<T>,
): Promise<T> {
  const prefix = uploadsOf(nodeId, userId)
  const turn = (turns.get(prefix) ?? Promise.resolve())
    .catch(() => {})
    .then(async () => {
      const used = await storage.usage(prefix, new Date(Date.now() - UPLOAD_TTL_MS))
      if (used.files >= quota.files)
        throw new AppError(429, 'csv.too_many_uploads', ['body', 'file'], { max: quota.files })
      if (used.bytes + size > quota.mb * 1024 * 1024)
        throw new AppError(413, 'csv.uploads_too_large', ['body', 'file'], { max: quota.mb })
      return put()
    })
  turns.set(prefix, turn)
  try {
    return await turn
  } finally {
    if (turns.get(prefix) === turn) turns.delete(prefix)
  }
}
