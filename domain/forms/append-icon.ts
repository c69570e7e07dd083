/*
 * A form field's appendIcon (spec §3 form field settings): the icon after its control. The date
 * pickers default to 'calendar' (spec §3, §9 calendar icon) and the time picker keeps its clock;
 * other types have none unless the form gives one. null in a form: no icon, even on a date picker.
 * The names are the icons the web app draws (app/fields/append-icon.tsx), so a form cannot name one
 * that does not exist.
 */

export const APPEND_ICONS = [
  'calendar',
  'clock',
  'search',
  'user',
  'users',
  'mail',
  'phone',
  'link',
  'lock',
  'flag',
  'bell',
  'home',
] as const
export type AppendIcon = (typeof APPEND_ICONS)[number]

/** Types whose control is a date picker (spec §9: the calendar icon by default). */
const DATE_PICKERS = new Set([
  'date',
  'datetime',
  'month',
  'year',
  'quarter',
  'week',
  'daterange',
  'multidate',
])

/** The icon a field of `type` shows: the form's choice (null: none), else the type's default. */
export function appendIconOf(type: string, chosen?: AppendIcon | null): AppendIcon | null {
  if (chosen !== undefined) return chosen
  if (DATE_PICKERS.has(type)) return 'calendar'
  return type === 'time' || type === 'timerange' ? 'clock' : null
}
