import { type DetailEntry, messageFor } from '@domain/errors/catalogue'

/** An error the API answers with a catalogue code (PRODUCT.md §2). Thrown anywhere, shaped in one place. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly loc?: (string | number)[],
    readonly ctx?: Record<string, string | number>,
  ) {
    super(code)
  }

  toDetail(): DetailEntry {
    const entry: DetailEntry = { type: this.code, msg: messageFor(this.code, this.ctx) }
    if (this.loc) entry.loc = this.loc
    if (this.ctx) entry.ctx = this.ctx
    return entry
  }
}

export const notAuthenticated = () => new AppError(401, 'users.user_not_authenticated')
export const forbidden = () => new AppError(403, 'rights.forbidden')
/** Unknown id, or another tenant's: never confirm that it exists. */
export const notFound = (code: string) => new AppError(404, code)
export const badInput = (code: string, loc?: (string | number)[], ctx?: Record<string, string | number>) =>
  new AppError(422, code, loc, ctx)

/** Several problems at once (every field of a form that is wrong), each a catalogue entry at its loc. */
export class InvalidInput extends Error {
  constructor(
    readonly details: DetailEntry[],
    readonly statusCode = 422,
  ) {
    super(details[0]?.type ?? 'value_error')
  }
}

/** A problem found by a domain check (code and path) as a detail entry under `where`. */
export function detailAt(
  where: (string | number)[],
  issue: { path: (string | number)[]; code: string; minimum?: number; maximum?: number },
): DetailEntry {
  const ctx: Record<string, number> | undefined =
    issue.maximum !== undefined
      ? { max: issue.maximum }
      : issue.minimum !== undefined
        ? { min: issue.minimum }
        : undefined
  return {
    type: issue.code,
    msg: messageFor(issue.code, ctx),
    loc: [...where, ...issue.path],
    ...(ctx ? { ctx } : {}),
  }
}
