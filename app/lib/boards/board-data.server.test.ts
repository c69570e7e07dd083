import { describe, expect, it } from 'vitest'
import type { Upstream } from '../upstream.server'
import { loadBoardData } from './board-data.server'

/*
 * loadBoardData over a fake upstream stream: one promise per widget, settled as its line comes,
 * never rejected.
 */

const enc = (s: string) => new TextEncoder().encode(s)

function fakeApi(chunks: () => AsyncIterable<Uint8Array>, status = 200, seen: URLSearchParams[] = []) {
  return {
    stream: async (_path: string, init: { search?: URLSearchParams }) => {
      seen.push(init.search ?? new URLSearchParams())
      return status === 200
        ? { status, ok: true, headers: {}, body: chunks(), detail: [] }
        : {
            status,
            ok: false,
            headers: {},
            body: undefined,
            detail: [{ type: 'rights.forbidden', msg: 'Forbidden' }],
          }
    },
  } as unknown as Upstream
}

const line = (id: string, data: unknown) => `${JSON.stringify({ id, type: 'table', data })}\n`

describe('loadBoardData', () => {
  it('settles each widget as its line arrives, the others still pending', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => {
      release = r
    })
    const seen: URLSearchParams[] = []
    const api = fakeApi(
      async function* () {
        const first = line('a', { n: 1 })
        yield enc(first.slice(0, 5))
        yield enc(first.slice(5))
        await gate
        yield enc(line('b', { n: 2 }))
      },
      200,
      seen,
    )
    const q = new URLSearchParams('w.a.page=2&widgets=zzz')
    const results = await loadBoardData(api, 'n', 'b', q, ['a', 'b', 'c'])
    expect(seen[0]?.get('widgets')).toBe('a,b,c')
    expect(seen[0]?.get('w.a.page')).toBe('2')
    expect(await results.a).toEqual({ type: 'table', data: { n: 1 } })
    let bDone = false
    void results.b!.then(() => {
      bDone = true
    })
    await new Promise((r) => setTimeout(r, 10))
    expect(bDone).toBe(false)
    release()
    expect(await results.b).toEqual({ type: 'table', data: { n: 2 } })
    // Never answered: an error result, not a rejection.
    expect(await results.c).toMatchObject({ error: { type: 'widgets.widget_not_found' } })
  })

  it('turns a broken stream and a refusal into error results', async () => {
    const broken = await loadBoardData(
      fakeApi(async function* () {
        yield enc(line('a', {}))
        throw new Error('socket hang up')
      }),
      'n',
      'b',
      new URLSearchParams(),
      ['a', 'b'],
    )
    expect(await broken.a).toMatchObject({ data: {} })
    expect(await broken.b).toMatchObject({ error: { type: 'request.upstream_unavailable' } })
    const refused = await loadBoardData(
      fakeApi(async function* () {}, 403),
      'n',
      'b',
      new URLSearchParams(),
      ['a'],
    )
    expect(await refused.a).toMatchObject({ error: { type: 'rights.forbidden' } })
  })

  it('without ids reads the whole answer first', async () => {
    const all = await loadBoardData(
      fakeApi(async function* () {
        yield enc(`${line('a', 1)}not json\n${line('b', 2)}`)
      }),
      'n',
      'b',
      new URLSearchParams(),
    )
    expect(Object.keys(all)).toEqual(['a', 'b'])
    expect(await all.b).toEqual({ type: 'table', data: 2 })
  })
})
