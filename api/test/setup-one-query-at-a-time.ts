import { afterAll, afterEach } from 'vitest'

/*
 * node-postgres runs one query at a time per connection. A second one sent on a connection that is
 * still running one (a transaction's statements under Promise.all) is queued with a deprecation
 * warning today and refused from pg@9 on: a test that makes one fails here (db/reads.ts is the way
 * to read side by side). The warning comes a tick after the query, so a query at the very end of a
 * test is reported by the next one's check.
 */
const QUEUED = 'when the client is already executing a query'
const seen: string[] = []
const onWarning = (w: Error) => {
  if (w.name === 'DeprecationWarning' && w.message.includes(QUEUED)) seen.push(w.stack ?? w.message)
}
process.on('warning', onWarning)

afterEach(() => {
  const found = seen.splice(0)
  if (found.length) throw new Error(`a query was sent on a connection still running another:\n${found[0]}`)
})
afterAll(() => {
  process.off('warning', onWarning)
})
