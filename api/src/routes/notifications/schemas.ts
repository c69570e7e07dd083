import { LOCALES } from '@domain/nodes/settings-schema'
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '@domain/notifications'
import { EMAIL_MODES, emailPreferenceSchema } from '@domain/notifications/email'
import { z } from 'zod'
import { paginationQuery } from '../../http/envelope'
import { idSchema } from '../../http/params'

/** The schemas of /api/notifications (PRODUCT.md §7), also the OpenAPI document's. */

const kind = z.enum(NOTIFICATION_KINDS, { message: 'value_error.enum' })
const channel = z.enum(NOTIFICATION_CHANNELS, { message: 'value_error.enum' })

export const inboxQuery = paginationQuery.extend({
  unread: z
    .enum(['true', 'false'], { message: 'value_error.enum' })
    .optional()
    .transform((v) => v === 'true'),
  kind: kind.optional(),
  cursor: z
    .string({ invalid_type_error: 'value_error' })
    .max(400, 'value_error.any_str.max_length')
    .optional()
    .describe(
      'The previous page’s `meta.next_cursor`: the page after it (keyset; `meta.page` is then null).',
    ),
})

/** A page of the inbox: by number, or after a cursor. */
export const inboxMeta = z.object({
  total: z.number(),
  page: z.number().nullable(),
  per_page: z.number(),
  next_cursor: z.string().nullable(),
})

export const notificationSchema = z.object({
  id: z.string().uuid(),
  kind,
  task: z.object({ id: z.string().uuid(), key: z.string(), title: z.string() }),
  actor: z.object({ id: z.string().uuid(), full_name: z.string() }).nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
})

export const countSchema = z.object({ unread: z.number().int() })

export const readInput = z
  .object({
    ids: z.array(idSchema).min(1, 'value_error.missing').max(500, 'value_error.list.max_items').optional(),
    all: z.literal(true, { message: 'value_error.enum' }).optional(),
  })
  .strict('value_error.extra')
  .superRefine((v, ctx) => {
    if (!v.ids && !v.all) ctx.addIssue({ code: 'custom', message: 'value_error.missing', path: ['ids'] })
  })

export const readAnswer = z.object({ read: z.number().int(), unread: z.number().int() })

export const preferenceRow = z.object({
  process: z.object({ id: z.string().uuid(), key: z.string(), name: z.string() }),
  channels: z.object({ assigned: channel, status: channel, mention: channel, comment: channel }),
})

export const preferencesInput = z
  .object({
    items: z
      .array(z.object({ process_id: idSchema, kind, channel }).strict('value_error.extra'))
      .max(500, 'value_error.list.max_items'),
  })
  .strict('value_error.extra')

export const watchAnswer = z.object({ watching: z.boolean() })

/** The caller's e-mail preference (domain/notifications/email.ts). */
export const emailPreferenceInput = emailPreferenceSchema

export const emailPreferenceAnswer = z.object({
  mode: z.enum(EMAIL_MODES),
  digest_time: z.string(),
  time_zone: z.string(),
  language: z.enum(LOCALES),
  /** Whether the node has an enabled e-mail configuration (without one nothing is sent). */
  available: z.boolean(),
  /** Whether the caller ever saved theirs (else these are the defaults). */
  saved: z.boolean(),
})
