import { z } from 'zod'

/** PRODUCT.md §4: 2–10 of A–Z and 0–9, starting with a letter. */
export const PROCESS_KEY = /^[A-Z][A-Z0-9]{1,9}$/

/**
 * A process key as an administrator types it: trimmed and upper-cased first (what Jira and
 * YouTrack do with a project key), then checked. Catalogue codes as messages.
 */
export const processKeySchema = z
  .string({ required_error: 'value_error.missing', invalid_type_error: 'value_error' })
  .trim()
  .toUpperCase()
  .refine((k) => PROCESS_KEY.test(k), 'processes.invalid_key')

/** `{KEY}-{n}` (PRODUCT.md §4). */
export const taskKey = (processKey: string, n: number) => `${processKey}-${n}`
