import { type DetailEntry, messageFor } from '@domain/errors/catalogue'
import { z } from 'zod'

/** `{ data, detail? }` — the success envelope of PRODUCT.md §2. */
export function ok<T>(data: T, ...codes: string[]): { data: T; detail?: DetailEntry[] } {
  return codes.length ? { data, detail: codes.map((type) => ({ type, msg: messageFor(type) })) } : { data }
}

/**
 * The highest page asked for: well past any real list, and low enough that the row offset
 * ((page - 1) * per_page) stays an exact integer and fits PostgreSQL's bigint.
 */
export const MAX_PAGE = 1_000_000
export const MAX_PER_PAGE = 500

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(10),
})
export type Pagination = z.infer<typeof paginationQuery>

export function page<T>(data: T[], total: number, p: Pagination) {
  return { data, meta: { total, page: p.page, per_page: p.per_page } }
}

export const detailSchema = z.array(
  z.object({
    type: z.string(),
    msg: z.string(),
    loc: z.array(z.union([z.string(), z.number()])).optional(),
    // The message's parameters ({min}, {max}, retry_after): the web app needs them to translate.
    ctx: z.record(z.union([z.string(), z.number()])).optional(),
  }),
)

/** Response schemas for OpenAPI: the envelope around a payload. */
export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ data, detail: detailSchema.optional() })
export const listMetaSchema = z.object({ total: z.number(), page: z.number(), per_page: z.number() })
export const listEnvelope = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ data: z.array(item), meta: listMetaSchema })
export const errorEnvelope = z.object({ detail: detailSchema })
