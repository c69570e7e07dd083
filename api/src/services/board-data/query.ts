import {
  type CheckedExpr,
  type CheckedQuery,
  checkQueryText,
  namedValues,
  type RqlError,
  type RqlResult,
  rqlDetail,
} from '@domain/rql'
import { type CompiledQuery, compileQuery } from '../../rql'
import { configNames } from '../query-names'
import { type DataContext, WidgetFailure } from './types'

/*
 * A widget's tasks are selected by its stored query, through the same checker and compiler as
 * POST /tasks/rql (services/task-query.ts): there is one query language in SQL, not two. What a
 * widget adds (a table's filters) is more query conditions, checked on their own and AND-ed to the
 * stored query's, so the compiler makes them SQL like any other.
 */

const failure = (e: RqlError) => {
  const d = rqlDetail(e)
  return new WidgetFailure(d.type, d.msg)
}

/** Checked texts per node configuration (its custom fields): a board asks the same queries again and again. */
const checkedTexts = new WeakMap<object, Map<string, RqlResult<CheckedQuery>>>()
const CHECKED_PER_CONFIG = 500

/**
 * `checkQueryText`, kept per configuration and text: checking depends on nothing else (the clock and
 * the viewer come in at compiling). The result is only read, never changed.
 */
function checked(text: string, customs: DataContext['who']['config']['customs']): RqlResult<CheckedQuery> {
  let texts = checkedTexts.get(customs)
  if (!texts) {
    texts = new Map()
    checkedTexts.set(customs, texts)
  }
  let result = texts.get(text)
  if (!result) {
    result = checkQueryText(text, customs)
    if (texts.size >= CHECKED_PER_CONFIG) texts.delete(texts.keys().next().value!)
    texts.set(text, result)
  }
  return result
}

/**
 * One condition in the query language, checked against the node's fields and compiled once on its
 * own (a status id that is no uuid fails only there); undefined when it does not.
 */
export function checkedCondition(
  ctx: Pick<DataContext, 'who' | 'now'>,
  text: string,
): CheckedExpr | undefined {
  const customs = ctx.who.config.customs
  const result = checked(text, customs)
  if (!result.ok || !result.value.where) return undefined
  const compiled = compileQuery(result.value, {
    customs,
    run: { now: ctx.now, userId: ctx.who.userId },
    names: configNames(ctx.who.config, namedValues(result.value)),
  })
  return compiled.ok ? result.value.where : undefined
}

/** A value as the query language reads it back exactly: a quoted string. */
export const quoted = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`

export interface WidgetQuery {
  compiled: CompiledQuery
  /** The stored query has its own `order by`. */
  ordered: boolean
}

/**
 * The widget's stored query AND the extra conditions, compiled for the viewer (me(), today() read
 * now). A stored query that no longer checks (a field deleted, a syntax the language dropped) is
 * the widget's failure with the checker's first code.
 */
export function widgetQuery(
  ctx: Pick<DataContext, 'who' | 'now'>,
  text: string,
  extra: CheckedExpr[] = [],
): WidgetQuery {
  const customs = ctx.who.config.customs
  const result = checked(text, customs)
  if (!result.ok) throw failure(result.errors[0]!)
  const parts = [...(result.value.where ? [result.value.where] : []), ...extra]
  const where: CheckedExpr | null =
    parts.length === 0
      ? null
      : parts.length === 1
        ? parts[0]!
        : { kind: 'and', operands: parts, span: result.value.span }
  const query = { ...result.value, where }
  // Statuses and processes by name from the configuration at hand; people by id or me().
  const names = configNames(ctx.who.config, namedValues(query))
  const compiled = compileQuery(query, { customs, run: { now: ctx.now, userId: ctx.who.userId }, names })
  if (!compiled.ok) throw failure(compiled.errors[0]!)
  return { compiled: compiled.value, ordered: result.value.orderBy.length > 0 }
}
