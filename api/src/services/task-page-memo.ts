import type { FieldDefinition } from '@domain/fields/types'
import type { NameBook, RunContext } from '@domain/rql'
import { and, is, Placeholder, type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { type StatementText, statementName } from '../db/named-statements'
import { keepRecent } from '../lib/recent'
import { type CompiledQuery, keysetAfter } from '../rql'
import { bookKey } from './query-names'
import type { ProcessScope } from './task-access'
import { countedPageQuery, pageQuery } from './task-json'
import { compileChecked, countKeyOf, scopeCondition } from './task-query'

/*
 * The filtered list's page statement, made once per query shape and kept (issue 15 item 6, ADR 021
 * §8): a board asks the same query again and again, and parsing, compiling and Drizzle's building
 * of the statement's text were a fifth of the upstream's CPU per page. What is kept is exactly
 * what a fresh compile would give, because it is keyed by everything the compile and the statement
 * read — never invalidated by hand:
 *
 * - the compiled query by the node's field list (the configuration's array, replaced whole when a
 *   field changes: a number per array here, as the kept checks of task-query.ts key by it) and the
 *   text, and by what the names it uses stand for (query-names.ts: a person renamed, a status
 *   added under a name already used, gives another key) — and by the caller when the compile read
 *   who the caller is (me()). A query that read the
 *   clock (today(), -7d) is compiled afresh for every request: its periods move.
 * - its page statements by the node, the caller's processes (task_view's scope: what the rights
 *   and the configuration gave), whether the page has an offset, and which of a cursor's values
 *   are NULL (that shapes the keyset condition's text). The page size, the offset and the
 *   cursor's values are placeholders, filled per request; the statement's name is hashed once.
 */

/** Compiled queries kept in the process (and marks of texts kept per caller), the least recently used going first. */
const KEPT_QUERIES = 256
/** Page statements kept per compiled query (scopes × offset or not × a cursor's NULLs). */
const PAGES_PER_QUERY = 8

export interface PageStatement {
  /** The selection without a cursor: what the query's total counts. */
  base: SQL
  /** countUpTo's key for `base`, made once. */
  countKey(): string
  /** The statement for one page: its text and name, and the page's values in their places. */
  statement(values: PageValues): StatementText
  /**
   * The page and its total counted to `cap` + 1 in the same statement (task-json.ts'
   * countedPageQuery); made the first time it is asked. Not for a cursor's page (its total is
   * carried).
   */
  counted(values: PageValues & { cap: number }): StatementText
}

export interface PageValues {
  limit: number
  offset: number
  /** The cursor's sort values, when the page follows one. */
  after?: readonly (string | null)[]
}

export interface KeptQuery {
  compiled: CompiledQuery
  /** Its page statements by shape; null when the compile read the clock (made per request). */
  pages: Map<string, PageStatement> | null
}

/** A number per field list (a WeakMap keeps no list alive). */
const listIds = new WeakMap<readonly FieldDefinition[], number>()
let nextListId = 0
function listId(customs: readonly FieldDefinition[]): number {
  let id = listIds.get(customs)
  if (id === undefined) {
    id = nextListId++
    listIds.set(customs, id)
  }
  return id
}

/**
 * Per field list and text: the compiled query, or BY_CALLER when it names the caller — then per
 * field list, text and caller. One bound for all.
 */
const BY_CALLER = Symbol('by caller')
const kept = new Map<string, KeptQuery | typeof BY_CALLER>()

/**
 * The compiled query of `text` against the node's fields for this caller: kept, unless compiling
 * read the clock. 422 (compileChecked's) for a text that does not compile; a refusal is not kept
 * here (the check is, in task-query.ts).
 */
export function keptQuery(
  customs: readonly FieldDefinition[],
  text: string,
  userId: string,
  names: NameBook = new Map(),
): KeptQuery {
  // Prefixed: no text makes one kind of key look like the other (a caller's id is a uuid; the
  // book's key is JSON and comes before the text, which is last and may hold anything).
  const list = listId(customs)
  const book = bookKey(names)
  const shared = `s${list}\u0000${book}\u0000${text}`
  const mine = `c${list}\u0000${userId}\u0000${book}\u0000${text}`
  const found = kept.get(shared)
  const key = found === BY_CALLER ? mine : shared
  const hit = found === BY_CALLER ? kept.get(key) : found
  if (hit && hit !== BY_CALLER) {
    if (key !== shared) keepRecent(kept, shared, BY_CALLER, KEPT_QUERIES)
    return keepRecent(kept, key, hit, KEPT_QUERIES)
  }
  // What the compile reads of the run decides what the result is kept by.
  let now: Date | undefined
  let namesCaller = false
  const run: RunContext = {
    get userId() {
      namesCaller = true
      return userId
    },
    get now() {
      now ??= new Date()
      return now
    },
  }
  const compiled = compileChecked(text, customs, run, names)
  if (now) return { compiled, pages: null }
  const query: KeptQuery = { compiled, pages: new Map() }
  if (!namesCaller) return keepRecent(kept, shared, query, KEPT_QUERIES)
  keepRecent(kept, shared, BY_CALLER, KEPT_QUERIES)
  return keepRecent(kept, mine, query, KEPT_QUERIES)
}

export interface PageShape {
  nodeId: string
  /** The caller's processes (never empty: an empty scope answers no page). */
  scope: ProcessScope
  /** Whether the page starts past the first row (a page number past 1). */
  offset: boolean
  /** The cursor's sort values, when the page follows one. */
  after?: readonly (string | null)[]
}

/** The page statement of this shape: kept with its compiled query, or made now when that is not kept. */
export function pageStatement(query: KeptQuery, shape: PageShape): PageStatement {
  if (!query.pages) return makePage(query.compiled, shape)
  const scope = shape.scope === 'all' ? '*' : shape.scope.join(',')
  const nulls = shape.after ? shape.after.map((v) => (v === null ? '0' : '1')).join('') : '-'
  const key = `${shape.nodeId}\u0000${scope}\u0000${shape.offset ? 'o' : ''}${nulls}`
  const hit = query.pages.get(key)
  return keepRecent(query.pages, key, hit ?? makePage(query.compiled, shape), PAGES_PER_QUERY)
}

const LIMIT = -1
const OFFSET = -2
const CAP = -3

const dialect = new PgDialect()

/** A statement's text with placeholders where a page's values go, written once; where each goes. */
function filler({ sql: text, params }: { sql: string; params: unknown[] }) {
  // [index in params, LIMIT | OFFSET | CAP | the cursor value's index]
  const slots: [number, number][] = []
  params.forEach((p, i) => {
    if (!is(p, Placeholder)) return
    const name = p.name as string
    slots.push([
      i,
      name === 'limit' ? LIMIT : name === 'offset' ? OFFSET : name === 'cap' ? CAP : Number(name.slice(1)),
    ])
  })
  const name = statementName(text)
  return (values: PageValues & { cap?: number }): StatementText => {
    const filled = params.slice()
    for (const [i, slot] of slots)
      filled[i] =
        slot === LIMIT
          ? values.limit
          : slot === OFFSET
            ? values.offset
            : slot === CAP
              ? values.cap! + 1
              : values.after![slot]
    return { text, params: filled, name }
  }
}

/** The statement with placeholders where a page's values go, written once. */
function makePage(compiled: CompiledQuery, shape: PageShape): PageStatement {
  const base = scopeCondition(shape.nodeId, shape.scope, compiled.where)
  const after = shape.after?.map((v, i) => (v === null ? null : sql.placeholder(`a${i}`)))
  const condition = after ? and(base, keysetAfter(compiled.orderBy, after))! : base
  const page = pageQuery(compiled, condition, {
    limit: sql.placeholder('limit'),
    offset: shape.offset ? sql.placeholder('offset') : undefined,
  })
  const statement = filler(page.toSQL())
  let counted: ReturnType<typeof filler> | undefined
  let countKey: string | undefined
  return {
    base,
    countKey: () => {
      countKey ??= countKeyOf(compiled, base)
      return countKey
    },
    statement,
    counted: (values) => {
      counted ??= filler(
        dialect.sqlToQuery(
          countedPageQuery(compiled, base, {
            limit: sql.placeholder('limit'),
            offset: shape.offset ? sql.placeholder('offset') : undefined,
            cap: sql.placeholder('cap'),
          }),
        ),
      )
      return counted(values)
    },
  }
}
