import { grantRightSchema, RIGHTS_WITHOUT_ATTRIBUTES } from '@domain/rights/grant-schema'
import { createUserSchema, editUserSchema } from '@domain/users/user-schema'
import { z } from 'zod'
import { splitTags } from '../ui/tags'

/*
 * The forms of /admin/users, one schema each, imported by the component (conform validates in the
 * browser) and by the action (the same parse on the server). They are the domain's own schemas — the
 * ones the upstream validates with — narrowed to what each form holds. Messages are catalogue codes.
 */

/** Add a user: the upstream's POST /users body less `node_id`, which the page's node supplies. */
export const createUserFormSchema = createUserSchema

/** Editing → profile: fio and contacts. */
export const profileFormSchema = editUserSchema.pick({ fio: true, contacts: true })

/** Editing → password reset by an administrator (no current password: they do not know it). */
export const passwordFormSchema = editUserSchema.pick({ password: true }).required()

const grantShape = grantRightSchema.innerType().shape

/**
 * Editing → grant a right. Attributes arrive as comma-separated text (the tag field posts one
 * input), become the domain's list (trimmed, no repeats, empty = all), then the domain's rules.
 */
export const grantFormSchema = z
  .object({
    right_code: grantShape.right_code,
    attributes: z
      .string({ invalid_type_error: 'value_error' })
      .optional()
      .transform(splitTags)
      .pipe(grantShape.attributes),
  })
  .superRefine((v, ctx) => {
    if (v.attributes && RIGHTS_WITHOUT_ATTRIBUTES.includes(v.right_code))
      ctx.addIssue({ code: 'custom', path: ['attributes'], message: 'rights.attributes_not_allowed' })
  })

const id = z.string({ required_error: 'value_error.missing' }).uuid('value_error.uuid')

/** Editing → revoke one grant. */
export const revokeFormSchema = z.object({ right_id: id })

/** Editing → bind the user to another node of the administrator's. */
export const bindFormSchema = z.object({ node_id: id })

/** Forms of the Editing dialog, told apart by the `intent` field each posts. */
export const EDIT_INTENTS = [
  'profile',
  'password',
  'grant',
  'revoke',
  'bind',
  'unbind',
  'sign_in_as',
  'remove-logo',
] as const
export type EditIntent = (typeof EDIT_INTENTS)[number]

export function isEditIntent(value: unknown): value is EditIntent {
  return typeof value === 'string' && (EDIT_INTENTS as readonly string[]).includes(value)
}

/**
 * The PATCH body for a profile form: every field the form shows, an empty one as '' (conform reads
 * an empty input as absent, and an absent key would leave the old value; '' clears it, spec §5).
 */
export function profilePatch(value: z.infer<typeof profileFormSchema>) {
  return {
    fio: {
      surname: value.fio?.surname ?? '',
      name: value.fio?.name ?? '',
      middlename: value.fio?.middlename ?? '',
    },
    contacts: { email: value.contacts?.email ?? '', phone: value.contacts?.phone ?? '' },
  }
}
