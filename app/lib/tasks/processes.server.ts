import { hasRight } from '@domain/rights/rights'
import type { Access } from '../access.server'
import type { Schema } from '../upstream/types'
import { upstream } from '../upstream.server'

/** A process as the upstream answers it. */
export type ProcessInfo = Schema<'Process'>

/** The most processes a node lists in one call (PRODUCT.md §2 caps pages at 500). */
const PER_PAGE = 500

/** The node's processes, by key. A node with more than 500 processes shows its first 500. */
export async function listProcesses(request: Request, access: Pick<Access, 'node'>): Promise<ProcessInfo[]> {
  const res = await upstream(request).get('/api/processes/{nodeId}', {
    path: { nodeId: access.node.id },
    query: { per_page: PER_PAGE },
  })
  if (!res.ok) return []
  return [...res.data].sort((a, b) => a.key.localeCompare(b.key))
}

/** The processes the user may create tasks in: task_create with the process key (none = every one). */
export async function creatableProcesses(request: Request, access: Access): Promise<ProcessInfo[]> {
  const all = await listProcesses(request, access)
  return all.filter((p) => hasRight(access.rights, 'task_create', p.key))
}

/** One process by its key, or undefined. Keys are upper case (domain/workflow/process-key.ts). */
export async function processByKey(request: Request, access: Access, key: string) {
  const wanted = key.toUpperCase()
  const res = await upstream(request).get('/api/processes/{nodeId}', {
    path: { nodeId: access.node.id },
    query: { search: wanted, per_page: PER_PAGE },
  })
  return res.ok ? res.data.find((p) => p.key === wanted) : undefined
}
