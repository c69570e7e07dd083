import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { nodeUsers, users } from '../db/schema'
import type { Caller } from '../http/caller'
import { AppError, badInput, notFound } from '../http/errors'
import { findUserById, lockUser, publicUser, type UserRow } from '../repositories/users-repository'
import type { FileStorage } from '../storage'
import { sniffContentType } from '../storage/sniff'
import { StorageError } from '../storage/storage'
import { requireSelfOrUserAdmin } from './access'
import type { Upload } from './attachments'

/*
 * A user's picture (spec §3 `logo`), kept in the attachments' file storage under
 * `user-logos/{userId}/{logoId}`. Set and removed by the user themself or an administrator of a
 * node they share (as PATCH /users/{id}); read by anyone who shares a node with them. Only small
 * PNG, JPEG and WebP images, recognised by their bytes: never SVG or HTML, whatever the client says.
 */

/** The largest picture accepted, in bytes. */
export const LOGO_MAX_BYTES = 512 * 1024

/** What a picture may be: raster images a browser shows and runs nothing from. */
export const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp'])

const keyOf = (userId: string, logoId: string) => `user-logos/${userId}/${logoId}`
const atFile = ['body', 'file']

/** The upload read whole (it is small): its bytes, or the refusal of a picture past the limit. */
async function readUpload(file: Upload | undefined): Promise<Buffer> {
  if (!file) throw badInput('value_error.missing', atFile)
  const chunks: Buffer[] = []
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Buffer))
  const bytes = Buffer.concat(chunks)
  if (file.truncated() || bytes.length > LOGO_MAX_BYTES)
    throw badInput('users.logo_too_large', atFile, { max_kb: LOGO_MAX_BYTES / 1024 })
  if (bytes.length === 0) throw badInput('value_error.missing', atFile)
  return bytes
}

/** Sets the user's picture, replacing the one they had: the user as the API shows it. */
export async function setUserLogo(
  db: Db,
  storage: FileStorage,
  c: Caller,
  userId: string,
  file: Upload | undefined,
  nodeId?: string,
) {
  const { target } = await requireSelfOrUserAdmin(db, c.auth, userId, nodeId)
  const bytes = await readUpload(file)
  const contentType = sniffContentType(bytes.subarray(0, 4096), '', bytes.length <= 4096)
  if (!LOGO_TYPES.has(contentType)) throw badInput('users.logo_type', atFile)
  const logoId = randomUUID()
  const key = keyOf(target.id, logoId)
  await storage.put(key, Readable.from([bytes])).catch((err) => {
    if (err instanceof StorageError)
      throw err.kind === 'full'
        ? new AppError(507, 'attachments.storage_full', atFile)
        : new AppError(500, 'attachments.storage_failed', atFile)
    throw err
  })
  try {
    const { row, old } = await replaceLogo(db, target.id, { logoId, logoType: contentType })
    if (old) await storage.delete(keyOf(target.id, old)).catch(() => undefined)
    return publicUser(row)
  } catch (e) {
    await storage.delete(key).catch(() => undefined)
    throw e
  }
}

/** Removes the user's picture (none is no error): the user as the API shows it. */
export async function removeUserLogo(
  db: Db,
  storage: FileStorage,
  c: Caller,
  userId: string,
  nodeId?: string,
) {
  const { target } = await requireSelfOrUserAdmin(db, c.auth, userId, nodeId)
  const { row, old } = await replaceLogo(db, target.id, { logoId: null, logoType: null })
  // After the commit: bytes whose removal fails are orphans, never a user pointing at nothing.
  if (old) await storage.delete(keyOf(target.id, old)).catch(() => undefined)
  return publicUser(row)
}

/** Writes the new picture's id under the user's lock; answers the row and the id it replaced. */
async function replaceLogo(
  db: Db,
  userId: string,
  logo: { logoId: string | null; logoType: string | null },
): Promise<{ row: UserRow; old: string | null }> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw notFound('users.user_not_found')
    const before = await findUserById(tx, userId)
    const [row] = await tx
      .update(users)
      .set({ ...logo, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning()
    return { row: row!, old: before?.logoId ?? null }
  })
}

const theirs = alias(nodeUsers, 'theirs')

/** Whether the two users are in one node at least. */
async function shareNode(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ nodeId: nodeUsers.nodeId })
    .from(nodeUsers)
    .innerJoin(theirs, and(eq(theirs.nodeId, nodeUsers.nodeId), eq(theirs.userId, b)))
    .where(eq(nodeUsers.userId, a))
    .limit(1)
  return row !== undefined
}

/**
 * The picture's bytes and type, for the user themself or anyone who shares a node with them; an
 * id that is not their current picture's is 404 users.logo_not_found, as is a stranger's picture.
 */
export async function openUserLogo(db: Db, storage: FileStorage, c: Caller, userId: string, logoId: string) {
  const missing = () => notFound('users.logo_not_found')
  const self = userId === c.auth.user.id
  if (!self && !(await shareNode(db, c.auth.user.id, userId))) throw missing()
  const user = await findUserById(db, userId)
  if (!user?.logoId || user.logoId !== logoId || !user.logoType) throw missing()
  const body = await storage.get(keyOf(user.id, logoId))
  if (!body) throw missing()
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer))
  return { contentType: user.logoType, bytes: Buffer.concat(chunks) }
}
