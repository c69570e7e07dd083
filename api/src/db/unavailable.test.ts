import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './unavailable'

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it('knows the ways a database goes away, also wrapped by Drizzle', () => {
    for (const err of [
      coded('ECONNREFUSED'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Failed query: select 1', { cause: coded('ECONNRESET') }),
      Object.assign(new AggregateError([coded('ECONNREFUSED')]), { code: undefined }),
    ])
      expect(isDatabaseUnavailable(err), String(err)).toBe(true)
  })

  it('leaves a bad query or a bug a bug', () => {
    for (const err of [
      coded('23505', 'duplicate key value'),
      coded('42P01', 'relation does not exist'),
      new TypeError('x is undefined'),
      new Error('Failed query: select', { cause: coded('22P02') }),
      undefined,
      'text',
    ])
      expect(isDatabaseUnavailable(err), String(err)).toBe(false)
  })
})
