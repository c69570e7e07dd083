import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { generateOpenApi, OPENAPI_FILE } from './openapi'

// STYLE.md §12: the generated contract is committed, and a change to the routes that is not
// reflected in it fails here. Fix: `npm run openapi` and commit api/openapi.json.
it('the committed api/openapi.json matches the route schemas', async () => {
  const committed = readFileSync(OPENAPI_FILE, 'utf8')
  expect(JSON.parse(await generateOpenApi())).toEqual(JSON.parse(committed))
})
