import { randomUUID } from 'node:crypto'
import type { FieldDefinition } from '@domain/fields/types'
import { type NameBook, nameKey } from '@domain/rql'
import { and } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { query } from '../../test/rql-arbitraries'
import { CUSTOM_FIELDS } from '../../test/rql-fixtures'
import { statementName } from '../db/named-statements'
import { keysetAfter } from '../rql'
import type { ProcessScope } from './task-access'
import { pageQuery } from './task-json'
import { keptQuery, pageStatement } from './task-page-memo'
import { compileChecked, countKeyOf, scopeCondition } from './task-query'

/*
 * A kept page statement (task-page-memo.ts) is exactly what compiling and building afresh gives,
 * whatever came before it: a text, fields, caller, processes, page or cursor asked earlier never
 * leaks into a later answer. The clock is held still so that a query naming today() compiles the
 * same both ways.
 */

const NOW = new Date('2026-11-27T06:00:00.123Z')
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
})
afterAll(() => {
  vi.useRealTimers()
})

const dialect = new PgDialect()
const NODES = [randomUUID(), randomUUID()]
const USERS = [randomUUID(), randomUUID()]
const PROCESSES = [randomUUID(), randomUUID()]
const SCOPES: ProcessScope[] = ['all', [PROCESSES[0]!], [PROCESSES[0]!, PROCESSES[1]!], [PROCESSES[1]!]]
/** The fixture's fields, and the same after a change: cf_tags no longer a list, cf_priority deleted. */
const changed = (): FieldDefinition[] =>
  CUSTOM_FIELDS.filter((d) => d.name !== 'cf_priority').map((d) =>
    d.name === 'cf_tags' ? { ...d, settings: { ...d.settings, multiple: false } } : { ...d },
  )

/**
 * What names stand for, as the upstream looks them up per request (query-names.ts): none, and two
 * books where a person is renamed, a namesake appears and a status is made.
 */
const BOOKS: NameBook[] = [
  new Map(),
  new Map([
    [nameKey('users', 'petrov'), [USERS[0]!]],
    [nameKey('statuses', 'open'), [PROCESSES[0]!]],
  ]),
  new Map([
    [nameKey('users', 'petrov'), [USERS[1]!, USERS[0]!]],
    [nameKey('statuses', 'open'), [PROCESSES[0]!]],
    [nameKey('statuses', 'done'), [PROCESSES[1]!]],
  ]),
]

interface Ask {
  names: NameBook
  customs: readonly FieldDefinition[]
  text: string
  userId: string
  nodeId: string
  scope: ProcessScope
  limit: number
  offset: number
  /** A cursor's values, as many as the order has keys (cut or padded), NULLs where null. */
  cursor: (string | null)[] | null
}

/** What the request would run without the memo: compiled, conditioned and built now. */
function fresh(a: Ask) {
  const compiled = compileChecked(a.text, a.customs, { now: new Date(), userId: a.userId }, a.names)
  const after = a.cursor && sizedTo(a.cursor, compiled.orderBy.length)
  const base = scopeCondition(a.nodeId, a.scope, compiled.where)
  const condition = after ? and(base, keysetAfter(compiled.orderBy, after))! : base
  const q = pageQuery(compiled, condition, { limit: a.limit, offset: after ? 0 : a.offset }).toSQL()
  return {
    statement: { text: q.sql, params: q.params, name: statementName(q.sql) },
    base: dialect.sqlToQuery(base),
    countKey: countKeyOf(compiled, base),
  }
}

/** The same through the memo. */
function kept(a: Ask) {
  const q = keptQuery(a.customs, a.text, a.userId, a.names)
  const after = a.cursor ? sizedTo(a.cursor, q.compiled.orderBy.length) : undefined
  const offset = after ? 0 : a.offset
  const page = pageStatement(q, { nodeId: a.nodeId, scope: a.scope, offset: offset > 0, after })
  return {
    statement: page.statement({ limit: a.limit, offset, after }),
    base: dialect.sqlToQuery(page.base),
    countKey: page.countKey(),
  }
}

const sizedTo = (values: (string | null)[], n: number) =>
  Array.from({ length: n }, (_, i) => values[i % Math.max(values.length, 1)] ?? null)

/** The outcome of a request: its statement, or the refusal's details. */
function outcome(run: () => unknown) {
  try {
    return { ok: run() }
  } catch (e) {
    return { refused: (e as { details?: unknown }).details ?? String(e) }
  }
}

/** Random texts, and texts that name the caller, the clock, a list or a nullable order. */
const text = fc.oneof(
  query.map((q) => q.text),
  fc.constantFrom(
    'assignee = me()',
    'author = me() or assignee in (me()) order by cf_due desc',
    'cf_tags = bug and cf_priority = high order by assignee',
    'status.name ~ open and updated_at > -7d',
    'cf_priority = high order by updated_at desc',
    'assignee = Petrov or status in (Open, Done)',
    'status != open and author not in (petrov, me())',
  ),
)

