import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { FsStorage } from './fs-storage'
import { MemoryStorage } from './memory-storage'

const root = mkdtempSync(join(tmpdir(), 'nodus-files-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const text = async (r: Readable | undefined) => {
  const chunks: Buffer[] = []
  for await (const c of r!) chunks.push(Buffer.from(c))
  return Buffer.concat(chunks).toString()
}

describe.each([
  ['filesystem', () => new FsStorage(root)],
  ['memory', () => new MemoryStorage()],
])('%s storage', (_name, make) => {
  it('puts, gets and deletes by key; a missing key is nothing', async () => {
    const s = make()
    expect(await s.put('attachments/n1/a', Readable.from([Buffer.from('hel'), Buffer.from('lo')]))).toEqual({
      size: 5,
    })
    expect(await text(await s.get('attachments/n1/a'))).toBe('hello')
    await s.delete('attachments/n1/a')
    expect(await s.get('attachments/n1/a')).toBeUndefined()
    await s.delete('attachments/n1/a')
  })

  it('refuses keys that would leave its root', async () => {
    const s = make()
    await expect(s.put('../x', Readable.from([Buffer.from('x')]))).rejects.toThrow(/bad storage key/)
    await expect(s.get('/etc/passwd')).rejects.toThrow(/bad storage key/)
  })
})

it('leaves no partial file behind when the stream fails', async () => {
  const s = new FsStorage(root)
  const failing = new Readable({
    read() {
      this.destroy(new Error('connection lost'))
    },
  })
  await expect(s.put('attachments/n2/b', failing)).rejects.toThrow('connection lost')
  expect(readdirSync(join(root, 'attachments/n2'))).toEqual([])
})
