import { calendar } from './calendar'
import { map } from './map'
import { table } from './table'

/** Every widget type, in the order a type picker shows them. Map and schedule join here. */
export const kinds = [table, calendar, map] as const
