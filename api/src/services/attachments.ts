import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import { type Readable, Transform } from 'node:stream'
import { fieldRulesAt } from '@domain/workflow/moves'
import type { Db } from '../db/client'
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
import { SNIFF_BYTES, sniffContentType } from '../storage/sniff'
import { forgetTotals } from './task-counts'
import { presentAttachment } from './task-read'
import { taskFor } from './tasks'

/*
 * Attachments of a task (spec §7): uploaded with task_edit, read with task_view, deleted with
 * task_edit. The bytes go to the storage first and the row follows in a transaction (a failed row
 * removes the bytes); a deletion removes the row first and the bytes after it commits. The content
 * type is sniffed from the bytes. Thumbnails: none yet (no image library is installed), so
 * thumbnail_key stays null and the card shows the image itself for the raster types.
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

export async function uploadAttachment(
  db: Db,
  storage: FileStorage,
  c: Caller,
  nodeId: string,
  taskId: string,
  type: string,
  file: Upload | undefined,
) {
  const { task, workflow, who } = await taskFor(db, c, nodeId, taskId, 'task_edit')
  if (fieldRulesAt(workflow, task.statusId).readonly.includes('attachments'))
    throw badInput('workflow.field_readonly', ['body', 'file'], { field: 'attachments' })
  if (!file) throw badInput('value_error.missing', ['body', 'file'])
  const id = randomUUID()
  const key = `attachments/${nodeId}/${id}`
  const { tap, head } = headOf(SNIFF_BYTES)
  file.stream.on('error', (err) => tap.destroy(err))
  const { size } = await storage.put(key, file.stream.pipe(tap))
  try {
    if (file.truncated()) throw new AppError(413, 'request.too_large', ['body', 'file'])
    if (size === 0) throw badInput('value_error.missing', ['body', 'file'])
    const name = cleanFileName(file.filename)
    const row = await db.transaction(async (tx) => {
      if (!(await lockTask(tx, nodeId, task.id))) throw notFound('tasks.task_not_found')
      const a = await insertAttachment(tx, {
        nodeId,
        id,
        taskId: task.id,
        type,
        name,
        contentType: sniffContentType(head(), name, size <= SNIFF_BYTES),
        size,
        storageKey: key,
        thumbnailKey: null,
        uploadedBy: who.userId,
      })
      await touchTask(tx, nodeId, task.id)
      await writeHistory(tx, { nodeId, taskId: task.id, actorId: who.userId, requestId: c.requestId }, [
        { field: 'attachments', old: null, new: ref(a) },
      ])
      return a
    })
    forgetTotals(nodeId)
    return presentAttachment(nodeId, row, c.auth.user)
  } catch (e) {
    await storage.delete(key)
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
  })
  forgetTotals(nodeId)
  // After the commit: bytes whose removal fails are orphans, never a row without bytes.
  await storage.delete(row.storageKey).catch(() => undefined)
  return { id: row.id }
}
