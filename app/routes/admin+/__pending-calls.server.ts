import type { Upstream, UpstreamResult } from '~/lib/upstream.server'

/*
 * Calls of the boards contract still being built upstream (a board's export and import, one
 * widget's data): untyped until they are in app/lib/upstream/schema.d.ts, then called through
 * `api` like every other.
 */

type Init = {
  path?: Record<string, string>
  query?: Record<string, string | number | undefined>
  body?: unknown
}
type Call = (path: string, init?: Init) => Promise<UpstreamResult<unknown, unknown>>

export const pending = (api: Upstream) => ({
  get: api.get as unknown as Call,
  post: api.post as unknown as Call,
})
