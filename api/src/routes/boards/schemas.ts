import { z } from 'zod'
import { idSchema } from '../../http/params'

/** Spec §3 grid layout item as stored: `i` is a bound widget's id. */
export const layoutItemSchema = z.object({
  i: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  w: z.number().int(),
  h: z.number().int(),
  static: z.boolean().optional(),
  minW: z.number().int().optional(),
  maxW: z.number().int().optional(),
  minH: z.number().int().optional(),
  maxH: z.number().int().optional(),
})

export const widgetSchema = z.object({
  id: z.string().uuid(),
  type: z.string(),
  title: z.string(),
  /** As its type's settings fields define them (spec §3 widget settings). */
  settings: z.record(z.unknown()),
  /** Task query text (PRODUCT.md §6); '' = every task the viewer may see. */
  query: z.string(),
  /** The boards it sits on. */
  board_ids: z.array(z.string().uuid()),
  created_at: z.string(),
  updated_at: z.string(),
})

export const boardSettingsOut = z.object({
  no_left_menu: z.boolean().optional(),
  no_top_menu: z.boolean().optional(),
})

/** The narrower breakpoints' layouts (PRODUCT.md §10): md 24, sm 12, xs 1 columns. */
const narrowLayouts = z.object({
  md: z.array(layoutItemSchema),
  sm: z.array(layoutItemSchema),
  xs: z.array(layoutItemSchema),
})

export const boardSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** The lg layout: the spec's 48 columns. */
  layout: z.array(layoutItemSchema),
  /** Every narrower breakpoint's layout: the board's own, or derived from the next wider one. */
  layouts: narrowLayouts,
  /** The breakpoints an administrator edited (the others are derived). */
  layouts_own: z.array(z.enum(['md', 'sm', 'xs'])),
  settings: boardSettingsOut,
  is_default: z.boolean(),
  /** The widgets bound to it. */
  widgets: z.array(widgetSchema),
  created_at: z.string(),
  updated_at: z.string(),
})

export const boardParams = z.object({ nodeId: idSchema, boardId: idSchema })
export const widgetParams = z.object({ nodeId: idSchema, widgetId: idSchema })

export const homeInput = z
  .object({
    board_id: z.union([idSchema, z.null()], {
      errorMap: (_, ctx) => ({
        message: ctx.data === undefined ? 'value_error.missing' : 'value_error.uuid',
      }),
    }),
  })
  .strict('value_error.extra')

/** GET /boards/{nodeId}/{boardId}/export: domain/boards/transfer.ts, as answered. */
export const boardDocumentOut = z.object({
  format: z.literal('nodus.board'),
  version: z.literal(1),
  board: z.object({
    name: z.string(),
    /** Items' `i` are the widgets' refs. */
    layout: z.array(layoutItemSchema),
    /** Only the breakpoints an administrator edited; the rest are derived on import. */
    layouts: narrowLayouts.partial(),
    settings: boardSettingsOut,
  }),
  widgets: z.array(
    z.object({
      ref: z.string(),
      type: z.string(),
      title: z.string(),
      settings: z.record(z.unknown()),
      query: z.string(),
    }),
  ),
})

export const importAnswerSchema = z.object({
  board: z.object({ name: z.string() }),
  /** What it creates (or, with dry_run or problems, would create). */
  widgets: z.array(z.object({ title: z.string(), type: z.string() })),
  /** Every problem found: `path` in the document (dotted), a catalogue code and its message. */
  problems: z.array(z.object({ path: z.string(), type: z.string(), msg: z.string() })),
  created: z.boolean(),
  board_id: z.string().uuid().optional(),
})
