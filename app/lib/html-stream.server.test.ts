import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { htmlBodyStream, stripNul } from './html-stream.server'

describe('stripNul (React 18.3 pads a chunk with NUL bytes before a multi-byte character)', () => {
  it('leaves a clean chunk as it is (the same buffer)', () => {
    const clean = Buffer.from('<p>Русский</p>')
    expect(stripNul(clean)).toBe(clean)
  })

  it('drops the padding, keeping the characters whole', () => {
    const padded = Buffer.concat([Buffer.from('<span>Русск'), Buffer.from([0]), Buffer.from('ий</span>')])
    expect(stripNul(padded).toString('utf8')).toBe('<span>Русский</span>')
  })

  it('streams: what React wrote, without the NULs', async () => {
    const chunks = [Buffer.from('中文'), Buffer.from([0, 0]), Buffer.from('页面')]
    expect(await text(Readable.from(chunks).pipe(htmlBodyStream()))).toBe('中文页面')
  })
})
