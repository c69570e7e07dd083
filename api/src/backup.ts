import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Config } from './config'
import { createPglite as openPglite } from './db/client'

/*
 * Backup and restore of the embedded database (PGlite in DATA_DIR/pglite) and the attachments
 * (FILES_DIR), for `npm run nodus -- backup|restore <dir>` (docs/operations.md). A backup is a
 * folder: database.tar.gz (PGlite's own dump of its data directory), files/ (a copy of FILES_DIR)
 * and manifest.json. The server must be stopped: the embedded database is one process's.
 * With PostgreSQL the database is backed up with pg_dump instead (the docs say how).
 */

const FORMAT = 1
const DUMP = 'database.tar.gz'
const MANIFEST = 'manifest.json'

export interface Manifest {
  format: number
  created_at: string
  database: 'pglite'
  files: number
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

/** The number of files under a folder (0 when it is missing). */
async function countFiles(dir: string): Promise<number> {
  if (!(await exists(dir))) return 0
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile()).length
}

/** A refusal the operator can act on (the CLI prints it as is). */
export class BackupRefusal extends Error {}

/** Writes a backup into `out`, a folder that must not exist yet or be empty. */
export async function backup(config: Config, out: string): Promise<Manifest> {
  if (config.DATABASE_URL)
    throw new BackupRefusal(
      'DATABASE_URL is set: back the database up with pg_dump, and copy FILES_DIR (docs/operations.md).',
    )
  const dbDir = join(config.dataDir, 'pglite')
  if (!(await exists(join(dbDir, 'PG_VERSION'))))
    throw new BackupRefusal(`No embedded database in ${config.dataDir}: nothing to back up.`)
  if ((await exists(out)) && (await readdir(out)).length > 0)
    throw new BackupRefusal(`${out} is not empty: give a new folder.`)
  await mkdir(out, { recursive: true })
  const db = await openPglite(dbDir)
  try {
    const dump = await db.dumpDataDir('gzip')
    await writeFile(join(out, DUMP), Buffer.from(await dump.arrayBuffer()))
  } finally {
    await db.close()
  }
  // Partial uploads (*.part) are never part of what was stored.
  if (await exists(config.filesDir))
    await cp(config.filesDir, join(out, 'files'), {
      recursive: true,
      filter: (src) => !src.endsWith('.part'),
    })
  else await mkdir(join(out, 'files'))
  const manifest: Manifest = {
    format: FORMAT,
    created_at: new Date().toISOString(),
    database: 'pglite',
    files: await countFiles(join(out, 'files')),
  }
  await writeFile(join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

/**
 * Replaces the embedded database and the files with a backup's. What was there is kept beside,
 * renamed `….before-restore-<time>`, until the operator removes it. Returns those names.
 */
export async function restore(
  config: Config,
  from: string,
): Promise<{ manifest: Manifest; keptAside: string[] }> {
  if (config.DATABASE_URL)
    throw new BackupRefusal('DATABASE_URL is set: restore the database with pg_restore (docs/operations.md).')
  let manifest: Manifest
  try {
    manifest = JSON.parse(await readFile(join(from, MANIFEST), 'utf8')) as Manifest
  } catch {
    throw new BackupRefusal(`${from} is not a Nodus backup (no readable ${MANIFEST}).`)
  }
  if (manifest.format !== FORMAT || manifest.database !== 'pglite' || !(await exists(join(from, DUMP))))
    throw new BackupRefusal(`${from} is not a backup this version can restore.`)
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const dbDir = join(config.dataDir, 'pglite')
  const keptAside: string[] = []
  // The new database is made beside and checked before anything is replaced.
  const incoming = `${dbDir}.restoring-${stamp}`
  await mkdir(incoming, { recursive: true })
  try {
    const dump = new Blob([new Uint8Array(await readFile(join(from, DUMP)))])
    const db = await openPglite(incoming, dump)
    try {
      await db.query('select 1')
    } finally {
      await db.close()
    }
  } catch (err) {
    await rm(incoming, { recursive: true, force: true })
    throw new BackupRefusal(`The backup's database could not be read: ${(err as Error).message}`)
  }
  if (await exists(dbDir)) {
    const aside = `${dbDir}.before-restore-${stamp}`
    await rename(dbDir, aside)
    keptAside.push(aside)
  }
  await rename(incoming, dbDir)
  if (config.filesDir !== ':memory:') {
    if (await exists(config.filesDir)) {
      const aside = `${config.filesDir}.before-restore-${stamp}`
      await rename(config.filesDir, aside)
      keptAside.push(aside)
    }
    if (await exists(join(from, 'files'))) await cp(join(from, 'files'), config.filesDir, { recursive: true })
    else await mkdir(config.filesDir, { recursive: true })
  }
  return { manifest, keptAside }
}
