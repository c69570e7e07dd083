import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { toCell } from '@domain/csv/cells'
import { type CsvLanguage, fieldForHeader } from '@domain/csv/headers'
import { type DetailEntry, messageFor } from '@domain/errors/catalogue'
import type { Db } from '../../db/client'
import type { Caller } from '../../http/caller'
import { InvalidInput, notFound } from '../../http/errors'
import { usersByIds } from '../../repositories/tasks-repository'
import type { FileStorage } from '../../storage/storage'
import type { NodeConfig } from '../node-config'
import { taskCaller } from '../task-access'
import { requireCsv } from './csv-settings'
import {
  type FieldChange,
  type ImportOptions,
  type PlannedRow,
  planImport,
  type RefusedRow,
} from './import-plan'
import { writeImport } from './import-write'
import { type CsvFile, readCsv } from './read-file'
import { uploadKey } from './upload-expiry'
import { type UploadQuota, withinQuota } from './upload-quota'

/*
 * POST /tasks/{nodeId}/csv/imports: a file is read (and refused at once if it is not a sound CSV)
 * and kept for its uploader; POST …/imports/{id}/run maps its columns and plans every row — a dry
 * run answers what would be created and changed and every refused row; a run writes it all as one
 * batch (POST /tasks/{nodeId}/rql/undo/{batch_id} undoes it), or nothing if any row is refused.
 */

/** How many planned rows a dry run shows, and how many refused rows a refused run lists. */
const SHOWN = 50

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

/** An upload as the mapping step reads it: the headers and the field each names by default. */
const uploadInfo = (id: string, file: CsvFile, config: NodeConfig) => ({
  id,
  delimiter: file.delimiter,
  headers: file.headers,
  rows: file.rows.length,
  mapping: file.headers.map((h) => fieldForHeader(h, config.customs) ?? null),
})

/** The caller's own upload in this node, read again; 404 csv.upload_not_found for anyone else's or an expired one (upload-expiry.ts). */
async function readUpload(storage: FileStorage, key: string): Promise<CsvFile> {
  const stream = await storage.get(key)
  if (!stream) throw notFound('csv.upload_not_found', ['params', 'id'])
  return readCsv(await readAll(stream))
}

export async function uploadImport(
  db: Db,
  storage: FileStorage,
  c: Caller,
  nodeId: string,
  bytes: Uint8Array,
  quota: UploadQuota,
) {
  const who = await taskCaller(db, c, nodeId)
  await requireCsv(db, nodeId)
  const file = readCsv(bytes)
  const id = randomUUID()
  await withinQuota(storage, quota, nodeId, c.auth.user.id, bytes.length, () =>
    storage.put(uploadKey(nodeId, c.auth.user.id, id), Readable.from([Buffer.from(bytes)])),
  )
  return uploadInfo(id, file, who.config)
}

export async function getUpload(db: Db, storage: FileStorage, c: Caller, nodeId: string, id: string) {
  const who = await taskCaller(db, c, nodeId)
  await requireCsv(db, nodeId)
  return uploadInfo(id, await readUpload(storage, uploadKey(nodeId, c.auth.user.id, id)), who.config)
}

export interface RunInput extends ImportOptions {
  dry_run: boolean
  lang: CsvLanguage
}

/** A change's value as the file would hold it: a status's name, a user's e-mail, a custom value's text. */
function shownValue(config: NodeConfig, emails: Map<string, string>, lang: CsvLanguage) {
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined) return ''
    if (field === 'status') return config.statuses.get(String(value))?.name ?? String(value)
    if (field === 'assignee') return emails.get(String(value)) ?? String(value)
    const def = config.customs.find((d) => d.name === field)
    if (def) return toCell(def, value, lang)
    return typeof value === 'string' ? value : JSON.stringify(value)
  }
}

function presentRow(p: PlannedRow, show: ReturnType<typeof shownValue>) {
  const side = (changes: FieldChange[], which: 'old' | 'new') =>
    Object.fromEntries(changes.map((ch) => [ch.field, show(ch.field, ch[which])]))
  if (p.action === 'create') {
    const v = p.values
    const after: Record<string, string> = {
      title: v.title,
      status: show('status', v.status),
      ...(v.assignee ? { assignee: show('assignee', v.assignee) } : {}),
    }
    for (const [k, val] of Object.entries(v.custom_fields)) if (val !== null) after[k] = show(k, val)
    return { line: p.line, action: p.action, key: null, before: {}, after }
  }
  if (p.action === 'update')
    return {
      line: p.line,
      action: p.action,
      key: p.task.key,
      before: side(p.changes, 'old'),
      after: side(p.changes, 'new'),
    }
  return { line: p.line, action: p.action, key: p.task.key, before: {}, after: {} }
}

const rowDetail = (r: RefusedRow): DetailEntry[] => r.detail

export async function runImport(
  db: Db,
  storage: FileStorage,
  c: Caller,
  nodeId: string,
  id: string,
  input: RunInput,
) {
  const key = uploadKey(nodeId, c.auth.user.id, id)
  const who = await taskCaller(db, c, nodeId)
  await requireCsv(db, nodeId)
  const file = await readUpload(storage, key)
  const batchId = randomUUID()
  const result = await db.transaction(async (tx) => {
    const plan = await planImport(tx, nodeId, who, file, input, !input.dry_run)
    const count = (a: PlannedRow['action']) => plan.planned.filter((p) => p.action === a).length
    if (input.dry_run) {
      const emails = new Map<string, string>()
      const ids = [
        ...new Set(
          plan.planned
            .slice(0, SHOWN)
            .flatMap((p) => ('values' in p && p.values.assignee ? [p.values.assignee] : [])),
        ),
      ]
      if (ids.length) {
        for (const u of await usersByIds(tx, ids)) emails.set(u.id, u.email)
      }
      const show = shownValue(who.config, emails, input.lang)
      return {
        dry_run: true as const,
        created: count('create'),
        updated: count('update'),
        unchanged: count('unchanged'),
        refused: plan.refused.length,
        rows: plan.planned
          .filter((p) => p.action !== 'unchanged')
          .slice(0, SHOWN)
          .map((p) => presentRow(p, show)),
        refusals: plan.refused,
      }
    }
    if (plan.refused.length) {
      const head: DetailEntry = {
        type: 'csv.rows_refused',
        msg: messageFor('csv.rows_refused', { count: plan.refused.length }),
        ctx: { count: plan.refused.length },
      }
      throw new InvalidInput([head, ...plan.refused.slice(0, SHOWN).flatMap(rowDetail)])
    }
    const written = await writeImport(tx, nodeId, c, batchId, plan.planned)
    return {
      dry_run: false as const,
      ...written,
      unchanged: count('unchanged'),
      batch_id: written.created + written.updated ? batchId : null,
    }
  })
  if (!result.dry_run) await storage.delete(key)
  return result
}
