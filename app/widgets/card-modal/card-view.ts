/*
 * The card modal's data as the browser shows it (the web resource
 * /resources/widget-card/{widgetId}/{taskId} answers it): the upstream's WidgetCard with every
 * value already text in the viewer's language, so the field registry never ships to the board page.
 */

export interface CardViewField {
  name: string
  /** A custom field's title, or a key (`fields.system.assignee`) the browser translates. */
  title: string
  text: string
}

export interface CardView {
  id: string
  key: string
  process_key: string
  title: string
  status: { id: string; name: string; color: string } | null
  subtitle: string | null
  fields: CardViewField[]
}

/** What the resource answers: the card, or why there is none (a catalogue code). */
export type CardAnswer = { card: CardView; error?: undefined } | { card?: undefined; error: string }
