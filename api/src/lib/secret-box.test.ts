import { describe, expect, it } from 'vitest'
import { SecretBox } from './secret-box'

describe('SecretBox', () => {
  const box = new SecretBox('a-secret-of-the-server-0123456789')

  it('seals with a fresh IV each time and opens only with the same key and context', () => {
    const a = box.seal('hunter2', 'config-1')
    const b = box.seal('hunter2', 'config-1')
    expect(a).not.toBe(b)
    expect(a).not.toContain('hunter2')
    expect(box.open(a, 'config-1')).toBe('hunter2')
    expect(box.open(a, 'config-2')).toBeUndefined()
    expect(new SecretBox('another-secret-of-the-server-99').open(a, 'config-1')).toBeUndefined()
  })

  it('refuses anything tampered or malformed', () => {
    const sealed = box.seal('value', 'c')
    const parts = sealed.split('.')
    const flipped = Buffer.from(parts[3]!, 'base64url')
    flipped[0] = flipped[0]! ^ 1
    expect(box.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'), 'c')).toBeUndefined()
    for (const bad of ['', 'v1', 'v2.a.b.c', 'v1.!!.??.##']) expect(box.open(bad, 'c')).toBeUndefined()
  })
})
