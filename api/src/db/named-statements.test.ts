import { type SQL, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { jsonbLiteral, withoutJsonbLiterals } from '../rql/literal'
import type { Db } from './client'
import { enableNamedStatements, executeNamed } from './named-statements'

/*
 * Statements built per request run as named ones on node-postgres (ADR 021 §6): planned once per
 * connection from a text's second run on, at most a few kept per connection. Each statement here
 * is a shape of its own (the number written into its text), its value a parameter.
 */

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
const dialect = new PgDialect()
/** A statement as a query builder gives it: runnable, and its text and parameters. */
const statement = (q: SQL) => Object.assign(q, { toSQL: () => dialect.sqlToQuery(q) })
const shape = (n: number, value: number) =>
  statement(sql`select ${sql.raw(String(n))}::int + ${value}::int as n`)

describe('named statements (PostgreSQL)', () => {
  it.skipIf(!serverUrl)(
    'answers as a plain statement, keeps at most the limit per connection, and prepares an evicted one again',
    async () => {
      const pool = new pg.Pool({ connectionString: serverUrl, max: 1 })
      const db = drizzle(pool) as unknown as Db
      enableNamedStatements(db, pool)
      try {
        for (let round = 0; round < 3; round++)
          for (let n = 0; n < 5; n++) {
            const rows = await executeNamed<{ n: number }>(db, shape(n, 10 * round), 3)
            expect(rows).toEqual([{ n: n + 10 * round }])
          }
        const kept = await pool.query<{ name: string }>('select name from pg_prepared_statements')
        expect(kept.rows.length).toBe(3)
        expect(kept.rows.every((r) => r.name.startsWith('n_'))).toBe(true)
      } finally {
        await pool.end()
      }
    },
  )

  it.skipIf(!serverUrl)('a statement the server refuses fails alone: the next ones are served', async () => {
    const pool = new pg.Pool({ connectionString: serverUrl, max: 1 })
    const db = drizzle(pool) as unknown as Db
    enableNamedStatements(db, pool)
    try {
      const bad = statement(sql`select 1 from nowhere_at_all`)
      await expect(executeNamed(db, bad)).rejects.toThrow(/nowhere_at_all/)
      await expect(executeNamed(db, bad)).rejects.toThrow(/nowhere_at_all/)
      const zero = statement(sql`select 1 / ${0}::int as n`)
      await expect(executeNamed(db, zero)).rejects.toThrow(/division by zero/)
      expect(await executeNamed(db, shape(7, 1))).toEqual([{ n: 8 }])
    } finally {
      await pool.end()
    }
  })

  it.skipIf(!serverUrl)(
    'a jsonb literal reads back as the document, quotes and backslashes included',
    async () => {
      const pool = new pg.Pool({ connectionString: serverUrl, max: 1 })
      const db = drizzle(pool) as unknown as Db
      try {
        for (const conforming of ['on', 'off']) {
          await pool.query(`set standard_conforming_strings = ${conforming}`)
          const doc = { cf_x: `it's a \\ "quote" \\' ''; select 1; -- ё 中 \n\t` }
          const res = (await db.execute(sql`select (${jsonbLiteral(doc)})::text as t`)) as unknown as {
            rows: { t: string }[]
          }
          expect(JSON.parse(res.rows[0]!.t)).toEqual(doc)
        }
      } finally {
        await pool.end()
      }
    },
  )
})

describe('jsonb literals in the SQL text', () => {
  it('are the only place a value is written, and tests can take them out', () => {
    const text = dialect.sqlToQuery(sql`x @> ${jsonbLiteral({ a: "«'\\" })} and y = ${'«'}`).sql
    expect(text).toContain('«')
    expect(withoutJsonbLiterals(text)).not.toContain('«')
  })
})
