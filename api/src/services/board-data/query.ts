import { type CheckedExpr, checkQueryText, type RqlError, rqlDetail } from '@domain/rql'
import { type CompiledQuery, compileQuery } from '../../rql'
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

/**
 * One condition in the query language, checked against the node's fields and compiled once on its
 * own (a status id that is no uuid fails only there); undefined when it does not.
 */
export function checkedCondition(ctx: DataContext, text: string): CheckedExpr | undefined {
  const customs = ctx.who.config.customs
  const checked = checkQueryText(text, customs)
  if (!checked.ok || !checked.value.where) return undefined
  const compiled = compileQuery(checked.value, { customs, run: { now: ctx.now, userId: ctx.who.userId } })
  return compiled.ok ? checked.value.where : undefined
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
export function widgetQuery(ctx: DataContext, text: string, extra: CheckedExpr[] = []): WidgetQuery {
  const customs = ctx.who.config.customs
  const checked = checkQueryText(text, customs)
  if (!checked.ok) throw failure(checked.errors[0]!)
  const parts = [...(checked.value.where ? [checked.value.where] : []), ...extra]
  const where: CheckedExpr | null =
    parts.length === 0
      ? null
      : parts.length === 1
        ? parts[0]!
        : { kind: 'and', operands: parts, span: checked.value.span }
  const compiled = compileQuery(
    { ...checked.value, where },
    { customs, run: { now: ctx.now, userId: ctx.who.userId } },
  )
  if (!compiled.ok) throw failure(compiled.errors[0]!)
  return { compiled: compiled.value, ordered: checked.value.orderBy.length > 0 }
}
