import type { FileStorage } from '../../storage/storage'

/*
 * CSV uploads are kept for their uploader between the upload and the import (import.ts); one that
 * is never imported expires a day after it was uploaded. The sweep removes it (at start and on a
 * timer, api/src/plugins/csv/upload-sweeper.ts); its id then answers 404 csv.upload_not_found.
 */

/** Where uploads wait: `csv-imports/{nodeId}/{userId}/{id}` in the file storage. */
export const CSV_UPLOADS = 'csv-imports'

/** How long an upload waits for its import. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000

export const uploadKey = (nodeId: string, userId: string, id: string) =>
  `${CSV_UPLOADS}/${nodeId}/${userId}/${id}`

/** Where one user's uploads in one node wait (their quota counts what is under it). */
export const uploadsOf = (nodeId: string, userId: string) => `${CSV_UPLOADS}/${nodeId}/${userId}`

/** Removes every upload older than the TTL at `now`; answers how many. */
export const sweepCsvUploads = (storage: FileStorage, now = new Date()) =>
  storage.sweep(CSV_UPLOADS, new Date(now.getTime() - UPLOAD_TTL_MS))
