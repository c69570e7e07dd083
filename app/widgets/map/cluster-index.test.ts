import { MAP_MAX_ZOOM } from '@domain/widgets/map-geo'
import { describe, expect, it } from 'vitest'
import { ClusterIndex } from './cluster-index'
import { PIE_PARTS, parsePieId, pieId, pieSlices, shortCount } from './pie'

const WORLD: [number, number, number, number] = [-180, -85, 180, 85]

/** Three tasks at one spot (statuses 0, 1, 1), one 50 km away (status 2), one with no status. */
const index = () =>
  new ClusterIndex({
    lon: [37.6, 37.6, 37.6, 38.4, 37.6001],
    lat: [55.75, 55.75, 55.75, 56.2, 55.7501],
    status: [0, 1, 1, 2, -1],
    statuses: 3,
  })

describe("the browser's clusters", () => {
  it('count the mix of their statuses, a task without one only in the count', () => {
    const [one] = index().at(WORLD, 3)
    expect(one).toMatchObject({ count: 5, mix: [1, 2, 1], point: -1 })
  })

  it('split as the zoom grows; each level sums its own, never another level’s', () => {
    const ix = index()
    ix.at(WORLD, 3)
    const at10 = ix.at(WORLD, 10).sort((a, b) => b.count - a.count)
    expect(at10.map((p) => [p.count, p.mix])).toEqual([
      [4, [1, 2, 0]],
      [1, [0, 0, 1]],
    ])
    expect(at10[1]).toMatchObject({ cluster: -1, point: 3 })
    // Asked again at a lower zoom: the same sums (a cluster's array is its own).
    expect(ix.at(WORLD, 3)[0]!.mix).toEqual([1, 2, 1])
  })

  it('keep tasks at the same coordinates together up to the maximum zoom, then list them', () => {
    const ix = index()
    const spot = ix.at(WORLD, MAP_MAX_ZOOM).find((p) => p.count === 3)!
    expect(spot.mix).toEqual([1, 2, 0])
    expect(ix.expansionZoom(spot.cluster)).toBeGreaterThan(MAP_MAX_ZOOM)
    expect(ix.leaves(spot.cluster).sort()).toEqual([0, 1, 2])
  })
})

describe("a cluster's picture", () => {
  it('gives every status with tasks its share of the ring, adding up to the whole', () => {
    expect(pieSlices([1, 2, 1])).toEqual([
      [0, 6],
      [1, 12],
      [2, 6],
    ])
    const tiny = pieSlices([1000, 1, 0])
    expect(tiny.find(([i]) => i === 1)![1]).toBe(1)
    expect(tiny.reduce((a, [, p]) => a + p, 0)).toBe(PIE_PARTS)
    expect(pieSlices([0, 0])).toEqual([])
  })

  it('is named by its count and colours, and read back from its name', () => {
    const id = pieId(12_345, [
      ['#4ea7fc', 20],
      ['rgb(1, 2, 3)', 4],
    ])
    expect(parsePieId(id)).toEqual({
      label: '12k',
      slices: [
        ['#4ea7fc', 20],
        ['rgb(1, 2, 3)', 4],
      ],
    })
    expect(parsePieId('marker-15')).toBeNull()
    expect(parsePieId('pie:1:x*99')).toBeNull()
    expect([999, 1234, 1_250_000].map(shortCount)).toEqual(['999', '1.2k', '1.2M'])
  })
})
