import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { API_TYPES_FILE, generateApiTypes } from './api-types.mjs'

// STYLE.md §12 and §17: the web app's upstream types are generated from the committed contract and
// committed; a contract change whose types were not regenerated fails here. Fix: `npm run openapi`.
it('the committed app/lib/upstream/schema.d.ts matches api/openapi.json', async () => {
  expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(await generateApiTypes())
})
