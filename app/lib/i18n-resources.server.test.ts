import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { i18nConfig, SUPPORTED_LANGUAGES } from '~/i18n'
import { lookupResources, resources } from './i18n-resources.server'

/** The server's lookup copy (every namespace in the default one) translates exactly as the walk does. */
describe('lookupResources', () => {
  for (const lng of SUPPORTED_LANGUAGES)
    it(`gives every key the text i18next's namespace walk gives, in ${lng}`, async () => {
      const walk = createInstance()
      await walk.init({ ...i18nConfig, resources, lng })
      const lookup = createInstance()
      await lookup.init({ ...i18nConfig, resources: lookupResources, lng })
      let checked = 0
      for (const [ns, texts] of Object.entries(resources[lng]))
        for (const key of Object.keys(texts)) {
          const base = key.replace(/_(zero|one|two|few|many|other)$/, '')
          for (const options of [{}, { count: 1 }, { count: 3 }, { count: 11 }]) {
            expect(lookup.t(base, options), `${ns}: ${key}`).toBe(walk.t(base, options))
            expect(lookup.t(base, { ...options, ns }), `${ns}: ${key}`).toBe(walk.t(base, { ...options, ns }))
          }
          checked++
        }
      expect(checked).toBeGreaterThan(500)
    })
})
