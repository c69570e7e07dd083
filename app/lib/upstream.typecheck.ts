import type { Upstream } from './upstream.server'

/*
 * Type-level tests of the typed upstream client, checked by `npm run typecheck` (tsc) and never run
 * nor bundled (nothing imports this file). Each `@ts-expect-error` is a mistake the contract must
 * refuse to compile: if the client ever lets one through, the directive itself becomes the error.
 */

export async function typedUpstreamChecks(api: Upstream, nodeId: string) {
  const sid = { nodeId, statusId: nodeId }
  // Right: the template, its parameters, a query, a body; the answer's fields are the contract's.
  const statuses = await api.get('/api/statuses/{nodeId}', { path: { nodeId }, query: { per_page: 10 } })
  if (statuses.ok) statuses.data[0]?.color.toUpperCase() satisfies string | undefined
  if (statuses.ok) statuses.meta.total satisfies number
  const made = await api.post('/api/statuses/{nodeId}', { path: { nodeId }, body: { name: 'Open' } })
  if (made.ok) made.data.id satisfies string

  // @ts-expect-error a path the contract does not have
  await api.get('/api/statuses/{nodeId}/all', { path: { nodeId } })
  // @ts-expect-error a method the path does not answer
  await api.del('/api/statuses/{nodeId}', { path: { nodeId } })
  // @ts-expect-error a path parameter the template does not name
  await api.get('/api/statuses/{nodeId}', { path: { nodeId, statusId: nodeId } })
  // @ts-expect-error a path parameter left out
  await api.get('/api/statuses/{nodeId}/{statusId}', { path: { nodeId } })
  // @ts-expect-error no parameters at all for a template that has some
  await api.get('/api/statuses/{nodeId}')
  // @ts-expect-error a query parameter the operation does not take
  await api.get('/api/statuses/{nodeId}', { path: { nodeId }, query: { sort: 'name' } })
  // @ts-expect-error a body field the operation does not take
  await api.post('/api/statuses/{nodeId}', { path: { nodeId }, body: { name: 'Open', colour: '#fff' } })
  // @ts-expect-error a body field of the wrong type
  await api.patch('/api/statuses/{nodeId}/{statusId}', { path: sid, body: { name: 1 } })

  const one = await api.get('/api/statuses/{nodeId}/{statusId}', { path: sid })
  if (one.ok) {
    // @ts-expect-error a response field the contract does not have
    one.data.colour
    // @ts-expect-error a one-item answer has no list meta
    one.meta.total
  }
  // @ts-expect-error data before `ok` was checked may be undefined
  statuses.data.length
}
