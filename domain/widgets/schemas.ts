import { z } from 'zod'
import { layoutsPatchSchema } from '../boards/breakpoints'
import { layoutSchema } from '../boards/grid'
import { MAX_QUERY_LENGTH } from '../rql'
import { isWidgetType } from './registry'

/*
 * What an administrator sends to create and edit boards and widgets (spec §7 Boards, Widgets;
 * PRODUCT.md §7). The upstream validates with these; the admin forms use the same. A widget's
 * settings are checked against its type's settings fields by the upstream (they need the node's
 * fields), and its query by the query language's checker.
 */

const name = z
  .string({ required_error: 'value_error.missing', invalid_type_error: 'value_error' })
  .trim()
  .min(1, 'value_error.missing')
  .max(100, 'value_error.any_str.max_length')
const id = z
  .string({ required_error: 'value_error.missing', invalid_type_error: 'value_error' })
  .uuid('value_error.uuid')
const strict = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict('value_error.extra')

/** The node's menu options that apply on this board (spec §2: no_left_menu, no_top_menu). */
export const boardSettingsSchema = strict({
  no_left_menu: z.boolean({ invalid_type_error: 'value_error' }).optional(),
  no_top_menu: z.boolean({ invalid_type_error: 'value_error' }).optional(),
})

export const boardInput = strict({
  name,
  layout: layoutSchema.optional(),
  is_default: z.boolean({ invalid_type_error: 'value_error' }).optional(),
  settings: boardSettingsSchema.optional(),
})
/** An edit may also set the narrower breakpoints' layouts (null: derive it again). */
export const boardPatch = boardInput.partial().extend({ layouts: layoutsPatchSchema.optional() })

export const widgetType = z
  .string({ required_error: 'value_error.missing', invalid_type_error: 'value_error' })
  .refine(isWidgetType, 'widgets.unknown_type')

export const widgetInput = strict({
  type: widgetType,
  title: name,
  settings: z.record(z.unknown(), { invalid_type_error: 'value_error' }).optional(),
  /** The task query that selects its tasks; empty = every task the viewer may see. */
  query: z
    .string({ invalid_type_error: 'value_error' })
    .trim()
    .max(MAX_QUERY_LENGTH, 'value_error.any_str.max_length')
    .optional(),
})
/** A widget's type is fixed once made: its settings would mean something else under another. */
export const widgetPatch = widgetInput.omit({ type: true }).partial()

/** POST /widgets/bind-board/{nodeId}: put widgets on a board, or take them off with `unbind`. */
export const bindBoardInput = strict({
  board_id: id,
  widget_ids: z
    .array(id, { invalid_type_error: 'value_error' })
    .min(1, 'value_error.missing')
    .max(100, 'value_error.list.max_items'),
  unbind: z.boolean({ invalid_type_error: 'value_error' }).optional(),
})
