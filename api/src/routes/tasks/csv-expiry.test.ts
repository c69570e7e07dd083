import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApi } from '../../../test/harness'
import { type RqlWorld, seedRqlWorld } from '../../../test/rql-fixtures'
import { uploadSweeper } from '../../plugins/csv'
import { UploadSweeper } from '../../plugins/csv/upload-sweeper'
import { CSV_UPLOADS } from '../../services/csv/upload-expiry'
import { FsStorage } from '../../storage/fs-storage'

/*
 * Unused CSV uploads expire a day after their upload (upload-expiry.ts): swept at start and on the
 * worker's timer, on the real file storage; the clock is the files' own time, set by the test.
 */

const HOUR = 3_600_000
let dir: string
let w: RqlWorld
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nodus-csv-expiry-'))
  w = await seedRqlWorld(await startApi({ FILES_DIR: dir }))
}, 60_000)
afterAll(async () => {
  await w?.h.close()
  await rm(dir, { recursive: true, force: true })
})

const FILE = Buffer.from('Title\nA row\n').toString('base64')

const upload = async () => {
  const res = await w.h.call('POST', `/tasks/${w.nodeId}/csv/imports`, {
    token: w.adminToken,
    body: { file: FILE },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.id as string
}

const read = (id: string) => w.h.call('GET', `/tasks/${w.nodeId}/csv/imports/${id}`, { token: w.adminToken })

/** Sets the upload's file time `hours` back, as if it had been uploaded then. */
async function age(id: string, hours: number) {
  const names = await readdir(join(dir, CSV_UPLOADS), { recursive: true })
  const name = names.find((n) => n.endsWith(id))
  if (!name) throw new Error(`no file for ${id}`)
  const then = new Date(Date.now() - hours * HOUR)
  await utimes(join(dir, CSV_UPLOADS, name), then, then)
}

describe('CSV upload expiry', () => {
  it('an upload unused for a day is swept and its id answers 404 csv.upload_not_found; a younger one stays', async () => {
    const old = await upload()
    const young = await upload()
    await age(old, 25)
    await age(young, 23)
    await uploadSweeper(w.h.app.plugins).run()
    const gone = await read(old)
    expect([gone.status, gone.body.detail[0].type]).toEqual([404, 'csv.upload_not_found'])
    const run = await w.h.call('POST', `/tasks/${w.nodeId}/csv/imports/${old}/run`, {
      token: w.adminToken,
      body: { mapping: ['title'], process_id: w.process.dev, dry_run: true },
    })
    expect([run.status, run.body.detail[0].type]).toEqual([404, 'csv.upload_not_found'])
    expect((await read(young)).status).toBe(200)
  })

  it('sweeps at start, then on its timer, by its clock', async () => {
    const root = await mkdtemp(join(tmpdir(), 'nodus-csv-sweep-'))
    try {
      const storage = new FsStorage(root)
      const key = (name: string) => `${CSV_UPLOADS}/node/user/${name}`
      await storage.put(key('a'), Readable.from([Buffer.from('x')]))
      await storage.put(key('b'), Readable.from([Buffer.from('y')]))
      // Something else in the storage is never the sweep's.
      await writeFile(join(root, 'other'), 'z')
      // What the per-user quota counts, on the real file system: files and bytes written since.
      expect(await storage.usage(CSV_UPLOADS, new Date(Date.now() - HOUR))).toEqual({ files: 2, bytes: 2 })
      expect(await storage.usage(CSV_UPLOADS, new Date(Date.now() + HOUR))).toEqual({ files: 0, bytes: 0 })
      let now = new Date(Date.now() + 25 * HOUR)
      const errors: unknown[] = []
      const sweeper = new UploadSweeper(storage, { error: (e) => errors.push(e) }, 60_000, () => now)
      sweeper.start()
      await sweeper.run()
      expect(await storage.get(key('a'))).toBeUndefined()
      await storage.put(key('c'), Readable.from([Buffer.from('z')]))
      now = new Date(Date.now() + 23 * HOUR)
      await sweeper.run()
      expect(await storage.get(key('c'))).toBeDefined()
      expect(await readdir(root)).toContain('other')
      await sweeper.stop()
      expect(errors).toEqual([])
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})
