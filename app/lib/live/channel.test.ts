import { describe, expect, it } from 'vitest'
import { streamUrl } from './channel'

describe('streamUrl', () => {
  it('asks for the union of what the pages show: every board once, the card’s task', () => {
    expect(streamUrl([{}])).toBe('/events')
    expect(streamUrl([{}, { boards: ['b2', 'b1'] }, { boards: ['b1'] }, { task: 't1' }])).toBe(
      '/events?boards=b1%2Cb2&task=t1',
    )
  })
})
