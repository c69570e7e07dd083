import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { fieldRulesAt } from '@domain/workflow/moves'
import type { Db } from '../db/client'
import { emitEvents } from '../events/emit'
import type { Caller } from '../http/caller'
import { AppError, badInput, notFound } from '../http/errors'
import {
  type AttachmentRow,
  deleteAttachmentRow,
  findAttachment,
  insertAttachment,
  writeHistory,
} from '../repositories/task-parts-repository'
import { lockTask, touchTask } from '../repositories/tasks-repository'
import type { FileStorage } from '../storage'
import { SNIFF_BYTES, sniffContentType, THUMBNAIL_TYPES } from '../storage/sniff'
import { StorageError } from '../storage/storage'
import { makeThumbnail } from '../storage/thumbnail'
import { presentAttachment } from './task-read'
import { taskFor } from './tasks'

/*
 * Attachments of a task (spec §7): uploaded with task_edit, read with task_view, deleted with
 * task_edit. The bytes go to the storage first and the row follows in a transaction (a failed row
 * removes the bytes); a deletion removes the row first and the bytes after it commits. The content
 * type is sniffed from the bytes. An image of THUMBNAIL_TYPES also gets a thumbnail, made from the
 * stored bytes before the row is written (never under the task's lock) and stored beside them
 * (`….thumb`); an image that cannot be decoded still uploads, with thumbnail_key null.
 */

const notFoundHere = () => notFound('attachments.attachment_not_found')

/** A file name as it may be shown and sent back: no path, no control characters, at most 255. */
export function cleanFileName(name: string | undefined): string {
  const base = [...basename((name ?? '').replace(/\\/g, '/'))]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
  return (base || 'file').slice(0, 255)
}

/** Keeps the first bytes of a stream while passing it on: the sniffer's input. */
function headOf(limit: number) {
  const chunks: Buffer[] = []
  let kept = 0
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (kept < limit) {
        chunks.push(chunk.subarray(0, limit - kept))
        kept += Math.min(chunk.length, limit - kept)
      }
      done(null, chunk)
    },
  })
  return { tap, head: () => Buffer.concat(chunks) }
}

/** The attachment and its task, for the caller: 404 attachment_not_found when they may not view the task. */
async function reach(db: Db, c: Caller, nodeId: string, id: string, right: 'task_view' | 'task_edit') {
  const row = await findAttachment(db, nodeId, id)
  if (!row) throw notFoundHere()
  try {
    return { row, ...(await taskFor(db, c, nodeId, row.taskId, right)) }
  } catch (e) {
    if (e instanceof AppError && e.code === 'tasks.task_not_found') throw notFoundHere()
    throw e
  }
}

const ref = (a: AttachmentRow) => ({ id: a.id, name: a.name })

export interface Upload {
  filename: string | undefined
  stream: Readable
  /** Whether the upload went past the size limit (the stream then ended early). */
  truncated(): boolean
}

/** Where an upload's notes go (the request's logger): why an image got no thumbnail. */
export interface UploadLog {
  info(obj: object, msg: string): void
}

/** Stores the thumbnail of the image under `key` beside it: its key, or null when none could be made. */
async function storeThumbnail(storage: FileStorage, key: string, log?: UploadLog): Promise<string | null> {
  const thumbKey = `${key}.thumb`
  try {
    const body = await storage.get(key)
    if (!body) return null
    const thumb = await makeThumbnail(body)
    if (!thumb.ok) {
      log?.info({ key, reason: thumb.error.message }, 'no thumbnail for this image')
      return null
    }
    await storage.put(thumbKey, Readable.from([thumb.bytes]))
    return thumbKey
  } catch (err) {
    log?.info({ key, err }, 'thumbnail not stored')
    await storage.delete(thumbKey).catch(() => undefined)
    return null
  }
}

