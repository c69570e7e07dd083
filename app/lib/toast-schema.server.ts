import { z } from 'zod'
import { TOAST_TYPES, type Toast } from './toast'

/**
 * The flash cookie's alerts, checked when read back (the cookie is signed, but its shape may be from
 * an older release). Server-only: zod stays out of every page's JavaScript (app/lib/toast.ts is
 * imported by the root's alert list).
 */
export const toastSchema: z.ZodType<Toast> = z.object({
  id: z.string(),
  type: z.enum(TOAST_TYPES),
  code: z.string().optional(),
  text: z.string().optional(),
  params: z.record(z.union([z.string(), z.number()])).optional(),
  action: z
    .object({ label: z.string(), to: z.string().startsWith('/'), fields: z.record(z.string()) })
    .optional(),
})
