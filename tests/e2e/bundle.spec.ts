import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E_DATA_DIR, E2E_PORT, ORIGIN } from './env'

/** Everything the browser can download: the client build (built by the web server's start). */
function clientFiles(dir = join(process.cwd(), 'public/build')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? clientFiles(path) : [path]
  })
}

/** The SECRET the server runs with: given in the environment, or generated into DATA_DIR by start.mjs. */
const serverSecret = () => process.env.SECRET ?? readFileSync(join(E2E_DATA_DIR, 'secret'), 'utf8').trim()

test.describe('nothing secret reaches the browser', () => {
  // ('SECRET' alone would match React's own internals; the secret's value is checked instead.)
  const FORBIDDEN = ['x-nodus-proxy', 'nodus-proxy', 'UPSTREAM_API_URL', 'createHmac', 'proxyKey']

  test('the client build holds no upstream URL, proxy key code or secret', async () => {
    const secret = serverSecret()
    const files = clientFiles().filter((f) => /\.(js|css|map)$/.test(f))
    expect(files.length).toBeGreaterThan(5)
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      for (const needle of [...FORBIDDEN, secret])
        expect(text.includes(needle), `${needle} in ${file}`).toBe(false)
      expect(/127\.0\.0\.1:\d{4,5}/.test(text), `an address in ${file}`).toBe(false)
    }
  })

  test('a page and its CSP hold no secret either', async ({ request }) => {
    const secret = serverSecret()
    const res = await request.get(`${ORIGIN}/auth/login`)
    const html = await res.text()
    expect(html).not.toContain(secret)
    expect(html).not.toContain('x-nodus-proxy')
    expect(html).not.toMatch(new RegExp(`127\\.0\\.0\\.1:(?!${E2E_PORT})\\d{4,5}`))
    const csp = res.headers()['content-security-policy']
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/)
    const nonce = csp.match(/'nonce-([^']+)'/)![1]
    expect(html).toContain(`nonce="${nonce}"`)
  })
})
