import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUserCentre, type UserCentre } from '../../tests/fixtures/user-centre'
import { askUserCentre, SignInError, userCentreToken } from './auth.server'

describe('userCentreToken', () => {
  it.each([
    [{ data: [{ auth_data: { access_token: 'abc' } }] }, 'abc'],
    [
      { data: [{ auth_data: { access_token: 'first' } }, { auth_data: { access_token: 'second' } }] },
      'first',
    ],
    [{ data: [{ auth_data: { access_token: '' } }] }, null],
    [{ data: [{ auth_data: { access_token: 42 } }] }, null],
    [{ data: [{ auth_data: {} }] }, null],
    [{ data: [] }, null],
    [{ data: { auth_data: { access_token: 'abc' } } }, null],
    [{ access_token: 'abc' }, null],
    [{ data: [{ auth_data: { access_token: 'x'.repeat(16_385) } }] }, null],
    [null, null],
    ['abc', null],
  ])('%j → %j', (body, token) => expect(userCentreToken(body)).toBe(token))
})

describe('askUserCentre, against a real local user centre', () => {
  let centre: UserCentre
  const account = { email: 'Vera@Example.com', password: 'centre-password' }
  beforeAll(async () => {
    // The centre listens on loopback: the outbound guard lets the web app call it only so (ADR 027).
    process.env.OUTBOUND_ALLOW_PRIVATE = '1'
    centre = await startUserCentre({ accounts: [account], projectId: 'p-1', accountId: 'a-1' })
  })
  afterAll(async () => {
    delete process.env.OUTBOUND_ALLOW_PRIVATE
    await centre.close()
  })

  const config = () => ({ url: centre.url, project_id: 'p-1', account_id: 'a-1' })
  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: unknown) => (e instanceof SignInError ? `${e.code} ${e.status}` : String(e)),
    )

  it('posts the credentials as JSON with the Project-ID and Account-ID headers and returns the token', async () => {
    const token = await askUserCentre(config(), { email: 'vera@example.com', password: account.password })
    expect(decodeJwt(token)).toMatchObject({ iss: centre.issuer, aud: 'nodus', email: account.email })
    expect(centre.calls.at(-1)).toMatchObject({
      projectId: 'p-1',
      accountId: 'a-1',
      contentType: 'application/json',
      body: { email: 'vera@example.com', password: account.password },
      status: 200,
    })
  })

  it('refuses wrong credentials and wrong headers as incorrect credentials', async () => {
    expect(await codeOf(askUserCentre(config(), { email: account.email, password: 'nope' }))).toBe(
      'users.incorrect_username_or_password 400',
    )
    expect(await codeOf(askUserCentre({ ...config(), project_id: 'other' }, account))).toBe(
      'users.incorrect_username_or_password 400',
    )
    expect(await codeOf(askUserCentre({ url: centre.url }, account))).toBe(
      'users.incorrect_username_or_password 400',
    )
  })

  it('refuses a centre on a private address without the opt-in: nothing is sent', async () => {
    const calls = centre.calls.length
    for (const url of [centre.url, centre.url.replace('127.0.0.1', '[::ffff:127.0.0.1]')])
      expect(await codeOf(askUserCentre({ url }, account, { allowPrivate: () => false }))).toBe(
        'request.upstream_unavailable 503',
      )
    delete process.env.OUTBOUND_ALLOW_PRIVATE
    expect(await codeOf(askUserCentre(config(), account))).toBe('request.upstream_unavailable 503')
    process.env.OUTBOUND_ALLOW_PRIVATE = '1'
    expect(centre.calls.length).toBe(calls)
  })

  it('sends no Project-ID or Account-ID header when none is configured', async () => {
    const open = await startUserCentre({ accounts: [account] })
    try {
      await askUserCentre({ url: open.url }, account)
      expect(open.calls[0]).toMatchObject({ projectId: undefined, accountId: undefined, status: 200 })
    } finally {
      await open.close()
    }
  })

  describe('answers that are not a token', () => {
    let origin: string
    const server = createServer((req, res) => {
      if (req.url === '/html')
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>')
      if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'application/json' })
        return res.end(`{"data":[{"auth_data":{"access_token":"${'x'.repeat(2 * 1024 * 1024)}"}}]}`)
      }
      if (req.url === '/redirect') return res.writeHead(302, { location: '/elsewhere' }).end()
      if (req.url === '/elsewhere') throw new Error('a redirect was followed')
      res.writeHead(502).end()
    })
    beforeAll(async () => {
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    })
    afterAll(() => new Promise<void>((ok) => server.close(() => ok())))

    it.each([
      ['/html', 'users.incorrect_username_or_password 400'],
      ['/huge', 'users.incorrect_username_or_password 400'],
      ['/redirect', 'request.upstream_unavailable 503'],
      ['/down', 'request.upstream_unavailable 503'],
    ])('%s → %s', async (path, code) => {
      expect(await codeOf(askUserCentre({ url: `${origin}${path}` }, account))).toBe(code)
    })

    it('a centre that is not listening is unavailable', async () => {
      const closed = createServer()
      await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok))
      const port = (closed.address() as AddressInfo).port
      await new Promise<void>((ok) => closed.close(() => ok()))
      expect(await codeOf(askUserCentre({ url: `http://127.0.0.1:${port}/login` }, account))).toBe(
        'request.upstream_unavailable 503',
      )
    })
  })
})
