import { describe, expect, it } from 'vitest'
import { SUPPORTED_LANGUAGES, textsUrl } from '~/i18n'
import { RESOURCES_VERSION, resources } from '~/lib/i18n-resources.server'
import { loader } from './texts.$lng'

/** GET the URL the page's head names, through the route's loader. */
async function get(lng: string, version: string) {
  const url = `http://start.localhost${textsUrl(lng, version)}`
  try {
    return await loader({ request: new Request(url), params: { lng }, context: {} })
  } catch (thrown) {
    return thrown as Response
  }
}

describe('GET /resources/texts/{lng}', () => {
  for (const lng of SUPPORTED_LANGUAGES)
    it(`gives every namespace of ${lng}, kept a year under the current version`, async () => {
      const res = await get(lng, RESOURCES_VERSION)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(await res.json()).toEqual(resources[lng])
    })

  it('gives an old version today’s texts, not to be kept', async () => {
    const res = await get('en', 'stale')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect((await res.json()).common).toEqual(resources.en.common)
  })

  it('answers 404 for a language Nodus does not have', async () => {
    expect((await get('de', RESOURCES_VERSION)).status).toBe(404)
    expect((await get('..', RESOURCES_VERSION)).status).toBe(404)
  })
})
