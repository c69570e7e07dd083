import { z } from 'zod'
import { MAX_QUERY_LENGTH } from '../rql'

/*
 * A saved task query (PRODUCT.md §10) as it is sent to create or edit one: the upstream validates
 * with these, and the web app's forms use the same ones. Messages are catalogue codes. The text is
 * checked by the query language too, at save (the upstream's, against the node's fields).
 */

export const SAVED_QUERY_NAME_MAX = 100

const name = z
  .string({ required_error: 'value_error.missing', invalid_type_error: 'value_error' })
  .trim()
  .min(1, 'value_error.missing')
  .max(SAVED_QUERY_NAME_MAX, 'value_error.any_str.max_length')

/** Not trimmed here: a refusal's position counts in the text as sent (the upstream keeps it trimmed). */
const query = z
  .string({ required_error: 'value_error.missing', invalid_type_error: 'value_error' })
  .max(MAX_QUERY_LENGTH, 'value_error.any_str.max_length')

const shared = z.boolean({ invalid_type_error: 'value_error' })

export const savedQueryInput = z
  .object({ name, query, shared: shared.default(false) })
  .strict('value_error.extra')
export type SavedQueryInput = z.infer<typeof savedQueryInput>

export const savedQueryPatch = z
  .object({ name: name.optional(), query: query.optional(), shared: shared.optional() })
  .strict('value_error.extra')
export type SavedQueryPatch = z.infer<typeof savedQueryPatch>
