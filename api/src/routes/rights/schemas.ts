import { z } from 'zod'
import { paginationQuery } from '../../http/envelope'
import { idSchema } from '../../http/params'

/** At most 500 users in one question, like every list (PRODUCT.md §2). */
export const userIdsBody = z.array(idSchema).max(500, 'value_error.list.max_items')

export const effectiveRightsSchema = z.record(
  z.string().uuid(),
  z.array(z.object({ right_code: z.string(), attributes: z.array(z.string()).nullable() })),
)

export const grantSchema = z.object({
  id: z.string().uuid(),
  right_code: z.string(),
  attributes: z.array(z.string()).nullable(),
  subject_type: z.enum(['user', 'team']),
  subject_id: z.string().uuid(),
})

export const grantsQuery = paginationQuery
  .extend({ user_id: idSchema.optional(), team_id: idSchema.optional() })
  .superRefine((q, ctx) => {
    if ((q.user_id === undefined) === (q.team_id === undefined))
      ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'rights.subject_required' })
  })

export const rightParams = z.object({ nodeId: idSchema, rightId: idSchema })
