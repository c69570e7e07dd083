import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { type APIRequestContext, expect, test } from '@playwright/test'
import { ADMIN, E2E_DATA_DIR, E2E_PORT, ORIGIN } from './env'
import { apiToken } from './utils'

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

test.describe('the JavaScript a page loads', () => {
  /** Every script of a page: its module preloads, its scripts and the modules they import, gzipped. */
  async function pageJsKB(request: APIRequestContext, path: string, token: string) {
    const html = await (
      await request.get(`${ORIGIN}${path}`, { headers: { cookie: `_token=${token}` } })
    ).text()
    const urls = new Set<string>()
    for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]!)
    for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]!)
    let bytes = 0
    const maplibre: string[] = []
    for (const url of urls) {
      const body = await (await request.get(`${ORIGIN}${url}`)).body()
      bytes += gzipSync(body).length
      if (/maplibre/i.test(url) || body.includes('maplibregl-map')) maplibre.push(url)
    }
    return { files: urls.size, kb: bytes / 1024, maplibre }
  }

  test('the home board with its table and calendar loads at most 250 KB of JavaScript, gzip (issue 11)', async ({
    request,
  }) => {
    const token = await apiToken(request, ADMIN)
    const lk = await pageJsKB(request, '/lk', token)
    console.log(`/lk: ${lk.files} files, ${lk.kb.toFixed(1)} KB gzip`)
    expect(lk.kb).toBeLessThanOrEqual(250)
    // maplibre (~300 KB gzip) only in the map widget's lazy chunk (issue 12).
    expect(lk.maplibre).toEqual([])
  })
})
