import type { WidgetCard } from '@domain/widgets/card'
import type { TFunction } from 'i18next'
import { displayValue } from '~/components/board/present.server'
import type { CardView } from './card-view'

/** The upstream's card with its values as text (spec §9 formats, references by name). */
export function cardView(card: WidgetCard, t: TFunction, locale: string): CardView {
  return {
    id: card.id,
    key: card.key,
    process_key: card.process_key,
    title: card.title,
    status: card.status,
    subtitle: card.subtitle ? displayValue(card.subtitle, card.subtitle.value, t, locale) || null : null,
    fields: card.fields.map((f) => ({
      name: f.name,
      title: f.title,
      text: displayValue(f, f.value, t, locale),
    })),
  }
}
