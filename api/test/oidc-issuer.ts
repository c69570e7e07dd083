import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose'

export interface MintOptions {
  email?: string
  audience?: string
  issuer?: string
  /** Seconds from now; negative for a token that has already expired. */
  expiresIn?: number
  claims?: JWTPayload
  /** Sign with a key the JWKS does not publish, under the published key id. */
  foreignKey?: boolean
}

export interface Issuer {
  url: string
  jwksUrl: string
  /** Answers 302 to the JWKS (a client that follows redirects would fetch it). */
  redirectUrl: string
  /** How many times the JWKS was fetched (query strings ignored: `?v=2` is a new URL to a cache). */
  jwksHits(): number
  mint(opts?: MintOptions): Promise<string>
  close(): Promise<void>
}

/**
 * A small OIDC-style identity server for tests: its own RS256 key pair, a JWKS and a discovery
 * document on a real loopback port, so verify_token runs the same code as against a real one.
 */
export async function startIssuer(defaultAudience = 'nodus'): Promise<Issuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true })
  const foreign = await generateKeyPair('RS256')
  const kid = randomUUID()
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] }

  let hits = 0
  const server = createServer((req, res) => {
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const path = new URL(req.url ?? '/', 'http://issuer').pathname
    if (path === '/.well-known/jwks.json') {
      hits++
      return json(jwks)
    }
    if (path === '/redirect') return res.writeHead(302, { location: '/.well-known/jwks.json' }).end()
    if (path === '/.well-known/openid-configuration')
      return json({
        issuer: url,
        jwks_uri: `${url}/.well-known/jwks.json`,
        id_token_signing_alg_values_supported: ['RS256'],
      })
    res.writeHead(404).end()
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    jwksUrl: `${url}/.well-known/jwks.json`,
    redirectUrl: `${url}/redirect`,
    jwksHits: () => hits,
    async mint(opts = {}) {
      const now = Math.floor(Date.now() / 1000)
      const key: CryptoKey = opts.foreignKey ? foreign.privateKey : privateKey
      return new SignJWT({ email: opts.email, ...opts.claims })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(opts.issuer ?? url)
        .setAudience(opts.audience ?? defaultAudience)
        .setSubject(randomUUID())
        .setIssuedAt(now - 60)
        .setExpirationTime(now + (opts.expiresIn ?? 300))
        .sign(key)
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  }
}
