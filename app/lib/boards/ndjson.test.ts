import { describe, expect, it } from 'vitest'
import { NdjsonLines, ndjsonLines } from './ndjson'

const bytes = (s: string) => new TextEncoder().encode(s)

/** Every way to cut the bytes in two, and into single bytes: the lines never change. */
function cuts(data: Uint8Array): Uint8Array[][] {
  const out: Uint8Array[][] = [[data], [...data].map((b) => Uint8Array.of(b))]
  for (let i = 1; i < data.length; i++) out.push([data.slice(0, i), data.slice(i)])
  return out
}

describe('NDJSON lines', () => {
  const text = '{"id":"a","title":"Задача №1 — 😀"}\n{"id":"b","t":"中文"}\r\n\n{"id":"c"}'
  const expected = ['{"id":"a","title":"Задача №1 — 😀"}', '{"id":"b","t":"中文"}', '{"id":"c"}']

  it('splits lines cut anywhere, multibyte characters across chunks included', () => {
    for (const chunks of cuts(bytes(text))) {
      const lines = new NdjsonLines()
      const got = [...chunks.flatMap((c) => lines.push(c)), ...lines.end()]
      expect(got).toEqual(expected)
      expect(got.map((l) => JSON.parse(l).id)).toEqual(['a', 'b', 'c'])
    }
  })

  it('gives a line as soon as its newline arrives, not at the end', () => {
    const lines = new NdjsonLines()
    expect(lines.push(bytes('{"id":"a"'))).toEqual([])
    expect(lines.push(bytes('}\n{"id"'))).toEqual(['{"id":"a"}'])
    expect(lines.push(bytes(':"b"}\n'))).toEqual(['{"id":"b"}'])
    expect(lines.end()).toEqual([])
  })

  it('reads an async stream of chunks', async () => {
    async function* body() {
      const all = bytes(text)
      for (let i = 0; i < all.length; i += 3) yield all.slice(i, i + 3)
    }
    const got: string[] = []
    for await (const line of ndjsonLines(body())) got.push(line)
    expect(got).toEqual(expected)
  })
})
