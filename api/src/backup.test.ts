import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, USER } from '../test/harness'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { nodes, users } from './db/schema'
import { ensureNode, seed } from './seed'

/*
 * Issue 15 item 5: `npm run nodus -- backup|restore` as operators run them (child processes) over an
 * embedded database in a temp DATA_DIR with attachments in DATA_DIR/files. Always PGlite: with
 * PostgreSQL the docs give pg_dump/pg_restore instead.
 */

// Always the embedded database: it runs once, in the embedded pass of `npm test`. The directories
// are made only then: in a skipped file the hooks that remove them do not run.
const embedded = !process.env.TEST_DATABASE_URL
const dataDir = embedded ? mkdtempSync(join(tmpdir(), 'nodus-backup-')) : ''
const out = embedded ? join(mkdtempSync(join(tmpdir(), 'nodus-backup-out-')), 'backup-1') : ''
const env = { DATA_DIR: dataDir, SECRET: 'backup-test-secret-0123456789', LOG_LEVEL: 'silent' }
const root = join(import.meta.dirname, '../..')
const stored = join(dataDir, 'files/attachments/n1/a1')
const added = join(dataDir, 'files/attachments/n1/a2')

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env }
  delete childEnv.DATABASE_URL
  delete childEnv.TEST_DATABASE_URL
  return new Promise((resolve) => {
    execFile('npx', ['tsx', 'api/src/cli.ts', ...args], { cwd: root, env: childEnv }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

async function inDatabase<T>(run: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase({ dataDir })
  try {
    return await run(database.db)
  } finally {
    await database.close()
  }
}

const emails = () =>
  inDatabase(async (db) => (await db.select({ e: users.email }).from(users)).map((r) => r.e).sort())
const domains = () =>
  inDatabase(async (db) => (await db.select({ d: nodes.domain }).from(nodes)).map((r) => r.d).sort())

beforeAll(async () => {
  const config = loadConfig({
    ...env,
    ADMIN_PASSWORD: ADMIN.password,
    USER_PASSWORD: USER.password,
    SEED_DEMO: '0',
  })
  await inDatabase((db) => seed(db, config, { info() {}, warn() {} }))
  mkdirSync(join(dataDir, 'files/attachments/n1'), { recursive: true })
  writeFileSync(stored, 'the bytes of an attachment')
}, 120_000)
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(join(out, '..'), { recursive: true, force: true })
})

describe.skipIf(!embedded)('npm run nodus -- backup / restore (embedded database)', () => {
  it('round trip: what was changed or deleted after the backup is as it was after the restore', {
    timeout: 240_000,
  }, async () => {
    const before = { emails: await emails(), domains: await domains() }
    const made = await cli('backup', out)
    expect(made.stderr).not.toMatch(/Failed/)
    expect(made.code).toBe(0)
    expect(made.stdout).toMatch(/Backup written to .*: the database and 1 file/)
    expect(readdirSync(out).sort()).toEqual(['database.tar.gz', 'files', 'manifest.json'])

    // After the backup: a user changed, a node added, a file deleted and another added.
    await inDatabase(async (db) => {
      await db.update(users).set({ email: 'changed@example.com' }).where(eq(users.email, USER.email))
      await ensureNode(db, 'later')
    })
    rmSync(stored)
    writeFileSync(added, 'uploaded after the backup')
    expect(await emails()).toContain('changed@example.com')

    const back = await cli('restore', out)
    expect(back.stderr).not.toMatch(/Failed/)
    expect(back.code).toBe(0)
    expect(back.stdout).toMatch(/Restored the backup of .*: the database and 1 file/)
    expect(back.stdout).toMatch(/before-restore-/)
    expect({ emails: await emails(), domains: await domains() }).toEqual(before)
    expect(readFileSync(stored, 'utf8')).toBe('the bytes of an attachment')
    expect(existsSync(added)).toBe(false)
  })

  it('refuses a folder that is not empty, and one that is not a backup, with exit code 1', {
    timeout: 120_000,
  }, async () => {
    const full = await cli('backup', out)
    expect(full.code).toBe(1)
    expect(full.stderr).toMatch(/is not empty/)
    const notBackup = await cli('restore', dataDir)
    expect(notBackup.code).toBe(1)
    expect(notBackup.stderr).toMatch(/not a Nodus backup/)
    expect((await emails()).length).toBeGreaterThan(0)
  })
})
