import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, startApi } from '../../../test/harness'
import { GLOBAL_TABLES } from '.'

/*
 * PRODUCT.md §9, checked on the migrated database itself (not on the Drizzle definitions), so a
 * hand-written migration cannot slip past: node_id leads every tenant table's primary key and every
 * foreign key between tenant tables — what Citus needs to distribute them by node_id.
 */

let h: Harness
beforeAll(async () => {
  h = await startApi()
})
afterAll(() => h.close())

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await h.database.db.execute(query)) as unknown as { rows: T[] }).rows
}

const isGlobal = (table: string) => (GLOBAL_TABLES as readonly string[]).includes(table)

describe('data layout (PRODUCT.md §9)', () => {
  it('has every global table, and tenant tables besides', async () => {
    const tables = (
      await rows<{ name: string }>(sql`
        select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`)
    ).map((t) => t.name)
    expect(tables).toEqual(expect.arrayContaining([...GLOBAL_TABLES]))
    expect(tables.filter((t) => !isGlobal(t) && !t.startsWith('__drizzle')).length).toBeGreaterThan(0)
  })

  it('leads the primary key of every tenant table with node_id', async () => {
    const tables = await rows<{ name: string; pk: string[] | null }>(sql`
      select c.relname as name,
             (select array_agg(a.attname::text order by k.ord)
                from pg_constraint p
                cross join lateral unnest(p.conkey) with ordinality as k(attnum, ord)
                join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum
               where p.conrelid = c.oid and p.contype = 'p') as pk
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')`)
    const tenant = tables.filter((t) => !isGlobal(t.name) && !t.name.startsWith('__drizzle'))
    const wrong = tenant
      .filter((t) => t.pk?.[0] !== 'node_id')
      .map((t) => `${t.name}: ${t.pk ?? 'no primary key'}`)
    expect(wrong).toEqual([])
  })

  it('starts every foreign key between tenant tables with node_id on both sides', async () => {
    const fks = await rows<{ name: string; from: string; to: string; cols: string[]; refs: string[] }>(sql`
      select p.conname as name, src.relname as "from", dst.relname as "to",
             (select array_agg(a.attname::text order by k.ord)
                from unnest(p.conkey) with ordinality as k(attnum, ord)
                join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum) as cols,
             (select array_agg(a.attname::text order by k.ord)
                from unnest(p.confkey) with ordinality as k(attnum, ord)
                join pg_attribute a on a.attrelid = p.confrelid and a.attnum = k.attnum) as refs
        from pg_constraint p
        join pg_class src on src.oid = p.conrelid
        join pg_class dst on dst.oid = p.confrelid
        join pg_namespace n on n.oid = src.relnamespace
       where p.contype = 'f' and n.nspname = 'public'`)
    const between = fks.filter((f) => !isGlobal(f.from) && !isGlobal(f.to))
    // team_members → teams and → node_users at least: the check must not pass on nothing.
    expect(between.length).toBeGreaterThanOrEqual(2)
    const wrong = between
      .filter((f) => f.cols[0] !== 'node_id' || f.refs[0] !== 'node_id')
      .map((f) => `${f.name}: ${f.from}(${f.cols}) → ${f.to}(${f.refs})`)
    expect(wrong).toEqual([])
  })
})
