import { inArray, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/** The processes a task right reaches: every one of the node's, or these ids (maybe none). */
export type ProcessScope = 'all' | string[]

/** A WHERE condition keeping the rows of a column of process ids within the scope (undefined: all). */
export function scopeCondition(scope: ProcessScope, column: AnyPgColumn): SQL | undefined {
  if (scope === 'all') return undefined
  if (scope.length === 0) return sql`false`
  return inArray(column, scope)
}

export const inScope = (scope: ProcessScope, processId: string) =>
  scope === 'all' || scope.includes(processId)
