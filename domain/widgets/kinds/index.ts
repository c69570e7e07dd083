import { calendar } from './calendar'
import { kanban } from './kanban'
import { map } from './map'
import { schedule } from './schedule'
import { table } from './table'

/** Every widget type, in the order a type picker shows them. */
export const kinds = [table, calendar, schedule, map, kanban] as const
