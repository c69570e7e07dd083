import { z } from 'zod'
import { RIGHT_CODES } from './rights'

/** Rights that gate entry and the admin area: an attribute list would mean nothing for them. */
export const RIGHTS_WITHOUT_ATTRIBUTES: readonly string[] = ['is_authorized', 'is_admin']

const id = z.string().uuid('value_error.uuid')

/**
 * Granting a right (PRODUCT.md §3): to a user or to a team, exactly one. Attributes are process keys
 * (task rights) or board ids (board_view); none, null or an empty list mean "all".
 */
export const grantRightSchema = z
  .object({
    user_id: id.optional(),
    team_id: id.optional(),
    right_code: z.enum(RIGHT_CODES, {
      errorMap: (_issue, ctx) => ({
        message: ctx.data === undefined ? 'value_error.missing' : 'value_error.enum',
      }),
    }),
    attributes: z
      .array(z.string().trim().min(1, 'value_error.missing').max(100, 'value_error.any_str.max_length'))
      .max(500, 'value_error.list.max_items')
      .nullable()
      .optional()
      // Stored as null when empty, so "all" has one spelling; duplicates dropped.
      .transform((a) => (a && a.length > 0 ? [...new Set(a)] : null)),
  })
  .superRefine((v, ctx) => {
    if ((v.user_id === undefined) === (v.team_id === undefined))
      ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'rights.subject_required' })
    if (v.attributes && RIGHTS_WITHOUT_ATTRIBUTES.includes(v.right_code))
      ctx.addIssue({ code: 'custom', path: ['attributes'], message: 'rights.attributes_not_allowed' })
  })
export type GrantRightInput = z.infer<typeof grantRightSchema>
