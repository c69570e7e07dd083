import { z } from 'zod'
import { RIGHT_CODES } from '../rights/rights'
import { processKeySchema } from './process-key'

/*
 * What an administrator sends to create and edit teams, statuses, progress and processes: the
 * upstream validates with these, and the admin pages' forms can use the same ones. Messages are
 * catalogue codes. A PATCH takes the same fields, each optional; lists given in a PATCH replace the
 * stored ones.
 */

/** At most this many statuses in one progress, transitions or field rules in one process. */
export const WORKFLOW_LIST_MAX = 200

const id = z
  .string({ required_error: 'value_error.missing', invalid_type_error: 'value_error' })
  .uuid('value_error.uuid')
const name = z
  .string({ required_error: 'value_error.missing', invalid_type_error: 'value_error' })
  .trim()
  .min(1, 'value_error.missing')
  .max(100, 'value_error.any_str.max_length')
const description = z
  .string({ invalid_type_error: 'value_error' })
  .trim()
  .max(2000, 'value_error.any_str.max_length')
const list = <T extends z.ZodTypeAny>(item: T, max = WORKFLOW_LIST_MAX) =>
  z.array(item, { invalid_type_error: 'value_error' }).max(max, 'value_error.list.max_items')

/** The dot of the tasks table (spec §3): #rrggbb, stored in lower case. */
export const colorSchema = z
  .string({ invalid_type_error: 'value_error' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'value_error.color')
  .transform((c) => c.toLowerCase())

const strict = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict('value_error.extra')

// ---- teams ----

export const teamInput = strict({ name, description: description.default('') })
export const teamPatch = teamInput.partial()
export type TeamInput = z.infer<typeof teamInput>

/** Adds users to a team, or with `unbind: true` removes them; both idempotent. */
export const bindTeamInput = strict({
  team_id: id,
  user_ids: list(id, 500).min(1, 'value_error.missing'),
  unbind: z.boolean({ invalid_type_error: 'value_error' }).default(false),
})
export type BindTeamInput = z.infer<typeof bindTeamInput>

// ---- statuses ----

export const statusInput = strict({
  name,
  description: description.default(''),
  color: colorSchema.default('#9e9e9e'),
})
export const statusPatch = statusInput.partial()
export type StatusInput = z.infer<typeof statusInput>

/**
 * Puts a status into a progress at `position` (0 = first, the initial status; omitted or past the
 * end = last); a status already there moves. With `unbind: true`, takes it out.
 */
export const bindStatusInput = strict({
  progress_id: id,
  status_id: id,
  position: z
    .number({ invalid_type_error: 'value_error' })
    .int('value_error')
    .min(0, 'value_error')
    .optional(),
  unbind: z.boolean({ invalid_type_error: 'value_error' }).default(false),
})
export type BindStatusInput = z.infer<typeof bindStatusInput>

// ---- progress ----

const statusIds = list(id).superRefine((ids, ctx) => {
  ids.forEach((s, i) => {
    if (ids.indexOf(s) !== i)
      ctx.addIssue({ code: 'custom', path: [i], message: 'progress.duplicate_status' })
  })
})

/** `status_ids` in order: the first is the initial status. */
export const progressInput = strict({ name, status_ids: statusIds.default([]) })
export const progressPatch = progressInput.partial()
export type ProgressInput = z.infer<typeof progressInput>

// ---- processes ----

const fieldName = z
  .string({ required_error: 'value_error.missing', invalid_type_error: 'value_error' })
  .trim()
  .min(1, 'value_error.missing')
  .max(63, 'value_error.any_str.max_length')

export const transitionInput = strict({
  from_status_id: id,
  to_status_id: id,
  right: z
    .enum(RIGHT_CODES, { errorMap: () => ({ message: 'value_error.enum' }) })
    .nullable()
    .default(null),
  team_ids: list(id, 50).default([]),
  required_fields: list(fieldName, 100).default([]),
})

export const fieldRuleInput = strict({
  status_id: id,
  field: fieldName,
  rule: z.enum(['required', 'readonly'], {
    errorMap: (_i, ctx) => ({ message: ctx.data === undefined ? 'value_error.missing' : 'value_error.enum' }),
  }),
})

export const processInput = strict({
  key: processKeySchema,
  name,
  description: description.default(''),
  progress_id: id,
  /** The form that creates and edits its tasks. */
  form_id: id.nullable().default(null),
  transitions: list(transitionInput).default([]),
  field_rules: list(fieldRuleInput).default([]),
})
export const processPatch = processInput.partial()
export type ProcessInput = z.infer<typeof processInput>
export type ProcessPatch = z.infer<typeof processPatch>
export type TransitionInput = z.infer<typeof transitionInput>
export type FieldRuleInput = z.infer<typeof fieldRuleInput>
