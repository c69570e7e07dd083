import { z } from 'zod'

/** The sign-in form: the same schema validates the browser form, the web app's action and the upstream. */
export const emailSchema = z
  .string({ required_error: 'value_error.missing' })
  .trim()
  .min(1, 'value_error.missing')
  .email('value_error.email')
  .max(254, 'value_error.any_str.max_length')
  .transform((v) => v.toLowerCase())

export const passwordSchema = z
  .string({ required_error: 'value_error.missing' })
  .min(1, 'value_error.missing')
  .max(256, 'value_error.any_str.max_length')

export const loginSchema = z.object({ email: emailSchema, password: passwordSchema })
export type LoginInput = z.infer<typeof loginSchema>

/** A new password: at least 8 characters (PRODUCT.md §3). */
export const newPasswordSchema = z
  .string({ required_error: 'value_error.missing' })
  .min(8, 'value_error.any_str.min_length')
  .max(256, 'value_error.any_str.max_length')
