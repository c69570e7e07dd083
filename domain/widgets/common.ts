import { z } from 'zod'
import type { FieldDefinition, FieldOption, FieldType } from '../fields/types'

/** What every widget shows of a task: enough for a link to its card and its status dot. */
export const taskSummarySchema = z.object({
  id: z.string().uuid(),
  key: z.string(),
  process_key: z.string(),
  title: z.string(),
  status: z.object({ id: z.string().uuid(), name: z.string(), color: z.string() }).nullable(),
})
export type TaskSummary = z.infer<typeof taskSummarySchema>

/** A widget setting: its name nests under `settings.` like a field type's settings do. */
export const setting = (
  key: string,
  type: FieldType,
  settings: FieldDefinition['settings'] = {},
): FieldDefinition => ({
  name: `settings.${key}`,
  type,
  title: `widgets.settings.${key}`,
  settings,
})

/** A select of the node's fields (value = field name), one or several. */
export const fieldSelect = (
  key: string,
  options: readonly FieldOption[],
  extra: FieldDefinition['settings'] = {},
) => setting(key, 'select', { options: [...options], ...extra })

/** A positive whole number from a query string, or the fallback (a bad value never errors). */
export function intParam(raw: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return fallback
  const n = Number(raw)
  return n >= 1 && n <= max ? n : fallback
}

/** A setting of a widget by its dotted name (`view.headers`), stored nested or flat. */
export function settingOf(settings: Record<string, unknown>, name: string): unknown {
  if (name in settings) return settings[name]
  let at: unknown = settings
  for (const part of name.split('.')) {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return undefined
    at = (at as Record<string, unknown>)[part]
  }
  return at
}
