import { kinds } from './kinds'
import type { WidgetKind } from './types'

/*
 * The widget-type registry, like the field registry (domain/fields/registry.ts): nothing else
 * branches on a widget type's name.
 */

export type WidgetType = (typeof kinds)[number]['type']

const byType = new Map<string, WidgetKind>()
for (const kind of kinds) {
  if (byType.has(kind.type)) throw new Error(`Widget type "${kind.type}" is registered twice`)
  byType.set(kind.type, kind as WidgetKind)
}

export function isWidgetType(type: unknown): type is WidgetType {
  return typeof type === 'string' && byType.has(type)
}

/** The type's entry. Throws for a name no entry has: a widget's type is checked when saved. */
export function getWidgetType(type: string): WidgetKind {
  const kind = byType.get(type)
  if (!kind) throw new Error(`Unknown widget type "${type}"`)
  return kind
}

export function listWidgetTypes(): readonly WidgetKind[] {
  return [...byType.values()]
}
