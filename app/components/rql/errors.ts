import type { DetailEntry } from '@domain/errors/catalogue'
import { type RqlError, tokenize } from '@domain/rql'

/** A query error as the query box shows it: the reason, its placeholders, and where (0-based, to underline). */
export interface ShownRqlError {
  code: string
  message: string
  params: Record<string, string | number>
  position?: number
  end?: number
}

/**
 * The upstream's refusal of a query (rqlDetail: the code, the reason and the place in `ctx`, the
 * position counted from 1) as the box shows it; null for an entry that is not about the query.
 */
export function shownFromDetail(entry: DetailEntry): ShownRqlError | null {
  const ctx = entry.ctx as Record<string, string | number> | undefined
  if (!entry.type.startsWith('rql.') || !ctx) return null
  const { reason, expected: _, ...params } = ctx
  const position = Number(params.position)
  return {
    code: entry.type,
    message: typeof reason === 'string' ? reason : entry.type,
    params,
    ...(Number.isFinite(position) && position >= 1 ? { position: position - 1, end: position } : {}),
  }
}

/**
 * The browser's own check (domain/rql) of the text as typed: positions are those of the text, with
 * the leading spaces the check does not see added back.
 */
export function liveErrors(text: string, errors: readonly RqlError[]): ShownRqlError[] {
  const lead = text.length - text.trimStart().length
  return errors.map((e) => ({
    code: e.code,
    message: e.message,
    params: { ...e.params, position: Number(e.params.position ?? e.position + 1) + lead },
    position: e.position + lead,
    end: e.end + lead,
  }))
}

/**
 * An error the upstream placed at one character (its `ctx.position`) spread over the whole token
 * that starts there, as the browser's own check marks it: `Open` rather than its `O`.
 */
export function widenToToken(text: string, error: ShownRqlError): ShownRqlError {
  const { position, end } = error
  if (position === undefined || (end ?? position + 1) - position > 1) return error
  const tok = tokenize(text).find(
    (t) => t.kind !== 'whitespace' && t.span.start <= position && position < t.span.end,
  )
  return tok ? { ...error, position: tok.span.start, end: tok.span.end } : error
}
