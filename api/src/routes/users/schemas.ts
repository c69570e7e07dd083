import { z } from 'zod'

export const publicUserSchema = z.object({
  id: z.string().uuid(),
  user_name: z.string(),
  full_name: z.string(),
  is_superuser: z.boolean(),
  fio: z.object({ name: z.string(), surname: z.string(), middlename: z.string() }),
  contacts: z.object({ email: z.string(), phone: z.string() }),
  logo: z.string().nullable().describe("The URL of the user's picture (PNG, JPEG or WebP), or null"),
  created_at: z.string(),
  updated_at: z.string(),
})

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_at: z.string(),
  user: publicUserSchema,
})

/** Ids in paths and queries: a malformed one is bad input (422), an unknown one 404. */
export const uuid = () => z.string().uuid('value_error')
export const nodeIdParams = z.object({ nodeId: uuid() })
export const userIdParams = z.object({ userId: uuid() })
export const nodeIdQuery = z.object({ node_id: uuid() })
