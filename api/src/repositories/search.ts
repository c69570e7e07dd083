import { type Column, type SQL, sql } from 'drizzle-orm'

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Any part of any of the columns, in any case; undefined (no condition) without a search. */
export function containsAny(search: string | undefined, ...columns: Column[]): SQL | undefined {
  if (!search) return undefined
  const pattern = `%${escapeLike(search)}%`
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ilike ${pattern}`),
    sql` or `,
  )})`
}

export const offsetOf = (p: { page: number; per_page: number }) => (p.page - 1) * p.per_page
