import { type CatalogueCode, type DetailEntry, messageFor } from '../errors/catalogue'
import type { Span } from './ast'

/*
 * What the parser and the checker answer instead of throwing: a catalogue code the upstream sends
 * as `type`, a finer message key the browser can show beside the underline, and the place.
 */

export type RqlErrorCode =
  | 'rql.syntax_error'
  | 'rql.unknown_field'
  | 'rql.field_not_filterable'
  | 'rql.field_not_sortable'
  | 'rql.operator_not_allowed'
  | 'rql.invalid_value'

export interface RqlError {
  code: RqlErrorCode
  /** The precise reason, itself a catalogue code ('rql.syntax_error.missing_value', 'value_error.date'). */
  message: CatalogueCode
  /** Where the problem starts: an offset into the query (0-based); the query's length means "at the end". */
  position: number
  /** Where the offending text ends (exclusive), for underlining; equal to position at the end. */
  end: number
  /**
   * Syntax errors: what would have been accepted here — 'field', 'operator', 'value', 'end', or a
   * literal token ('(', ')', ',', 'and', 'or', 'order by', 'by', 'in', 'empty', 'not', 'asc', 'desc').
   */
  expected?: string[]
  /** The message's placeholders: `position` counted from 1 for people; `field`, `operator`. */
  params: Record<string, string | number>
}

export type RqlResult<T> = { ok: true; value: T } | { ok: false; errors: RqlError[] }

export function rqlError(
  code: RqlErrorCode,
  message: CatalogueCode,
  span: Span,
  extra: { expected?: string[]; params?: Record<string, string | number> } = {},
): RqlError {
  const error: RqlError = {
    code,
    message,
    position: span.start,
    end: span.end,
    params: { ...extra.params, position: span.start + 1 },
  }
  if (extra.expected) error.expected = extra.expected
  return error
}

/**
 * One entry of the upstream's `detail` list (PRODUCT.md §2): the generic text by `type`, the
 * precise reason and the place in `ctx`, so the web app can translate either.
 */
export function rqlDetail(error: RqlError, loc: (string | number)[] = ['body', 'query']): DetailEntry {
  const ctx: Record<string, string | number> = { ...error.params, reason: error.message }
  if (error.expected) ctx.expected = error.expected.join(', ')
  return { type: error.code, msg: messageFor(error.code, error.params), loc, ctx }
}
