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

  /** The response's detail list: this one entry (AppErrors carries several). */
  toDetails(): DetailEntry[] {
    return [this.toDetail()]
  }
}

/** Several refusals of one request at once, e.g. every transition of a process that is wrong. */
export class AppErrors extends AppError {
  constructor(
    statusCode: number,
    readonly errors: AppError[],
  ) {
    super(statusCode, errors[0]?.code ?? 'value_error', errors[0]?.loc, errors[0]?.ctx)
  }

  override toDetails(): DetailEntry[] {
    return this.errors.map((e) => e.toDetail())
  }
}

export const notAuthenticated = () => new AppError(401, 'users.user_not_authenticated')
export const forbidden = () => new AppError(403, 'rights.forbidden')
/** Unknown id, or another tenant's: never confirm that it exists. */
export const notFound = (code: string, loc?: (string | number)[]) => new AppError(404, code, loc)
export const badInput = (code: string, loc?: (string | number)[], ctx?: Record<string, string | number>) =>
  new AppError(422, code, loc, ctx)
export const conflict = (code: string, loc?: (string | number)[]) => new AppError(409, code, loc)

/** Several problems at once (every field of a form that is wrong), each a catalogue entry at its loc. */
export class InvalidInput extends AppError {
  constructor(
    readonly details: DetailEntry[],
    statusCode = 422,
  ) {
    super(statusCode, details[0]?.type ?? 'value_error', details[0]?.loc)
  }

  override toDetails(): DetailEntry[] {
    return this.details
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
