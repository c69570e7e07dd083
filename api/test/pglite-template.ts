import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPglite, migratePglite } from '../src/db/client'

/*
 * The api project's global setup: on the embedded database, one PGlite is created and migrated
 * once per run, and its data directory dumped to a file that every test file's upstream starts
 * from (harness.ts, NODUS_TEST_PGLITE_TEMPLATE): a new PGlite's initdb and migrations cost seconds
 * per file, loading the dump a fraction of that. The migrations still run on each start (none is
 * left to apply), so a template older than the code cannot go unnoticed.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL) return
  const client = await createPglite(undefined)
  await migratePglite(client)
  const dump = await client.dumpDataDir('none')
  await client.close()
  const dir = await mkdtemp(join(tmpdir(), 'nodus-pglite-template-'))
  const file = join(dir, 'pglite.tar')
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  // Set before the workers are forked: they inherit it.
  process.env.NODUS_TEST_PGLITE_TEMPLATE = file
  return async () => {
    delete process.env.NODUS_TEST_PGLITE_TEMPLATE
    await rm(dir, { recursive: true, force: true })
  }
}
