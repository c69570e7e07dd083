import { describe, expect, it } from 'vitest'
import { bboxAround, inBbox, parseBbox, parseCenter, toWorld } from './map-geo'
import { addMix, mergeCells, mixOf } from './map-mix'

describe("a cluster's status mix", () => {
  it('counts one task under its status, a status gone under none', () => {
    expect(mixOf(1, 3)).toEqual([0, 1, 0])
    expect(mixOf(-1, 3)).toEqual([0, 0, 0])
  })

  it('adds up as clusters merge', () => expect(addMix([1, 0, 2], [0, 3, 1])).toEqual([1, 3, 3]))

  it("merges a grid cell's rows per status into one cluster at the centroid of its tasks", () => {
    const clusters = mergeCells(
      [
        { cx: 1, cy: 1, status: 0, n: 2, lon: 20, lat: 100 },
        { cx: 1, cy: 1, status: 2, n: 1, lon: 13, lat: 53 },
        { cx: 5, cy: 1, status: 1, n: 1, lon: 1, lat: 2 },
        { cx: 5, cy: 1, status: -1, n: 1, lon: 3, lat: 4 },
      ],
      3,
    )
    expect(clusters).toEqual([
      { lon: 11, lat: 51, count: 3, mix: [2, 0, 1] },
      { lon: 2, lat: 3, count: 2, mix: [0, 1, 0] },
    ])
  })
})

describe('the map viewport', () => {
  it('is centred on its centre', () => {
    const [w, s, e, n] = bboxAround({ lat: 55.8, lon: 37.6 }, 7)
    expect((w + e) / 2).toBeCloseTo(37.6, 5)
    expect(s).toBeLessThan(55.8)
    expect(n).toBeGreaterThan(55.8)
    // Mercator: the centre's y is halfway between the edges' y, not its latitude.
    expect((toWorld(0, s)[1] + toWorld(0, n)[1]) / 2).toBeCloseTo(toWorld(0, 55.8)[1], 9)
  })

  it('covers the world at zoom 0', () => {
    const [w, s, e, n] = bboxAround({ lat: 0, lon: 0 }, 0, 2000, 2000)
    expect([w, e]).toEqual([-180, 180])
    expect(s).toBeCloseTo(-85.0511, 4)
    expect(n).toBeCloseTo(85.0511, 4)
  })

  it('reads a box and a centre leniently', () => {
    expect(parseBbox('2,48.5,3,49')).toEqual([2, 48.5, 3, 49])
    expect(parseBbox('2,49,3,48')).toBeUndefined()
    expect(parseBbox('2,48,3')).toBeUndefined()
    expect(parseBbox('1e3,0,1,1')).toBeUndefined()
    expect(parseCenter('55.8, 37.6')).toEqual({ lat: 55.8, lon: 37.6 })
    expect(parseCenter('95, 37')).toBeUndefined()
  })

  it('crosses the antimeridian when west is east of east', () => {
    expect(inBbox([170, -10, -170, 10], 179, 0)).toBe(true)
    expect(inBbox([170, -10, -170, 10], 0, 0)).toBe(false)
  })
})
