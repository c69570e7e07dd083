import {
  fieldRuleInput,
  processInput,
  progressInput,
  statusInput,
  teamInput,
  transitionInput,
  WORKFLOW_LIST_MAX,
} from '@domain/workflow/schemas'
import { z } from 'zod'
import type { Schema } from '~/lib/upstream/types'
import { splitTags } from '../ui/tags'

/*
 * The forms of the workflow admin pages, one schema each, imported by the component (conform
 * validates in the browser) and by the action (the same parse on the server). They are the
 * domain's own schemas — the ones the upstream validates with — made from the same fields, without
 * `strict()` (a form also posts its intent and CSRF token), and with what a form posts as text
 * turned into what the upstream takes. Messages are catalogue codes.
 */

const id = z.string({ required_error: 'value_error.missing' }).uuid('value_error.uuid')

/** Add and Editing of a status: name, description, colour (the tasks table's dot). */
export const statusFormSchema = z.object(statusInput.shape)
export type StatusFormValue = z.output<typeof statusFormSchema>

/** Add and Editing of a team: name and description (members are added in the Editing dialog). */
export const teamFormSchema = z.object(teamInput.shape)

/** Editing → add a member of the node to the team. */
export const memberFormSchema = z.object({ user_id: id })

/**
 * Empty entries out of a posted list: the progress editor's "add a status" select is the list's
 * next entry, empty until a status is chosen (so that adding works without JavaScript).
 */
export function dropEmpty(value: unknown): unknown {
  if (value === undefined || value === null) return value
  const list = Array.isArray(value) ? value : [value]
  return list.filter((v) => v !== '' && v !== undefined && v !== null)
}

/** Add and Editing of a progress: its name and its statuses in order (the first is the initial one). */
export const progressFormSchema = z.object({
  name: progressInput.shape.name,
  status_ids: z.preprocess(dropEmpty, progressInput.shape.status_ids),
})
export type ProgressFormValue = z.output<typeof progressFormSchema>

const t = transitionInput.shape

/** A transition row: required fields arrive as comma-separated text (a tag field). */
export const transitionFormSchema = z.object({
  from_status_id: t.from_status_id,
  to_status_id: t.to_status_id,
  right: t.right,
  team_ids: t.team_ids,
  required_fields: z
    .string({ invalid_type_error: 'value_error' })
    .optional()
    .transform(splitTags)
    .pipe(t.required_fields.removeDefault()),
})

export const fieldRuleFormSchema = z.object(fieldRuleInput.shape)

const p = processInput.shape
const rows = <T extends z.ZodTypeAny>(row: T) =>
  z.array(row).max(WORKFLOW_LIST_MAX, 'value_error.list.max_items').default([])

/** Add and Editing of a process; the value is the upstream's body as it is (POST, or PATCH of all). */
export const processFormSchema = z.object({
  key: p.key,
  name: p.name,
  description: p.description,
  progress_id: p.progress_id,
  form_id: id.optional().transform((v) => v ?? null),
  transitions: rows(transitionFormSchema),
  field_rules: rows(fieldRuleFormSchema),
})
export type ProcessFormValue = z.output<typeof processFormSchema>

/** A process as the upstream answers it. */
export type ProcessRow = Schema<'Process'>

/** What the process form starts from: the stored process, lists as the form's fields hold them. */
export function processDraft(p: ProcessRow) {
  return {
    key: p.key,
    name: p.name,
    description: p.description,
    progress_id: p.progress_id,
    form_id: p.form_id ?? '',
    transitions: p.transitions.map((tr) => ({
      from_status_id: tr.from_status_id,
      to_status_id: tr.to_status_id,
      right: tr.right ?? '',
      team_ids: tr.team_ids,
      required_fields: tr.required_fields.join(', '),
    })),
    field_rules: p.field_rules.map((r) => ({ status_id: r.status_id, field: r.field, rule: r.rule })),
  }
}
