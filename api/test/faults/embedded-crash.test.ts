import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type ApiProcess, demoProcess, signIn, sleep, startApiProcess } from '../processes'
import { loadLoop, tally } from './load'

/*
 * Issue 15: a write the upstream acknowledged survives a kill -9 of the process holding the embedded
 * database (PGlite in DATA_DIR). The PostgreSQL counterpart is in postgres-faults.test.ts. Runs in
 * the embedded pass of `npm test` only: it is about PGlite whatever TEST_DATABASE_URL says.
 */
// Made by the test itself: in a skipped file (the PostgreSQL pass) the hook that removes it does not run.
let dir: string | undefined
let api: ApiProcess | undefined

afterAll(async () => {
  await api?.stop('SIGKILL')
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database and a kill -9', () => {
  it('keeps every acknowledged task when the upstream is killed under a create loop', {
    timeout: 240_000,
  }, async () => {
    dir = mkdtempSync(join(tmpdir(), 'nodus-crash-'))
    api = await startApiProcess({ DATA_DIR: dir, SEED_DEMO: '1' })
    let call = await signIn(api.url)
    const { nodeId, processId } = await demoProcess(api.url, call)
    const loop = loadLoop(4, (n) => ({
      what: 'create',
      call: () => call('POST', `/tasks/${nodeId}/${processId}`, { title: `Crash ${n}` }),
    }))
    await sleep(2_000)
    api.child.kill('SIGKILL')
    await new Promise((r) => api!.child.once('exit', r))
    const outcomes = await loop.stop()
    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.id!)
    expect(acknowledged.length, JSON.stringify(tally(outcomes))).toBeGreaterThan(5)

    api = await startApiProcess({ DATA_DIR: dir, SEED_DEMO: '1' })
    call = await signIn(api.url)
    const missing: string[] = []
    for (const id of acknowledged)
      if ((await call('GET', `/tasks/${nodeId}/${id}`)).status !== 200) missing.push(id)
    expect(missing, `${missing.length} of ${acknowledged.length} acknowledged tasks missing`).toEqual([])
  })
})
