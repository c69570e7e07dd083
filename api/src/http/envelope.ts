import { type DetailEntry, messageFor } from '@domain/errors/catalogue'
import { z } from 'zod'

/** `{ data, detail? }` — the success envelope of PRODUCT.md §2. */
export function ok<T>(data: T, ...codes: string[]): { data: T; detail?: DetailEntry[] } {
  return codes.length ? { data, detail: codes.map((type) => ({ type, msg: messageFor(type) })) } : { data }
}

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(10),
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
