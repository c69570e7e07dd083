import { describe, expect, it } from 'vitest'
import { sniffContentType } from './sniff'

const bytes = (...b: number[]) => Uint8Array.from(b)
const text = (s: string) => new TextEncoder().encode(s)

describe('sniffContentType: from the bytes, never the claimed name', () => {
  it.each<[string, Uint8Array, string, string]>([
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'a.txt', 'image/png'],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0), 'a.png', 'image/jpeg'],
    ['gif', text('GIF89a\0\0'), 'a', 'image/gif'],
    ['webp', text('RIFF\0\0\0\0WEBPVP8 '), 'x.jpg', 'image/webp'],
    ['pdf', text('%PDF-1.7\n'), 'report.docx', 'application/pdf'],
    ['zip', bytes(0x50, 0x4b, 0x03, 0x04, 0), 'a.zip', 'application/zip'],
    [
      'docx is a zip named docx',
      bytes(0x50, 0x4b, 0x03, 0x04, 0),
      'Letter.DOCX',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['mp4', bytes(0, 0, 0, 0x18, ...text('ftypmp42')), 'v', 'video/mp4'],
    ['text', text('hello, мир'), 'photo.png', 'text/plain; charset=utf-8'],
    ['csv', text('a;b\n1;2\n'), 'table.csv', 'text/csv; charset=utf-8'],
    [
      'svg',
      text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'a.png',
      'image/svg+xml',
    ],
    ['html stays text', text('<html><script>alert(1)</script>'), 'a.gif', 'text/plain; charset=utf-8'],
    ['binary', bytes(0, 1, 2, 3, 0xfe), 'a.txt', 'application/octet-stream'],
    ['bad utf-8', bytes(0x41, 0xc3, 0x28), 'a.txt', 'application/octet-stream'],
    ['empty', bytes(), 'a.txt', 'application/octet-stream'],
  ])('%s', (_label, head, name, expected) => {
    expect(sniffContentType(head, name)).toBe(expected)
  })

  it('forgives a UTF-8 sequence cut by the end of a full head', () => {
    const head = text(`${'a'.repeat(4095)}я`).subarray(0, 4096)
    expect(sniffContentType(head, 'a.txt', false)).toBe('text/plain; charset=utf-8')
    expect(sniffContentType(head, 'a.txt', true)).toBe('application/octet-stream')
  })
})