describe('kept page statements', () => {
  it('equal a fresh compile for any sequence of texts, fields, callers, processes, pages and cursors', () => {
    const lists = [CUSTOM_FIELDS, changed()]
    const cursorValue = fc.constantFrom(null, '2024-01-31 10:00:00+00', 'x', '5', '"a"', randomUUID())
    const ask = fc.record({
      text: fc.nat(),
      list: fc.nat(2),
      book: fc.nat(BOOKS.length - 1),
      user: fc.nat(USERS.length - 1),
      node: fc.nat(NODES.length - 1),
      scope: fc.nat(SCOPES.length - 1),
      limit: fc.constantFrom(2, 51, 501),
      page: fc.nat(3),
      cursor: fc.option(fc.array(cursorValue, { minLength: 1, maxLength: 4 })),
    })
    let compared = 0
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 4 }),
        fc.array(ask, { maxLength: 16 }),
        (texts, asks) => {
          for (const r of asks) {
            const a: Ask = {
              names: BOOKS[r.book]!,
              // The third list: the changed fields again, as a new configuration's array.
              customs: r.list === 2 ? changed() : lists[r.list]!,
              text: texts[r.text % texts.length]!,
              userId: USERS[r.user]!,
              nodeId: NODES[r.node]!,
              scope: SCOPES[r.scope]!,
              limit: r.limit,
              offset: r.page * r.limit,
              cursor: r.cursor,
            }
            const want = outcome(() => fresh(a))
            expect(outcome(() => kept(a))).toEqual(want)
            if ('ok' in want) compared++
          }
        },
      ),
      { numRuns: 300 },
    )
    // The generator must reach the statements, not only the checker's refusals.
    expect(compared).toBeGreaterThan(200)
  })

  it('are kept per shape: the same request finds the same statement, a new field list a new one', () => {
    const text = 'cf_priority = high and assignee = me() order by updated_at desc'
    const shape = { nodeId: NODES[0]!, scope: 'all' as const, offset: false }
    const first = keptQuery(CUSTOM_FIELDS, text, USERS[0]!)
    expect(keptQuery(CUSTOM_FIELDS, text, USERS[0]!)).toBe(first)
    expect(pageStatement(first, shape)).toBe(pageStatement(first, shape))
    // me() is the caller: another caller, another statement's values.
    const other = keptQuery(CUSTOM_FIELDS, text, USERS[1]!)
    expect(other).not.toBe(first)
    expect(pageStatement(other, shape).statement({ limit: 51, offset: 0 }).params).toContain(USERS[1])
    // A text that does not name the caller is one compiled query for all.
    expect(keptQuery(CUSTOM_FIELDS, 'cf_priority = high', USERS[0]!)).toBe(
      keptQuery(CUSTOM_FIELDS, 'cf_priority = high', USERS[1]!),
    )
    // Equal fields in a new array (a configuration changed elsewhere) are compiled again.
    expect(
      keptQuery(
        CUSTOM_FIELDS.map((d) => ({ ...d })),
        text,
        USERS[0]!,
      ),
    ).not.toBe(first)
    // Another scope, an offset, a cursor: statements of their own.
    const scoped = pageStatement(first, { ...shape, scope: [PROCESSES[0]!] })
    expect(scoped).not.toBe(pageStatement(first, shape))
    expect(scoped.statement({ limit: 51, offset: 0 }).params).toContain(PROCESSES[0])
    const after = ['2024-01-31 10:00:00+00', randomUUID()]
    const next = pageStatement(first, { ...shape, after }).statement({ limit: 51, offset: 0, after })
    expect(next.params).toEqual(expect.arrayContaining(after))
  })

  it('are made afresh for a query that reads the clock', () => {
    const text = 'updated_at > -7d'
    const before = keptQuery(CUSTOM_FIELDS, text, USERS[0]!)
    expect(before.pages).toBeNull()
    const shape = { nodeId: NODES[0]!, scope: 'all' as const, offset: false }
    const then = pageStatement(before, shape).statement({ limit: 51, offset: 0 })
    vi.setSystemTime(new Date(NOW.getTime() + 86_400_000))
    try {
      const now = pageStatement(keptQuery(CUSTOM_FIELDS, text, USERS[0]!), shape).statement({
        limit: 51,
        offset: 0,
      })
      expect(now.text).toBe(then.text)
      expect(now.params).not.toEqual(then.params)
    } finally {
      vi.setSystemTime(NOW)
    }
  })
})
