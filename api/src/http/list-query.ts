import { z } from 'zod'
import { paginationQuery } from './envelope'

/** A page of a node's named things (PRODUCT.md §2), `search` matching any part of the name in any case. */
export const searchListQuery = paginationQuery.extend({
  search: z.string().trim().max(100, 'value_error.any_str.max_length').optional(),
})
