import { z } from 'zod'
import { emailSchema, newPasswordSchema, passwordSchema } from '../auth/login-schema'

/*
 * A user's own fields (spec §3: fio, contacts), shared by the web app's forms and the upstream.
 * Messages are catalogue codes; inputs are trimmed; an empty value passes every rule but required
 * (spec §5), so '' clears a field.
 */

const NAME_MAX = 100
const PHONE_MAX = 32

const nameSchema = z
  .string({ invalid_type_error: 'value_error' })
  .trim()
  .max(NAME_MAX, 'value_error.any_str.max_length')

/** fio.name, fio.surname, fio.middlename — each optional (a PATCH sends only what changed). */
export const fioSchema = z.object({
  name: nameSchema.optional(),
  surname: nameSchema.optional(),
  middlename: nameSchema.optional(),
})
export type FioInput = z.infer<typeof fioSchema>

const anEmail = z.string().email()

/** A contact address: unlike the sign-in email it may be empty. */
export const contactEmailSchema = z
  .string({ invalid_type_error: 'value_error' })
  .trim()
  .max(254, 'value_error.any_str.max_length')
  .refine((v) => v === '' || anEmail.safeParse(v).success, 'value_error.email')
  .transform((v) => v.toLowerCase())

/**
 * Digits with the separators a person types (the web app masks +7 (###) ###-##-##, spec §5); the
 * server keeps what was sent rather than guessing a country.
 */
export const phoneSchema = z
  .string({ invalid_type_error: 'value_error' })
  .trim()
  .max(PHONE_MAX, 'value_error.any_str.max_length')
  .regex(/^(\+?[0-9][0-9 ()-]*)?$/, 'value_error.phone')

export const contactsSchema = z.object({
  email: contactEmailSchema.optional(),
  phone: phoneSchema.optional(),
})
export type ContactsInput = z.infer<typeof contactsSchema>

/** An administrator creates a user: the sign-in email, a first password, and optional details. */
export const createUserSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  fio: fioSchema.optional(),
  contacts: contactsSchema.optional(),
})
export type CreateUserInput = z.infer<typeof createUserSchema>

/**
 * A user's profile edit. `current_password` is required when users change their own password
 * (an administrator resetting someone else's does not know it); the server enforces that.
 */
export const editUserSchema = z.object({
  fio: fioSchema.optional(),
  contacts: contactsSchema.optional(),
  password: newPasswordSchema.optional(),
  current_password: passwordSchema.optional(),
})
export type EditUserInput = z.infer<typeof editUserSchema>

/**
 * A user's own profile page (/lk/profile): the same rules as the edit above, for the fields the page
 * shows. The web app's form and its action both validate with it; the upstream with editUserSchema.
 */
export const profileSchema = editUserSchema.pick({ fio: true, contacts: true })
export type ProfileInput = z.infer<typeof profileSchema>
export const PROFILE_FIELDS = [
  'fio.name',
  'fio.middlename',
  'fio.surname',
  'contacts.email',
  'contacts.phone',
] as const