export async function uploadAttachment(
  db: Db,
  storage: FileStorage,
  c: Caller,
  nodeId: string,
  taskId: string,
  type: string,
  file: Upload | undefined,
  log?: UploadLog,
) {
  const { task, workflow, who } = await taskFor(db, c, nodeId, taskId, 'task_edit')
  if (fieldRulesAt(workflow, task.statusId).readonly.includes('attachments'))
    throw badInput('workflow.field_readonly', ['body', 'file'], { field: 'attachments' })
  if (!file) throw badInput('value_error.missing', ['body', 'file'])
  const id = randomUUID()
  const key = `attachments/${nodeId}/${id}`
  const { tap, head } = headOf(SNIFF_BYTES)
  file.stream.on('error', (err) => tap.destroy(err))
  const { size } = await storage.put(key, file.stream.pipe(tap)).catch((err) => {
    if (err instanceof StorageError)
      throw err.kind === 'full'
        ? new AppError(507, 'attachments.storage_full', ['body', 'file'])
        : new AppError(500, 'attachments.storage_failed', ['body', 'file'])
    throw err
  })
  let thumbnailKey: string | null = null
  try {
    if (file.truncated()) throw new AppError(413, 'request.too_large', ['body', 'file'])
    if (size === 0) throw badInput('value_error.missing', ['body', 'file'])
    const name = cleanFileName(file.filename)
    const contentType = sniffContentType(head(), name, size <= SNIFF_BYTES)
    if (THUMBNAIL_TYPES.has(contentType)) thumbnailKey = await storeThumbnail(storage, key, log)
    const row = await db.transaction(async (tx) => {
      if (!(await lockTask(tx, nodeId, task.id))) throw notFound('tasks.task_not_found')
      const a = await insertAttachment(tx, {
        nodeId,
        id,
        taskId: task.id,
        type,
        name,
        contentType,
        size,
        storageKey: key,
        thumbnailKey,
        uploadedBy: who.userId,
      })
      await touchTask(tx, nodeId, task.id)
      await writeHistory(tx, { nodeId, taskId: task.id, actorId: who.userId, requestId: c.requestId }, [
        { field: 'attachments', old: null, new: ref(a) },
      ])
      await emitEvents(tx, [
        {
          type: 'attachment.added',
          node_id: nodeId,
          actor_id: who.userId,
          data: {
            task: { id: task.id, key: task.key },
            attachment: { ...ref(a), content_type: a.contentType, size: a.size },
          },
        },
      ])
      return a
    })
    return presentAttachment(nodeId, row, c.auth.user)
  } catch (e) {
    await storage.delete(key)
    if (thumbnailKey) await storage.delete(thumbnailKey)
    throw e
  }
}

/** The attachment's bytes and how to send them (task_view of its task). */
export async function openAttachment(db: Db, storage: FileStorage, c: Caller, nodeId: string, id: string) {
  const { row } = await reach(db, c, nodeId, id, 'task_view')
  const body = await storage.get(row.storageKey)
  if (!body) throw notFoundHere()
  return { row, body }
}

/** The thumbnail's bytes (task_view of its task, as the file itself): 404 when the image has none. */
export async function openThumbnail(db: Db, storage: FileStorage, c: Caller, nodeId: string, id: string) {
  const { row } = await reach(db, c, nodeId, id, 'task_view')
  const body = row.thumbnailKey ? await storage.get(row.thumbnailKey) : undefined
  if (!body) throw notFound('attachments.thumbnail_not_found')
  // A few kilobytes: read whole, so that it goes out with its Content-Length.
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer))
  return { row, bytes: Buffer.concat(chunks) }
}

/** Deletes an attachment (task_edit of its task); refused while the task's status keeps attachments read-only. */
export async function deleteAttachment(db: Db, storage: FileStorage, c: Caller, nodeId: string, id: string) {
  const { row, task, workflow, who } = await reach(db, c, nodeId, id, 'task_edit')
  if (fieldRulesAt(workflow, task.statusId).readonly.includes('attachments'))
    throw badInput('attachments.attachment_not_deleted', ['params', 'id'])
  await db.transaction(async (tx) => {
    if (!(await lockTask(tx, nodeId, task.id))) throw notFoundHere()
    await deleteAttachmentRow(tx, nodeId, row.id)
    await touchTask(tx, nodeId, task.id)
    await writeHistory(tx, { nodeId, taskId: task.id, actorId: who.userId, requestId: c.requestId }, [
      { field: 'attachments', old: ref(row), new: null },
    ])
    await emitEvents(tx, [
      {
        type: 'attachment.deleted',
        node_id: nodeId,
        actor_id: who.userId,
        data: { task: { id: task.id, key: task.key }, attachment: ref(row) },
      },
    ])
  })
  // After the commit: bytes whose removal fails are orphans, never a row without bytes.
  await storage.delete(row.storageKey).catch(() => undefined)
  if (row.thumbnailKey) await storage.delete(row.thumbnailKey).catch(() => undefined)
  return { id: row.id }
}
