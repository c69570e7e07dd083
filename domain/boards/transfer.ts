import { z } from 'zod'
import { MAX_QUERY_LENGTH } from '../rql'
import { boardSettingsSchema } from '../widgets/schemas'
import { GRID } from './grid'

/*
 * A board's export (GET /boards/{nodeId}/{boardId}/export) and what an import takes (POST
 * /boards/{nodeId}/import): the board and its widgets with nothing that is one node's — no ids.
 * Widgets are named by a `ref` of the document's own, which the layout's items use as their `i`;
 * fields are named by name in settings and queries are text, so the same document fits any node
 * whose fields have those names. The upstream checks the widgets against the importing node.
 */

export const BOARD_EXPORT_FORMAT = 'nodus.board'
export const BOARD_EXPORT_VERSION = 1

const INVALID = 'boards.import_invalid'
const text = (max: number) =>
  z
    .string({ required_error: 'value_error.missing', invalid_type_error: INVALID })
    .trim()
    .min(1, 'value_error.missing')
    .max(max, 'value_error.any_str.max_length')

export const exportedWidgetSchema = z.object({
  /** The document's name for the widget: the layout's items name it. */
  ref: text(100),
  type: text(50),
  title: text(100),
  settings: z.record(z.unknown(), { invalid_type_error: INVALID }).optional(),
  query: z
    .string({ invalid_type_error: INVALID })
    .max(MAX_QUERY_LENGTH, 'value_error.any_str.max_length')
    .optional(),
})

export const boardDocumentSchema = z.object(
  {
    format: z.literal(BOARD_EXPORT_FORMAT, { errorMap: () => ({ message: INVALID }) }),
    version: z.literal(BOARD_EXPORT_VERSION, { errorMap: () => ({ message: INVALID }) }),
    board: z.object(
      {
        name: text(100),
        /** Checked as a board layout (spec §5) when imported; a problem is reported, not fatal. */
        layout: z.array(z.unknown(), { invalid_type_error: INVALID }).max(GRID.maxItems).optional(),
        /** The narrower breakpoints' own layouts ({ md?, sm?, xs? }), checked like `layout`. */
        layouts: z.record(z.unknown(), { invalid_type_error: INVALID }).optional(),
        settings: boardSettingsSchema.optional(),
      },
      { required_error: INVALID, invalid_type_error: INVALID },
    ),
    widgets: z
      .array(exportedWidgetSchema, { required_error: INVALID, invalid_type_error: INVALID })
      .max(GRID.maxItems, 'value_error.list.max_items'),
  },
  { required_error: INVALID, invalid_type_error: INVALID },
)
export type BoardDocument = z.infer<typeof boardDocumentSchema>

export const boardImportInput = z
  .object({
    /** Left unchecked here: the upstream reports a document that is not one as boards.import_invalid. */
    document: z.unknown(),
    /** Only report what would be created. */
    dry_run: z.boolean({ invalid_type_error: 'value_error' }).optional(),
  })
  .strict('value_error.extra')
