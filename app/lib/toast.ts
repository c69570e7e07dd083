import { z } from 'zod'

/** Alert types of spec §4, each with its icon. */
export const TOAST_TYPES = ['danger', 'warning', 'info', 'success'] as const
export type ToastType = (typeof TOAST_TYPES)[number]

/** Spec §9: alerts disappear after 5000 ms. */
export const ALERT_TIME_MS = 5000

/** An alert carried across a redirect: a catalogue code (translated by the page) or a ready text. */
export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(TOAST_TYPES),
  code: z.string().optional(),
  text: z.string().optional(),
  params: z.record(z.union([z.string(), z.number()])).optional(),
})
export type Toast = z.infer<typeof toastSchema>
export type ToastInput = Omit<Toast, 'id'> & { id?: string }
