/**
 * The operators' command line: `npm run nodus -- <command>` (docs/operations.md).
 * It opens the same database as the server, from the same environment.
 */
import { parseArgs } from 'node:util'
import { nodeDomainSchema } from '@domain/nodes/node-domain'
import { RIGHT_CODES } from '@domain/rights/rights'
import { BackupRefusal, backup, restore } from './backup'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { writeAudit } from './repositories/audit-repository'
import { firstSuperuser, listAllNodes } from './repositories/nodes-repository'
import { grantRight } from './repositories/rights-repository'
import { findUserByEmail } from './repositories/users-repository'
import { bindUser, ensureNode } from './seed'

const HELP = `Usage: npm run nodus -- <command> [options]

Commands:
  node:create <domain> [--admin-email <email>]
      Creates a node (a DNS label: a-z, 0-9, '-', 1-63 characters) and makes its administrator,
      with every right, the user with that email (who must exist) or else the first superuser.
  node:list
      Lists the nodes with their number of users.
  backup <dir>
      Writes a backup of the embedded database and the attachments (FILES_DIR) into a new folder.
  restore <dir>
      Replaces the embedded database and the attachments with those of a backup; what was there
      is kept beside (….before-restore-<time>) until you remove it.
  help
      Shows this text.

The database is the server's: DATABASE_URL, or else the embedded one in DATA_DIR (default ./data).
With DATABASE_URL, back up and restore with pg_dump and pg_restore (docs/operations.md).
The embedded database admits one process at a time: stop the server before running a command.
Exit codes: 0 done, 1 refused or failed, 2 bad usage.`

/** A refusal the operator can act on: its message is printed as is, and the exit code is 1. */
class Refusal extends Error {}

async function withDatabase<T>(run: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const config = loadConfig()
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    listenUrl: config.DATABASE_LISTEN_URL,
    pooler: config.DATABASE_POOLER,
    dataDir: config.dataDir,
  })
  try {
    return await run(database.db)
  } finally {
    await database.close()
  }
}

async function createNode(rawDomain: string | undefined, adminEmail: string | undefined): Promise<void> {
  const parsed = nodeDomainSchema.safeParse(rawDomain ?? '')
  if (!parsed.success)
    throw new Refusal(
      `Invalid domain "${rawDomain ?? ''}": use 1-63 of a-z, 0-9 and '-', not starting or ending with '-'.`,
    )
  const domain = parsed.data
  const { node, admin } = await withDatabase((db) =>
    // One transaction: a refusal half-way leaves no node without an administrator behind.
    db.transaction(async (tx) => {
      const admin = adminEmail ? await findUserByEmail(tx, adminEmail) : await firstSuperuser(tx)
      if (!admin)
        throw new Refusal(
          adminEmail
            ? `No user with email ${adminEmail}.`
            : 'No superuser yet: start the server once (it creates the administrator), or pass --admin-email.',
        )
      const { node, created } = await ensureNode(tx, domain)
      if (!created) throw new Refusal(`Node "${domain}" already exists (id ${node.id}).`)
      await bindUser(tx, node.id, admin.id)
      for (const code of RIGHT_CODES) await grantRight(tx, node.id, { type: 'user', id: admin.id }, code)
      await writeAudit(tx, {
        nodeId: node.id,
        actorId: null,
        action: 'nodes.created',
        data: { via: 'cli', admin: admin.email },
      })
      return { node, admin }
    }),
  )
  console.log(`Node "${node.domain}" created (id ${node.id}); administrator: ${admin.email}.`)
}

async function listNodes(): Promise<void> {
  const rows = await withDatabase((db) => listAllNodes(db))
  const width = Math.max(6, ...rows.map((r) => r.domain.length))
  console.log(`${'DOMAIN'.padEnd(width)}  ${'ID'.padEnd(36)}  USERS`)
  for (const r of rows) console.log(`${r.domain.padEnd(width)}  ${r.id}  ${r.users}`)
}

async function backupTo(dir: string | undefined): Promise<void> {
  if (!dir) throw new Refusal('Say where: backup <dir>.')
  const m = await backup(loadConfig(), dir)
  console.log(`Backup written to ${dir}: the database and ${m.files} file(s).`)
}

async function restoreFrom(dir: string | undefined): Promise<void> {
  if (!dir) throw new Refusal('Say from where: restore <dir>.')
  const { manifest, keptAside } = await restore(loadConfig(), dir)
  console.log(`Restored the backup of ${manifest.created_at}: the database and ${manifest.files} file(s).`)
  for (const path of keptAside)
    console.log(`What was there before is kept in ${path} (remove it when satisfied).`)
}

const parse = (argv: string[]) =>
  parseArgs({
    args: argv,
    allowPositionals: true,
    options: { 'admin-email': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })

async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parse>
  try {
    args = parse(argv)
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${HELP}`)
    return 2
  }
  const [command, ...rest] = args.positionals
  try {
    if (!command || command === 'help' || args.values.help) console.log(HELP)
    else if (command === 'node:create') await createNode(rest[0], args.values['admin-email'])
    else if (command === 'node:list') await listNodes()
    else if (command === 'backup') await backupTo(rest[0])
    else if (command === 'restore') await restoreFrom(rest[0])
    else {
      console.error(`Unknown command "${command}".\n\n${HELP}`)
      return 2
    }
    return 0
  } catch (err) {
    if (err instanceof Refusal || err instanceof BackupRefusal) console.error(err.message)
    else console.error('Failed:', err)
    return 1
  }
}

process.exitCode = await main(process.argv.slice(2))
