import { z } from 'zod'
import { taskSummarySchema } from './common'

/*
 * The card modal (spec §2 Widgets, §3 widget settings): what a map or schedule shows of one task
 * when it is clicked — its title, a subtitle (settings.view.subtitle_field), its status with the
 * coloured dot, the read-only fields the widget names (settings.view.fields) and the way to its
 * card (key, process_key). Values are as stored, each with its field's definition, so the web app
 * formats them by the field registry in the viewer's language.
 */

/** The widget settings the card reads (spec §3 widget settings). */
export const CARD_SUBTITLE_SETTING = 'view.subtitle_field'
export const CARD_FIELDS_SETTING = 'view.fields'

const cardField = z.object({
  name: z.string(),
  /** A custom field's title, or `fields.system.{name}` (a key to translate). */
  title: z.string(),
  type: z.string(),
  /** The definition's settings (a select's options…): what its display needs. */
  settings: z.record(z.unknown()),
  value: z.unknown(),
})
export type WidgetCardField = z.infer<typeof cardField>

export const widgetCardSchema = taskSummarySchema.extend({
  subtitle: cardField.nullable(),
  fields: z.array(cardField),
})
export type WidgetCard = z.infer<typeof widgetCardSchema>
