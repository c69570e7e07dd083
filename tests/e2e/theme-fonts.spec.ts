import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { patchNode, readNode, type Settings } from '../fixtures/node-settings'
import { ADMIN, ORIGIN, tenant } from './env'
import { apiToken, signIn } from './utils'

// Issue 25: the node theme's fonts are stored as data: URLs but no longer inlined into each page.
// Every page's @font-face points at GET /resources/theme-font/{i}?v={hash}, answered with the font's
// type and a year's immutable cache, for the node of the host only; the first face is preloaded.
// The font must still be applied, with and without JavaScript. The node `start` gets its theme back.

/** A real TrueType font (Playwright's icon font, found rather than named: its file name carries a hash). */
function realFont(): Buffer {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'))
  const file = (readdirSync(root, { recursive: true }) as string[]).find((f) => f.endsWith('.ttf'))
  if (!file) throw new Error('no .ttf in playwright-core')
  return readFileSync(join(root, file))
}

const FONT = realFont()
const FAMILY = 'E2E Brand'

let token: string
let original: Settings

test.beforeAll(async ({ request }) => {
  token = await apiToken(request, ADMIN)
  original = (await readNode(request, ORIGIN, token)).settings
  await patchNode(request, ORIGIN, token, {
    theme: {
      css: `body { font-family: "${FAMILY}", sans-serif }`,
      fonts: [
        {
          src: `data:font/ttf;base64,${FONT.toString('base64')}`,
          family: FAMILY,
          weight: '400',
          style: 'normal',
        },
      ],
    },
  })
})

test.afterAll(async ({ request }) => {
  await patchNode(request, ORIGIN, token, { theme: original.theme ?? null })
})

/** Signs in and opens /lk; the page's HTML as the server sent it, and the font URL it names. */
async function openLk(page: Page) {
  await page.goto('/auth/login?redirectTo=%2Flk')
  await signIn(page, ADMIN)
  await expect(page).toHaveURL(`${ORIGIN}/lk`)
  const res = await page.goto('/lk')
  const html = await res!.text()
  const url = /url\("(\/resources\/theme-font\/0\?v=[0-9a-f]{16})"\) format\("truetype"\)/.exec(html)?.[1]
  expect(url, 'the @font-face names the served font').toBeTruthy()
  return { html, url: url! }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })
    test(`a page names the font by a cached URL, not a data: URL, and applies it (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
      page,
    }) => {
      const fontAnswers: { url: string; status: number }[] = []
      page.on('response', (r) => {
        if (r.url().includes('/resources/theme-font/')) fontAnswers.push({ url: r.url(), status: r.status() })
      })
      const { html, url } = await openLk(page)

      expect(html).not.toContain('data:font')
      expect(html).not.toContain(FONT.toString('base64').slice(0, 64))
      // The first face is preloaded, as a font (crossorigin, so the preload is the one @font-face uses).
      await expect(
        page.locator(`link[rel="preload"][as="font"][type="font/ttf"][crossorigin]`),
      ).toHaveAttribute('href', url)

      // Applied: the body's family is the node's, and the browser fetched the face from that URL.
      await expect(page.locator('body')).toHaveCSS('font-family', `"${FAMILY}", sans-serif`)
      await expect.poll(() => fontAnswers).toContainEqual({ url: `${ORIGIN}${url}`, status: 200 })
      if (javaScriptEnabled) {
        // The face itself loaded (a font the browser could not use would be 'error').
        const status = await page.evaluate(async (family) => {
          await document.fonts.ready
          return [...document.fonts].filter((f) => f.family.replace(/"/g, '') === family).map((f) => f.status)
        }, FAMILY)
        expect(status).toEqual(['loaded'])
      }
    })
  })
}

test('the font URL answers the file with its type and a year of immutable cache; anything else is a 404', async ({
  page,
  request,
}) => {
  const { url } = await openLk(page)
  const res = await request.get(`${ORIGIN}${url}`)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toBe('font/ttf')
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(res.headers()['x-content-type-options']).toBe('nosniff')
  expect((await res.body()).equals(FONT)).toBe(true)

  // A hash that is not the file's (a stale page, a guess), a place with no font, no hash: not found,
  // and not cached.
  for (const wrong of [
    url.replace(/v=[0-9a-f]+/, 'v=0000000000000000'),
    url.replace('/theme-font/0', '/theme-font/1'),
    url.replace('/theme-font/0', '/theme-font/x'),
    '/resources/theme-font/0',
  ]) {
    const miss = await request.get(`${ORIGIN}${wrong}`)
    expect(miss.status(), wrong).toBe(404)
    expect(miss.headers()['cache-control'], wrong).toBe('no-store')
  }

  // Another node's host does not serve this node's font (the demo node has none).
  const other = await page.goto(`${tenant('demo')}${url}`)
  expect(other?.status()).toBe(404)
})
