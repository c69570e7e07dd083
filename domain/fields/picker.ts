import type { FieldDefinition } from './types'

/*
 * The date pickers' defaults (spec §9): Russian (the page's language, ru by default), not
 * clearable, no time picker, auto-apply on, action row hidden, labels Выбрать / Отменить / Сейчас,
 * UTC, six weeks, the calendar icon, not inline. Range and several-dates pickers use Select and
 * Cancel and do not auto-apply. One place says so, and the pickers read it rather than each
 * choosing for itself; a field's `settings.action_row` shows the row (Now) on a single picker.
 */

/** Pickers whose value is made of several days: nothing applies until Select. */
const SELECT_CANCEL = new Set<string>(['daterange', 'multidate'])

/** The i18n keys of the action row's buttons (spec §9 labels, ru: Выбрать, Отменить, Сейчас). */
export const PICKER_LABELS = {
  select: 'fields.picker.select',
  cancel: 'fields.picker.cancel',
  now: 'fields.picker.now',
} as const

/** The calendar always shows six weeks, so the popover keeps its size from month to month. */
export const PICKER_WEEKS = 6

export interface PickerOptions {
  clearable: boolean
  timePicker: boolean
  /** A chosen value applies and closes the picker at once. */
  autoApply: boolean
  /** The row under the calendar: Now on single pickers, Cancel and Select on the others. */
  actionRow: boolean
  utc: boolean
  weeks: number
  icon: 'calendar'
  inline: boolean
  labels: typeof PICKER_LABELS
}

export const PICKER_DEFAULTS: PickerOptions = {
  clearable: false,
  timePicker: false,
  autoApply: true,
  actionRow: false,
  utc: true,
  weeks: PICKER_WEEKS,
  icon: 'calendar',
  inline: false,
  labels: PICKER_LABELS,
}

/** A picker's options: the spec's defaults, the kind's own, then the field's `action_row`. */
export function pickerOptions(def: Pick<FieldDefinition, 'type' | 'settings'>): PickerOptions {
  const several = SELECT_CANCEL.has(def.type)
  return {
    ...PICKER_DEFAULTS,
    timePicker: def.type === 'datetime',
    autoApply: !several,
    actionRow: several || def.settings.action_row === true,
  }
}
