import { GRID, layoutSchemaOf } from '@domain/boards/grid'
import type { DetailEntry } from '@domain/errors/catalogue'
import { buildFormSchema } from '@domain/fields/form'
import type { FieldDefinition, FieldType } from '@domain/fields/types'
import { checkQueryText, type RqlError } from '@domain/rql'
import { boardInput, widgetInput, widgetType } from '@domain/widgets/schemas'
import { z } from 'zod'
import { type ShownRqlError, shownFromDetail } from '../rql/errors'

/*
 * The forms of /admin/widgets and /admin/boards, one schema each, imported by the component (conform
 * validates in the browser) and by the action (the same parse on the server). They are made of the
 * domain's own rules (domain/widgets/schemas, domain/boards/grid, domain/rql), without `strict()` (a
 * form also posts its intent and CSRF token), with what a form posts as text turned into what the
 * upstream takes. Messages are catalogue codes.
 */

const id = z.string({ required_error: 'value_error.missing' }).uuid('value_error.uuid')

/* ---------- widgets ---------- */

/** Add: the type (fixed from then on) and the title; the settings and query come in Editing. */
export const widgetNewSchema = z.object({ type: widgetType, title: widgetInput.shape.title })

/** A field of the node as GET /fields lists it, as the query checker takes it. */
export interface NodeField {
  name: string
  type: string
  title: string
  settings: Record<string, unknown>
  structure: { name: string; type: string; title: string; settings: Record<string, unknown> }[] | null
  system: boolean
}

/** The node's custom fields as definitions: the keys a query may use beyond the system ones. */
export function customDefinitions(fields: readonly NodeField[]): FieldDefinition[] {
  return fields
    .filter((f) => !f.system)
    .map((f) => ({
      name: f.name,
      type: f.type as FieldType,
      title: f.title,
      settings: f.settings,
      ...(f.structure
        ? {
            structure: f.structure.map((c) => ({
              name: c.name,
              type: c.type as FieldType,
              title: c.title,
              settings: c.settings,
            })),
          }
        : {}),
    }))
}

/**
 * A query error as a form error: conform carries strings, the editor needs the reason, its
 * placeholders and where it is (to underline it). `rql:` + JSON; readRqlError reads it back.
 */
export const encodeRqlError = (e: RqlError) =>
  `rql:${JSON.stringify({ code: e.code, message: e.message, params: e.params, position: e.position, end: e.end })}`

export type { ShownRqlError }

/** A form error of the query field: one this module encoded, or a plain code (the upstream's). */
export function readRqlError(error: string): ShownRqlError {
  if (error.startsWith('rql:')) {
    try {
      return JSON.parse(error.slice(4)) as ShownRqlError
    } catch {
      // fall through: shown as the code it is
    }
  }
  return { code: error, message: error, params: {} }
}

/**
 * The upstream's refusal of a query (rqlDetail: the code, the reason and the place in `ctx`) as
 * the editor's form error, so it reads like the browser's own check: other entries as they are.
 */
export function queryDetail(entry: DetailEntry): DetailEntry {
  const shown = entry.loc?.join('.') === 'body.query' ? shownFromDetail(entry) : null
  return shown ? { ...entry, type: `rql:${JSON.stringify(shown)}` } : entry
}

/** The query, checked as the upstream checks it (domain/rql) against the node's custom fields. */
export function querySchema(custom: readonly FieldDefinition[]) {
  return widgetInput.shape.query.transform((text, ctx) => {
    const query = text ?? ''
    if (query) {
      const checked = checkQueryText(query, custom)
      if (!checked.ok)
        for (const e of checked.errors) ctx.addIssue({ code: 'custom', message: encodeRqlError(e) })
    }
    return query
  })
}

/**
 * Editing of a widget: its title, its query, and its type's settings form (the registry's field
 * definitions named `settings.…`, the generic form's own schema). The value is the PATCH body.
 */
export function widgetEditSchema(settings: readonly FieldDefinition[], custom: readonly FieldDefinition[]) {
  return buildFormSchema(settings).extend({ title: widgetInput.shape.title, query: querySchema(custom) })
}

/* ---------- boards ---------- */

/** Add: the name; the rest is set in Editing. */
export const boardNewSchema = z.object({ name: boardInput.shape.name })

/** An unchecked box posts nothing: that means "off", not "leave as it was". */
const flag = z.boolean({ invalid_type_error: 'value_error' }).default(false)

/** Editing → the board itself: name, default board, the menu options on it. */
export const boardFormSchema = z
  .object({ name: boardInput.shape.name, is_default: flag, no_left_menu: flag, no_top_menu: flag })
  .transform(({ name, is_default, no_left_menu, no_top_menu }) => ({
    name,
    is_default,
    settings: { no_left_menu, no_top_menu },
  }))

/** Editing → put a widget on the board, or take one off. */
export const bindFormSchema = z.object({ widget_id: id })

/**
 * Editing → the layout: x, y, w, h of each widget on it (numeric fields without JavaScript, the
 * grid's positions with it), validated and clamped by the grid rules of spec §5.
 */
export const layoutFormSchemaAt = (cols: number) => z.object({ layout: layoutSchemaOf(cols).default([]) })
/** The layout form of the 48-column grid (lg, the board's main layout). */
export const layoutFormSchema = layoutFormSchemaAt(GRID.cols)

/* ---------- import ---------- */

/** Import: the document, from a file or pasted; `dry_run` first, then the import itself. */
export const importFormSchema = z.object({
  text: z
    .string({ required_error: 'admin_boards.import.missing', invalid_type_error: 'value_error' })
    .trim()
    .min(1, 'admin_boards.import.missing')
    .max(1_000_000, 'value_error.any_str.max_length')
    .transform((text, ctx) => {
      try {
        const value: unknown = JSON.parse(text)
        if (value && typeof value === 'object' && !Array.isArray(value))
          return value as Record<string, unknown>
      } catch {
        // below
      }
      ctx.addIssue({ code: 'custom', message: 'admin_boards.import.invalid_json' })
      return z.NEVER
    }),
})
