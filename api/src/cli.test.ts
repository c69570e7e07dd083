import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RIGHT_CODES } from '@domain/rights/rights'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, USER } from '../test/harness'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { nodes, rights, users } from './db/schema'
import { seed } from './seed'

/*
 * The CLI as operators run it: a child process over an embedded database in a temp DATA_DIR, always
 * PGlite (whatever database the rest of the suite uses), seeded first as the server would on its
 * first start. The child and this file never hold the database open at the same time.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'nodus-cli-'))
const env = { DATA_DIR: dataDir, SECRET: 'cli-test-secret-0123456789', LOG_LEVEL: 'silent' }
const root = join(import.meta.dirname, '../..')

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

async function inDatabase<T>(
  run: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ dataDir })
  try {
    return await run(database.db)
  } finally {
    await database.close()
  }
}

beforeAll(async () => {
  const config = loadConfig({
    ...env,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    USER_PASSWORD: USER.password,
  })
  await inDatabase((db) => seed(db, config, { info() {}, warn() {} }))
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('npm run nodus -- …', () => {
  it('node:create makes the node and its administrator, with every right', async () => {
    const res = await cli('node:create', 'Acme')
    expect(res.stderr).not.toMatch(/Failed/)
    expect(res.code).toBe(0)
    expect(res.stdout).toMatch(/Node "acme" created/)
    const granted = await inDatabase(async (db) => {
      const [node] = await db.select().from(nodes).where(eq(nodes.domain, 'acme'))
      const [admin] = await db.select().from(users).where(eq(users.email, ADMIN.email))
      return db
        .select({ code: rights.rightCode })
        .from(rights)
        .where(and(eq(rights.nodeId, node!.id), eq(rights.subjectId, admin!.id)))
    })
    expect(granted.map((r) => r.code).sort()).toEqual([...RIGHT_CODES].sort())
  })

  it('refuses to create it twice, with exit code 1', async () => {
    const res = await cli('node:create', 'acme')
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(/Node "acme" already exists/)
  })

  it('refuses a bad domain and an unknown admin email, creating nothing', async () => {
    const bad = await cli('node:create', 'bad_domain')
    expect([bad.code, bad.stderr]).toEqual([1, expect.stringMatching(/Invalid domain/)])
    const nobody = await cli('node:create', 'beta', '--admin-email', 'nobody@example.com')
    expect([nobody.code, nobody.stderr]).toEqual([1, expect.stringMatching(/No user with email/)])
    const domains = await inDatabase((db) => db.select({ domain: nodes.domain }).from(nodes))
    expect(domains.map((d) => d.domain).sort()).toEqual(['acme', 'demo', 'start'])
  })

  it('node:list lists the nodes; help and unknown commands explain themselves', async () => {
    const list = await cli('node:list')
    expect(list.code).toBe(0)
    expect(list.stdout.split('\n').map((l) => l.split(/\s+/)[0])).toEqual([
      'DOMAIN',
      'acme',
      'demo',
      'start',
      '',
    ])
    const help = await cli('help')
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('node:create <domain>')])
    const unknown = await cli('node:delete', 'acme')
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('Unknown command')])
  })
})
