import { CalendarWidget } from './calendar/calendar-widget'
import { KanbanWidget } from './kanban/kanban-widget'
import { MapWidget } from './map/map-widget'
import { ScheduleWidget } from './schedule/schedule-widget'
import { TableWidget } from './table/table-widget'
import type { WidgetComponent, WidgetComponents } from './types'

/*
 * The browser half of each widget type (STYLE.md §7, §20), keyed by the domain's type names
 * (domain/widgets/kinds/index.ts). `Record<WidgetType, …>`: a type the domain adds (map,
 * schedule) fails the type check here until it has a component.
 */
export const widgetComponents: WidgetComponents = {
  table: TableWidget,
  calendar: CalendarWidget,
  map: MapWidget,
  schedule: ScheduleWidget,
  kanban: KanbanWidget,
}

/** The component of a type, or null for a type this build does not know (shown as such, not thrown). */
export function getWidgetComponent(type: string): WidgetComponent | null {
  return (widgetComponents as unknown as Record<string, WidgetComponent | undefined>)[type] ?? null
}
