import { afterEach, describe, expect, it, vi } from 'vitest'
import { TokenSigner } from './tokens'

describe('TokenSigner', () => {
  afterEach(() => vi.useRealTimers())
  const claims = { userId: 'u1', sessionId: 's1' }

  it('verifies its own tokens, again and again, and no one else’s', async () => {
    const signer = new TokenSigner('a-secret-of-enough-length')
    const token = await signer.sign({ ...claims, expiresAt: new Date(Date.now() + 60_000) })
    expect(await signer.verify(token)).toEqual(claims)
    expect(await signer.verify(token)).toEqual(claims)
    expect(await new TokenSigner('another-secret-entirely').verify(token)).toBeNull()
    const [head, body, sig] = token.split('.')
    expect(await signer.verify(`${head}.${body}.${sig!.slice(0, -2)}xx`)).toBeNull()
  })

  it('refuses a token once it has expired, even one it verified before', async () => {
    const signer = new TokenSigner('a-secret-of-enough-length')
    const token = await signer.sign({ ...claims, expiresAt: new Date(Date.now() + 5_000) })
    expect(await signer.verify(token)).toEqual(claims)
    vi.useFakeTimers({ now: Date.now() + 10_000 })
    expect(await signer.verify(token)).toBeNull()
    expect(await signer.verify(token)).toBeNull()
  })
})
